package helperlab.lab.viewmodel;

import helperlab.charts.PlottedRun;
import helperlab.lab.live.Speed;
import helperlab.lab.remote.CageSource;
import helperlab.lab.remote.CageStatus;
import helperlab.lab.remote.RemoteSettings;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.remote.ControlTransport;
import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import helperlab.remote.SshSettings;
import helperlab.workload.Trigger;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;

/**
 * The Remote cage view without a window: the connection ({@link CageLink}: SSH, or any
 * {@link ControlTransport}, the cage's status refreshed every few seconds), the status panel's
 * commands ({@link CageCommands}: pushing a policy, the big button; {@link RemoteCalibration}), and
 * exhibits ({@link ExhibitControl}) streamed through the live machinery ({@link #exhibit()}, a
 * {@link LiveViewModel} over a {@link CageSource}) with the simulator's replay beside them
 * ({@link ExhibitOverlay}). All talking to the cage happens on background threads; results come back
 * on the UI executor, and every failure is a message, never a dead window.
 */
public final class RemoteViewModel {
  /** Where the connection is. */
  public enum Connection { DISCONNECTED, CONNECTING, CONNECTED }

  private final LabPrefs prefs;
  private final CageSource source = new CageSource();
  private final DeployViewModel deploy;
  private final LiveViewModel exhibit;
  private final CageLink link;
  private final CageCommands commands;
  private final RemoteCalibration calibration;
  private final ExhibitControl exhibits;
  private final ExhibitOverlay overlay;
  private final ObjectProperty<RemoteSettings> settings = new SimpleObjectProperty<>();

  public RemoteViewModel(RunLibrary library, Notices notices, Executor ui, LabPrefs prefs) {
    this.prefs = prefs;
    this.deploy = new DeployViewModel(ui, notices);
    this.exhibit = new LiveViewModel(source, library, notices, ui, ExhibitControl.remembered(prefs), Speed.X1);
    RemoteSettings d = RemoteSettings.defaults();
    settings.set(new RemoteSettings(or(prefs.remoteHost, d.host()), prefs.remotePort > 0 ? prefs.remotePort : 22,
        or(prefs.remoteUser, d.user()), or(prefs.remoteKey, d.keyFile()), or(prefs.remoteJump, ""),
        // the old default named a command a standard deploy does not leave on the PATH: read it as the new one
        SshSettings.OLD_DEFAULT_REMOTE_COMMAND.equals(prefs.remoteCommand) ? d.remoteCommand()
            : or(prefs.remoteCommand, d.remoteCommand()), or(prefs.remoteKnownHosts, d.knownHosts())));
    this.link = new CageLink(ui, notices, source, this::leaving);
    // an exhibit whose stream broke follows again, and its record is fetched, when the cage answers again
    link.onBack(c -> {
      if (exhibit.runProperty().get() instanceof helperlab.lab.remote.RemoteRun run) {
        run.resumeOn(c);
      }
    });
    this.commands = new CageCommands(ui, link, exhibit,
        PolicyCatalog.ids().contains(prefs.remotePolicy) ? prefs.remotePolicy : "pool-edf-10");
    this.calibration = new RemoteCalibration(ui, notices, link);
    this.exhibits = new ExhibitControl(prefs, link, source, exhibit);
    this.overlay = new ExhibitOverlay(ui, library, link, exhibit);
  }

  private static String or(String s, String fallback) {
    return s == null ? fallback : s;
  }

  /** What goes when the connection does: a streaming exhibit stops (the cage goes on), the cage's answers. */
  private void leaving() {
    if (exhibit.isActive()) {
      exhibit.reset();
    }
    commands.forgetAnswers();
  }

  // ---- connecting -------------------------------------------------------------------------------

  /**
   * Connects over SSH with the dialog's settings (remembered, without secrets); the prompts are
   * asked from the connecting thread (they show dialogs and wait for the answer).
   */
  public boolean connect(RemoteSettings s, SshQuestions asks) {
    return connect(s, asks.hostKeys(), asks.credentials());
  }

  /** {@link #connect(RemoteSettings, SshQuestions)} with the transport's own prompts (scripts, tests). */
  public boolean connect(RemoteSettings s, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    SshSettings ssh;
    try {
      ssh = s.toSsh();
    } catch (IllegalArgumentException e) {
      link.showError("Cannot connect: " + e.getMessage());
      return false;
    }
    settings.set(s);
    remember(s);
    return link.connect(ssh, s.describe(), hostKeys, credentials);
  }

  /** Connects through any transport (a local cage's {@code ctl}, or SSH). */
  public boolean connect(ControlTransport transport, String label) {
    return link.connect(transport, label);
  }

  /** Closes the connection (a running exhibit stops streaming; the cage goes on with it). */
  public void disconnect() {
    link.disconnect();
  }

