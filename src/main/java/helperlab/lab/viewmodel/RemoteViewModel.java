package helperlab.lab.viewmodel;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import helperlab.lab.live.LiveRun;
import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.Speed;
import helperlab.lab.remote.CageRun;
import helperlab.lab.remote.CageSource;
import helperlab.lab.remote.CageStatus;
import helperlab.lab.remote.RemoteSettings;
import helperlab.lab.remote.SessionCredentials;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import helperlab.remote.ControlTransport;
import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import helperlab.remote.SshSettings;
import helperlab.remote.SshTransport;
import helperlab.runs.Replay;
import helperlab.sim.Trigger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Remote cage view without a window: the connection (SSH, or any {@link ControlTransport}), the
 * cage's status refreshed every few seconds, pushing a policy, the big button on the real cage, and
 * exhibits streamed through the live machinery ({@link #exhibit()}, a {@link LiveViewModel} over a
 * {@link CageSource}). All talking to the cage happens on background threads; results come back
 * on the UI executor, and every failure is a message, never a dead window.
 */
public final class RemoteViewModel {
  /** Where the connection is. */
  public enum Connection { DISCONNECTED, CONNECTING, CONNECTED }

  private static final long REFRESH_MS = 2_000;
  private static final String PRESS_FAILED = "The cage did not take the batch";

  private final Executor ui;
  private final Notices notices;
  private final LabPrefs prefs;
  private final RunLibrary library;
  private final CageSource source = new CageSource();
  private final ObjectProperty<TriggerChoice> exhibitTrigger = new SimpleObjectProperty<>();
  private final DeployViewModel deploy;
  private final LiveViewModel exhibit;
  // one thread for requests, so the cage sees them in the order they were made
  private final ExecutorService requests = Executors.newSingleThreadExecutor(daemon("cage-requests"));
  private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(daemon("cage-status"));
  private ScheduledFuture<?> refreshing;
  private volatile CageClient client;
  private SessionCredentials secrets; // the connection's passphrase, in memory only while connected
  private int generation; // UI thread: which connection a late answer belongs to

  private final ObjectProperty<RemoteSettings> settings = new SimpleObjectProperty<>();
  private final ObjectProperty<Connection> connection = new SimpleObjectProperty<>(Connection.DISCONNECTED);
  private final StringProperty connectionText = new SimpleStringProperty("Not connected");
  private final StringProperty cage = new SimpleStringProperty("");
  private final StringProperty error = new SimpleStringProperty("");
  private final ObjectProperty<CageStatus> status = new SimpleObjectProperty<>();
  private final StringProperty policy = new SimpleStringProperty();
  private final StringProperty policyResult = new SimpleStringProperty("");
  private final StringProperty pressResult = new SimpleStringProperty("");
  private final StringProperty link = new SimpleStringProperty("");
  private final StringProperty pushScenario = new SimpleStringProperty("calm");
  private final ObjectProperty<RunRecord> replay = new SimpleObjectProperty<>();
  private final BooleanProperty calibrating = new SimpleBooleanProperty();
  private final StringProperty calibrationProgress = new SimpleStringProperty("");

  public RemoteViewModel(RunLibrary library, Notices notices, Executor ui, LabPrefs prefs) {
    this.ui = ui;
    this.notices = notices;
    this.prefs = prefs;
    this.library = library;
    this.deploy = new DeployViewModel(ui, notices);
    LiveSettings initial;
    try {
      initial = new LiveSettings(prefs.remotePolicy, prefs.remoteScenario, "cage", prefs.remoteSeed, "edf-fit");
    } catch (IllegalArgumentException e) {
      initial = new LiveSettings("pool-edf-10", "calm", "cage", 0, "edf-fit");
    }
    this.exhibit = new LiveViewModel(source, library, notices, ui, initial, Speed.X1);
    RemoteSettings d = RemoteSettings.defaults();
    settings.set(new RemoteSettings(or(prefs.remoteHost, d.host()), prefs.remotePort > 0 ? prefs.remotePort : 22,
        or(prefs.remoteUser, d.user()), or(prefs.remoteKey, d.keyFile()), or(prefs.remoteJump, ""),
        or(prefs.remoteCommand, d.remoteCommand()), or(prefs.remoteKnownHosts, d.knownHosts())));
    policy.set(PolicyCatalog.ids().contains(prefs.remotePolicy) ? prefs.remotePolicy : "pool-edf-10");
    exhibit.runProperty().addListener((o, a, b) -> replay.set(null));
    exhibit.lastRecordProperty().addListener((o, a, b) -> replayExactly(b));
  }

  /**
   * When an exhibit's record is in, the live overlay (seed calibration, the simulator's images) is
   * replaced by the exact replay: the record's own batches, images and calibration scaled by its
   * speed probe, as {@code helper-lab replay} does; saved to the history beside the record.
   */
  private void replayExactly(RunRecord record) {
    if (record == null || !RunRecord.KIND_REAL.equals(record.kind())) {
      return;
    }
    requests.execute(() -> {
      try {
        RunRecord r = Replay.of(record);
        // kept beside the record ({id}-replay.json.gz, replay_of its id), so Runs and Compare find the pair
        String saveError = null;
        try {
          library.saveToHistoryNow(r);
        } catch (java.io.IOException | RuntimeException e) {
          saveError = "Cannot save the replay of " + record.id() + " to the history: " + message(e);
        }
        String error = saveError;
        ui.execute(() -> {
          if (error != null) {
            showError(error);
          }
          library.refresh();
          if (exhibit.lastRecordProperty().get() == record) {
            replay.set(r);
          }
        });
      } catch (RuntimeException e) {
        ui.execute(() -> showError("Cannot replay " + record.id() + " in the simulator: " + message(e)));
      }
    });
  }

  private static String or(String s, String fallback) {
    return s == null ? fallback : s;
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  // ---- connecting -------------------------------------------------------------------------------

  /**
   * Connects over SSH with the dialog's settings (remembered, without secrets); the prompts are
   * asked from the connecting thread (they show dialogs and wait for the answer).
   */
  public boolean connect(RemoteSettings s, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    SshSettings ssh;
    try {
      ssh = s.toSsh();
    } catch (IllegalArgumentException e) {
      showError("Cannot connect: " + e.getMessage());
      return false;
    }
    settings.set(s);
    remember(s);
    disconnect();
    SessionCredentials kept = new SessionCredentials(credentials);
    boolean started = connect(new SshTransport(ssh, hostKeys, kept), s.describe());
    secrets = kept; // after connect(), whose disconnect() forgets the previous connection's
    return started;
  }

  /** Connects through any transport (a local cage's {@code ctl}, or SSH). */
  public boolean connect(ControlTransport transport, String label) {
    disconnect();
    int gen = ++generation;
    connection.set(Connection.CONNECTING);
    connectionText.set("Connecting to " + label + "…");
    error.set("");
    CageClient c = new CageClient(transport);
    requests.execute(() -> {
      try {
        CageStatus st = CageStatus.of(c.status());
        ui.execute(() -> connected(gen, c, st, label));
      } catch (ControlException | RuntimeException e) {
        c.close();
        ui.execute(() -> {
          if (gen == generation) {
            forgetSecrets(); // a wrong passphrase must be asked again next time
            connection.set(Connection.DISCONNECTED);
            connectionText.set("Not connected");
            showError("Cannot connect to " + label + ": " + message(e));
          }
        });
      }
    });
    return true;
  }

  private void connected(int gen, CageClient c, CageStatus st, String label) {
    if (gen != generation) {
      c.close(); // disconnected (or reconnected elsewhere) meanwhile
      return;
    }
    client = c;
    source.connectTo(c);
    source.machine(st.machine());
    status.set(st);
    cage.set(label);
    connection.set(Connection.CONNECTED);
    connectionText.set("Connected to " + label + " (" + c.transport().describe() + ")");
    notices.info("Connected to the cage at " + label);
    refreshing = refresher.scheduleWithFixedDelay(() -> refresh(gen), REFRESH_MS, REFRESH_MS, TimeUnit.MILLISECONDS);
  }

  /** Closes the connection (a running exhibit stops streaming; the cage goes on with it). */
  public void disconnect() {
    generation++;
    if (refreshing != null) {
      refreshing.cancel(false);
      refreshing = null;
    }
    if (exhibit.isActive()) {
      exhibit.reset();
    }
    forgetSecrets();
    CageClient c = client;
    client = null;
    source.connectTo(null);
    if (c != null) {
      requests.execute(c::close);
    }
    cage.set("");
    connection.set(Connection.DISCONNECTED);
    connectionText.set("Not connected");
    status.set(null);
    pressResult.set(""); // answers of the cage left behind
    policyResult.set("");
  }

  /** An ISO instant as the lab's local time of day and how far off it is ("14:32:05, in 45 s"). */
  static String deadline(String iso) {
    try {
      java.time.Instant at = java.time.Instant.parse(iso);
      long in = java.time.Duration.between(java.time.Instant.now(), at).toSeconds();
      return java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss").withZone(java.time.ZoneId.systemDefault())
          .format(at) + (in >= 0 ? ", in " + in + " s" : ", " + -in + " s ago");
    } catch (java.time.format.DateTimeParseException e) {
      return iso;
    }
  }

  private void refresh(int gen) {
    CageClient c = client;
    if (c == null) {
      return;
    }
    try {
      CageStatus st = CageStatus.of(c.status());
      ui.execute(() -> {
        if (gen == generation) {
          status.set(st);
          source.machine(st.machine());
          if (error.get().startsWith("Lost the cage")) {
            error.set("");
          }
        }
      });
    } catch (ControlException | RuntimeException e) {
      ui.execute(() -> {
        if (gen == generation) {
          error.set("Lost the cage's status: " + message(e) + " (trying again)");
        }
      });
    }
  }

  /** Asks for the cage's status now. */
  public void refreshNow() {
    int gen = generation;
    requests.execute(() -> refresh(gen));
  }

  // ---- commands ---------------------------------------------------------------------------------

  /** Pushes the chosen policy to the cage's supervisor ({@code set-policy}). */
  public void pushPolicy() {
    String p = policy.get();
    run("Cannot set the policy to " + p, c -> {
      JsonNode r = c.setPolicy(p);
      String was = r.path("was").asText("");
      CageStatus st = CageStatus.of(c.status());
      ui.execute(() -> {
        status.set(st);
        policyResult.set("The cage now runs " + st.policy() + (was.isEmpty() ? "" : " (was " + was + ")"));
      });
    }, policyResult);
  }

  /**
   * Measures the cage ({@code calibrate} on the server; {@code quick}: the short ladder, minutes); its
   * lines show as they come; the following exhibits use the calibration it leaves.
   */
  public void calibrate(boolean quick) {
    if (calibrating.get()) {
      return;
    }
    calibrating.set(true);
    calibrationProgress.set((quick ? "Quick" : "Full") + " calibration starting on the cage…");
    int gen = generation;
    CageClient c = client;
    if (c == null) {
      calibrating.set(false);
      calibrationProgress.set("");
      showError("Cannot calibrate: not connected to a cage");
      return;
    }
    requests.execute(() -> {
      long t0 = System.nanoTime();
      try {
        JsonNode done = c.calibrate(quick, line -> ui.execute(() -> {
          if (gen == generation) {
            calibrationProgress.set(line);
          }
        }));
        CageStatus st = CageStatus.of(c.status());
        String text = String.format(java.util.Locale.ROOT, "Calibrated in %.0f s: %s", (System.nanoTime() - t0) / 1e9,
            done.path("calibration").asText());
        ui.execute(() -> {
          calibrating.set(false);
          if (gen == generation) {
            status.set(st);
            calibrationProgress.set(text);
            notices.info(text);
          }
        });
      } catch (ControlException | RuntimeException e) {
        ui.execute(() -> {
          calibrating.set(false);
          if (gen == generation) {
            calibrationProgress.set("The calibration failed: " + message(e));
            showError("The calibration failed: " + message(e));
          }
        });
      }
    });
  }

  /** True when the cage runs on a calibration measured on it (its replays are comparisons). */
  public boolean cageCalibrated() {
    CageStatus st = status.get();
    return st != null && st.calibrated();
  }

  /** True when {@code record} was made with a calibration measured on its cage. */
  public static boolean calibrated(RunRecord record) {
    return record != null && record.calibration() != null
        && record.calibration().measuredOnACage();
  }

  /** The big button, on the real cage: one batch drawn from the scenario's mix ({@code press}). */
  public void press() {
    String scenario = pushScenario.get();
    LiveRun r = exhibit.runProperty().get();
    if (r != null && exhibit.isActive()) {
      r.press();
    }
    run(PRESS_FAILED, c -> {
      JsonNode p = c.press(scenario);
      String text = p.path("admitted").asBoolean()
          ? "Batch " + p.path("batch").asText() + " (" + p.path("images").asInt() + " images, " + p.path("preset").asText()
              + ") admitted; deadline " + deadline(p.path("deadline").asText())
          : "Batch " + p.path("batch").asText() + " refused: " + p.path("reason").asText() + " (retry after "
              + p.path("retry_after_s").asText() + " s)";
      ui.execute(() -> {
        pressResult.set(text);
        if (error.get().startsWith(PRESS_FAILED)) {
          error.set(""); // the refusal before this one is over
        }
      });
    }, pressResult);
    refreshNow();
  }

  /** Starts an exhibit of the chosen policy, scenario and seed on the cage and streams it. */
  public boolean startExhibit() {
    if (client == null) {
      showError("Connect to a cage first");
      return false;
    }
    LiveSettings s = exhibit.settings();
    try {
      source.trigger(exhibitTrigger(exhibitTrigger.get(), source.durationS()));
    } catch (IllegalArgumentException e) {
      showError("Cannot start the exhibit: " + e.getMessage());
      return false;
    }
    prefs.remotePolicy = s.policy();
    prefs.remoteScenario = s.scenario();
    prefs.remoteSeed = s.seed();
    return exhibit.start();
  }

  /**
   * The trigger an exhibit plays for a choice (null: none): from a third of the exhibit, for a third
   * of it but at most a minute, so the run has a baseline before and time to recover after.
   */
  public static Trigger exhibitTrigger(TriggerChoice c, double exhibitS) {
    if (c == null) {
      return null;
    }
    double third = exhibitS / 3;
    return new Trigger(Trigger.Kind.of(c.kind()), third, Math.min(TriggerChoice.DURATION_S, third), c.size());
  }

  /** The choices the cage plays (spikes and slowdowns; a cost jump is the simulator's only). */
  public static List<TriggerChoice> exhibitTriggerChoices() {
    return Arrays.stream(TriggerChoice.values()).filter(c -> !"cost_jump".equals(c.kind())).toList();
  }

  /** The trigger the next exhibit plays (null: none). */
  public ObjectProperty<TriggerChoice> exhibitTriggerProperty() {
    return exhibitTrigger;
  }

  /** How long exhibits run (seconds of the cage's clock; one minute by default). */
  public void setExhibitSeconds(double seconds) {
    source.durationS(seconds);
  }

  private interface Request {
    void send(CageClient c) throws ControlException;
  }

  private void run(String failure, Request r, StringProperty resultField) {
    CageClient c = client;
    if (c == null) {
      showError(failure + ": not connected to a cage");
      return;
    }
    int gen = generation;
    requests.execute(() -> {
      try {
        r.send(c);
      } catch (ControlException | RuntimeException e) {
        ui.execute(() -> {
          if (gen == generation) {
            resultField.set(failure + ": " + message(e));
            showError(failure + ": " + message(e));
          }
        });
      }
    });
  }

  private void forgetSecrets() {
    if (secrets != null) {
      secrets.forget();
      secrets = null;
    }
  }

  private void showError(String text) {
    error.set(text);
    notices.error(text);
  }

  private static String message(Exception e) {
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  private void remember(RemoteSettings s) {
    prefs.remoteHost = s.host();
    prefs.remotePort = s.port();
    prefs.remoteUser = s.user();
    prefs.remoteKey = s.keyFile();
    prefs.remoteJump = s.jump();
    prefs.remoteCommand = s.remoteCommand();
    prefs.remoteKnownHosts = s.knownHosts();
  }

  /** Every frame: the exhibit's readouts and the link's state. */
  public void poll() {
    exhibit.poll();
    if (exhibit.runProperty().get() instanceof CageRun r) {
      link.set(r.link());
    }
  }

  /** The exhibit as the charts draw it, and the simulator's replay beside it (null before a run). */
  public List<PlottedRun> plotted() {
    List<PlottedRun> out = new ArrayList<>();
    PlottedRun real = exhibit.plotted();
    if (real == null) {
      return out;
    }
    LiveRun r = exhibit.runProperty().get();
    out.add(new PlottedRun(real.label().replaceFirst("^live ", "cage "), real.samples(), status.get() == null
        ? real.memoryLimitMb() : status.get().memoryMb()));
    if (r instanceof CageRun c) {
      LiveSamples replay = c.replaySamples();
      if (replay != null) {
        out.add(new PlottedRun("simulator " + r.settings().policy() + (cageCalibrated() ? "" : " (uncalibrated)"), replay,
            out.get(0).memoryLimitMb()));
      }
    }
    return out;
  }

  /** The times the link to the cage was down during the exhibit ({from, to} in run seconds). */
  public List<double[]> gaps() {
    List<double[]> out = new ArrayList<>();
    if (exhibit.runProperty().get() instanceof CageRun r) {
      for (CageRun.Gap g : r.gaps()) {
        out.add(new double[] {g.fromS(), g.toS()});
      }
    }
    return out;
  }

  /** Ends what runs in the background (window closing): the exhibit stops streaming, the link closes. */
  public void shutdown() {
    deploy.shutdown();
    exhibit.shutdown();
    disconnect();
    refresher.shutdownNow();
    requests.shutdown();
  }

  // ---- properties -------------------------------------------------------------------------------

  public LiveViewModel exhibit() {
    return exhibit;
  }

  /** Deploy, Stop and Uninstall on the server. */
  public DeployViewModel deploy() {
    return deploy;
  }

  public CageSource source() {
    return source;
  }

  public ObjectProperty<RemoteSettings> settingsProperty() {
    return settings;
  }

  public ReadOnlyObjectProperty<Connection> connectionProperty() {
    return connection;
  }

  /** The cage connected to ({@code user@host}, as the connection was named); empty when not connected. */
  public ReadOnlyStringProperty cageProperty() {
    return cage;
  }

  public ReadOnlyStringProperty connectionTextProperty() {
    return connectionText;
  }

  /** The last failure, in words ("" when none). */
  public StringProperty errorProperty() {
    return error;
  }

  public ReadOnlyObjectProperty<CageStatus> statusProperty() {
    return status;
  }

  /** The policy to push. */
  public StringProperty policyProperty() {
    return policy;
  }

  public ReadOnlyStringProperty policyResultProperty() {
    return policyResult;
  }

  public ReadOnlyStringProperty pressResultProperty() {
    return pressResult;
  }

  /** The mix the big button draws a batch from. */
  public StringProperty pressScenarioProperty() {
    return pushScenario;
  }

  /** The exact replay of the last exhibit's record (null until it is in). */
  public ReadOnlyObjectProperty<RunRecord> replayProperty() {
    return replay;
  }

  /** A calibration is running on the cage. */
  public ReadOnlyBooleanProperty calibratingProperty() {
    return calibrating;
  }

  /** The calibration's last line, or its outcome. */
  public ReadOnlyStringProperty calibrationProgressProperty() {
    return calibrationProgress;
  }

  /** The exhibit stream's link, in words. */
  public ReadOnlyStringProperty linkProperty() {
    return link;
  }
}
