package helperlab.lab.viewmodel;

import helperlab.lab.remote.RemoteSettings;
import helperlab.remote.CageLifecycle;
import helperlab.remote.ControlException;
import helperlab.remote.CredentialsPrompt;
import helperlab.remote.DeployOptions;
import helperlab.remote.DeployReport;
import helperlab.remote.Deployer;
import helperlab.remote.HostKeyPrompt;
import helperlab.remote.ServerCheck;
import helperlab.remote.ServerJar;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Deploy, Stop and Uninstall from the Remote cage tab: the same {@link Deployer} and
 * {@link CageLifecycle} as {@code helper-lab deploy}, run in the background, each step it reports
 * added to {@link #steps()} as it happens, a failure shown with its message (which carries the log's
 * tail). A deployed cage's {@code ctl} command is handed to {@code onDeployed}, so the tab connects.
 */
public final class DeployViewModel {
  /** Where deploy puts the cage, relative to the login's home (the command the lab connects with). */
  public static final String REMOTE_CTL = "helper-lab/helper-lab ctl --data helper-lab/cage-data";

  private final Executor ui;
  private final Notices notices;
  private final ExecutorService work = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "deploy");
    t.setDaemon(true);
    return t;
  });
  private final ObservableList<String> steps = FXCollections.observableArrayList();
  private final BooleanProperty busy = new SimpleBooleanProperty();
  private final StringProperty outcome = new SimpleStringProperty("");

  public DeployViewModel(Executor ui, Notices notices) {
    this.ui = ui;
    this.notices = notices;
  }

  private interface Job {
    String run(Deployer d, Consumer<String> step) throws ControlException;
  }

  private void start(String title, RemoteSettings s, HostKeyPrompt hostKeys, CredentialsPrompt credentials, Job job) {
    if (busy.get()) {
      return;
    }
    busy.set(true);
    steps.setAll(title);
    outcome.set("");
    work.execute(() -> {
      // the copy's progress replaces its previous line: one line that counts up, not ten
      Consumer<String> step = line -> ui.execute(() -> {
        if (line.startsWith("copied ") && !steps.isEmpty() && steps.get(steps.size() - 1).startsWith("copied ")) {
          steps.set(steps.size() - 1, line);
        } else {
          steps.add(line);
        }
      });
      String result;
      boolean ok;
      try {
        result = job.run(new Deployer(s.toSsh(), hostKeys, credentials), step);
        ok = true;
      } catch (ControlException | RuntimeException e) {
        result = title + " failed: " + (e.getMessage() == null ? "no reason given" : e.getMessage());
        ok = false;
      }
      String r = result;
      boolean good = ok;
      ui.execute(() -> {
        steps.add(r);
        outcome.set(r);
        busy.set(false);
        if (good) {
          notices.info(r);
        } else {
          notices.error(r);
        }
      });
    });
  }

  /**
   * Deploys this build to the server of {@code s} ({@code --private-services} and {@code --install} as
   * asked), then hands the ctl command to {@code onDeployed} (on the UI thread).
   */
  public void deploy(RemoteSettings s, boolean privateServices, boolean install, HostKeyPrompt hostKeys,
      CredentialsPrompt credentials, Consumer<RemoteSettings> onDeployed) {
    start("Deploy to " + s.describe(), s, hostKeys, credentials, (d, step) -> {
      Path jar = ServerJar.forRunning(runningJar());
      DeployOptions o = new DeployOptions(null, null, List.of(), null, 0, privateServices, null, null, install);
      step.accept("checking the server");
      for (ServerCheck.Item i : d.check(o, 5432, 6379)) {
        step.accept("  " + i);
      }
      DeployReport r = d.deploy(jar, o, step);
      RemoteSettings connect = new RemoteSettings(s.host(), s.port(), s.user(), s.keyFile(), s.jump(), REMOTE_CTL,
          s.knownHosts());
      ui.execute(() -> onDeployed.accept(connect));
      return String.format(java.util.Locale.ROOT, "Deployed in %.1f s: the cage runs as %s; %s", r.elapsedMs() / 1000.0,
          r.startedAs(), r.services());
    });
  }

  /** {@link #deploy(RemoteSettings, boolean, boolean, HostKeyPrompt, CredentialsPrompt, Consumer)}, asking the window. */
  public void deploy(RemoteSettings s, boolean privateServices, boolean install, SshQuestions asks,
      Consumer<RemoteSettings> onDeployed) {
    deploy(s, privateServices, install, asks.hostKeys(), asks.credentials(), onDeployed);
  }

  /** {@link #stop(RemoteSettings, HostKeyPrompt, CredentialsPrompt)}, asking the window. */
  public void stop(RemoteSettings s, SshQuestions asks) {
    stop(s, asks.hostKeys(), asks.credentials());
  }

  /** {@link #uninstall(RemoteSettings, boolean, HostKeyPrompt, CredentialsPrompt)}, asking the window. */
  public void uninstall(RemoteSettings s, boolean purge, SshQuestions asks) {
    uninstall(s, purge, asks.hostKeys(), asks.credentials());
  }

  /** Stops the cage and its private services on the server of {@code s}. */
  public void stop(RemoteSettings s, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    start("Stop the cage on " + s.describe(), s, hostKeys, credentials, (d, step) -> {
      new CageLifecycle(d, DeployOptions.defaults()).stop().forEach(step);
      return "Stopped the cage on " + s.describe();
    });
  }

  /** Uninstalls what deploy made on the server of {@code s} (the data stays unless {@code purge}). */
  public void uninstall(RemoteSettings s, boolean purge, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    start("Uninstall from " + s.describe(), s, hostKeys, credentials, (d, step) -> {
      new CageLifecycle(d, DeployOptions.defaults()).uninstall(purge).forEach(step);
      return "Uninstalled from " + s.describe() + (purge ? " (data removed)" : " (data kept)");
    });
  }

  /** The jar the lab runs from: the thing to deploy (a class directory, as in development, is not). */
  static Path runningJar() {
    try {
      Path p = Path.of(DeployViewModel.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) {
        return p;
      }
      throw new IllegalStateException("the lab is not running from a jar (" + p + "): build one with mvn package and"
          + " run it with java -jar, or deploy with helper-lab deploy --jar");
    } catch (URISyntaxException | SecurityException e) {
      throw new IllegalStateException("cannot tell which jar the lab runs from: deploy with helper-lab deploy --jar");
    }
  }

  /** The steps of the last deploy, stop or uninstall, as they happened. */
  public ObservableList<String> steps() {
    return steps;
  }

  public ReadOnlyBooleanProperty busyProperty() {
    return busy;
  }

  /** How the last one ended, in words ("" while running or before any). */
  public ReadOnlyStringProperty outcomeProperty() {
    return outcome;
  }

  public void shutdown() {
    work.shutdownNow();
  }
}