  /** Asks for the cage's status now. */
  public void refreshNow() {
    link.refreshNow();
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

  // ---- commands ---------------------------------------------------------------------------------

  /** Pushes the chosen policy to the cage's supervisor ({@code set-policy}). */
  public void pushPolicy() {
    commands.pushPolicy();
  }

  /**
   * Measures the cage ({@code calibrate} on the server; {@code quick}: the short ladder, minutes); its
   * lines show as they come; the following exhibits use the calibration it leaves.
   */
  public void calibrate(boolean quick) {
    calibration.calibrate(quick);
  }

  /** True when the cage runs on a calibration measured on it (its replays are comparisons). */
  public boolean cageCalibrated() {
    CageStatus st = link.statusProperty().get();
    return st != null && st.calibrated();
  }

  /** True when {@code record} was made with a calibration measured on its cage. */
  public static boolean calibrated(RunRecord record) {
    return record != null && record.calibration() != null
        && record.calibration().measuredOnACage();
  }

  /** The big button, on the real cage: one batch drawn from the scenario's mix ({@code press}). */
  public void press() {
    commands.press();
  }

  /** Starts an exhibit of the chosen policy, scenario and seed on the cage and streams it. */
  public boolean startExhibit() {
    return exhibits.start();
  }

  /**
   * The trigger an exhibit plays for a choice (null: none): from a third of the exhibit, for a third
   * of it but at most a minute, so the run has a baseline before and time to recover after.
   */
  public static Trigger exhibitTrigger(TriggerChoice c, double exhibitS) {
    return ExhibitControl.trigger(c, exhibitS);
  }

  /** The choices the cage plays (spikes and slowdowns; a cost jump is the simulator's only). */
  public static List<TriggerChoice> exhibitTriggerChoices() {
    return ExhibitControl.choices();
  }

  /** The trigger the next exhibit plays (null: none). */
  public ObjectProperty<TriggerChoice> exhibitTriggerProperty() {
    return exhibits.triggerProperty();
  }

  /** How long exhibits run (seconds of the cage's clock; one minute by default). */
  public void setExhibitSeconds(double seconds) {
    exhibits.seconds(seconds);
  }

  /** Every frame: the exhibit's readouts and the link's state. */
  public void poll() {
    overlay.poll();
  }

  /** The exhibit as the charts draw it, and the simulator's replay beside it (null before a run). */
  public List<PlottedRun> plotted() {
    return overlay.plotted(cageCalibrated());
  }

  /** The times the link to the cage was down during the exhibit ({from, to} in run seconds). */
  public List<double[]> gaps() {
    return overlay.gaps();
  }

  /**
   * The exhibit's run time from which the values shown are stale (its link down or stalled since
   * then), NaN while its stream is live: the readouts and the charts' values at the pointer say so.
   */
  public double exhibitStaleFromS() {
    return overlay.staleFromS();
  }

  /** Ends what runs in the background (window closing): the exhibit stops streaming, the link closes. */
  public void shutdown() {
    deploy.shutdown();
    exhibit.shutdown();
    link.shutdown();
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
    return link.connectionProperty();
  }

  /** The cage connected to ({@code user@host}, as the connection was named); empty when not connected. */
  public ReadOnlyStringProperty cageProperty() {
    return link.cageProperty();
  }

  public ReadOnlyStringProperty connectionTextProperty() {
    return link.connectionTextProperty();
  }

  /** The last failure, in words ("" when none). */
  /** The cage's status shown is from before the link went (it is being asked again). */
  public javafx.beans.property.ReadOnlyBooleanProperty staleProperty() {
    return link.staleProperty();
  }

  /** The status stopped being asked after the give-up time: Retry asks again. */
  public javafx.beans.property.ReadOnlyBooleanProperty gaveUpProperty() {
    return link.gaveUpProperty();
  }

  public void retry() {
    link.retry();
  }

  /** How a cage that stopped answering is retried (for tests: a short give-up time). */
  void pacing(helperlab.remote.Backoff.Policy policy) {
    link.pacing(policy);
  }

  public StringProperty errorProperty() {
    return link.errorProperty();
  }

  public ReadOnlyObjectProperty<CageStatus> statusProperty() {
    return link.statusProperty();
  }

  /** The policy to push. */
  public StringProperty policyProperty() {
    return commands.policyProperty();
  }

  public ReadOnlyStringProperty policyResultProperty() {
    return commands.policyResultProperty();
  }

  public ReadOnlyStringProperty pressResultProperty() {
    return commands.pressResultProperty();
  }

  /** The mix the big button draws a batch from. */
  public StringProperty pressScenarioProperty() {
    return commands.pressScenarioProperty();
  }

  /** The last exhibit's record and its exact replay as the charts draw them (empty until both are in). */
  public List<PlottedRun> recordedPair() {
    return overlay.recorded();
  }

  /** The last exhibit's record was made on a calibration measured on its cage (its replay is a comparison). */
  public boolean recordCalibrated() {
    return calibrated(exhibit().lastRecordProperty().get());
  }

  /** The last exhibit's record's trigger, as the charts shade it (none without a record). */
  public List<TriggerWindow> recordTriggerWindows() {
    RunRecord r = exhibit().lastRecordProperty().get();
    return r == null ? List.of() : TriggerWindow.ofRecords(List.of(r));
  }

  /**
   * Whether the host starved the run, in words (null: not, or not known). Once an exhibit has ended its record
   * speaks for the run on the charts; until then (and with no exhibit) the cage's status speaks for the run that is
   * on, as measured so far.
   */
  public String starvedNote() {
    RunRecord record = exhibit().lastRecordProperty().get();
    CageStatus s = statusProperty().get();
    return record != null && !exhibit().isActive() ? RecordWords.starvedNote(record) : s != null ? s.starvedNote()
        : null;
  }

  /** The exact replay of the last exhibit's record (null until it is in). */
  public ReadOnlyObjectProperty<RunRecord> replayProperty() {
    return overlay.replayProperty();
  }

  /** A calibration is running on the cage. */
  public ReadOnlyBooleanProperty calibratingProperty() {
    return calibration.calibratingProperty();
  }

  /** The calibration's last line, or its outcome. */
  public ReadOnlyStringProperty calibrationProgressProperty() {
    return calibration.progressProperty();
  }

  /** The exhibit stream's link, in words. */
  public ReadOnlyStringProperty linkProperty() {
    return overlay.linkProperty();
  }
}
