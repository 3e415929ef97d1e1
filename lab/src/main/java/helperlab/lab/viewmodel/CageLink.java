package helperlab.lab.viewmodel;

import helperlab.lab.remote.CageSource;
import helperlab.lab.remote.CageStatus;
import helperlab.lab.remote.SessionCredentials;
import helperlab.lab.viewmodel.RemoteViewModel.Connection;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import helperlab.remote.ControlTransport;
import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import helperlab.remote.SshSettings;
import helperlab.remote.SshTransport;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import helperlab.remote.Backoff;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The connection to one cage: connecting (SSH, or any {@link ControlTransport}), its status refreshed
 * every few seconds ({@link CageStatusRefresh}), and the one request thread every command to the cage
 * goes through. A late answer of an earlier connection is dropped by its generation; every failure is a
 * message.
 */
final class CageLink {
  private final Executor ui;
  private final Notices notices;
  private final CageSource source;
  private final Runnable leaving; // what goes with the connection: a streaming exhibit, the cage's answers
  // one thread for requests, so the cage sees them in the order they were made
  private final ExecutorService requests = Executors.newSingleThreadExecutor(daemon("cage-requests"));
  private final CageStatusRefresh refresh;
  private volatile CageClient client;
  private SessionCredentials secrets; // the connection's passphrase, in memory only while connected
  private int generation; // UI thread: which connection a late answer belongs to
  private java.util.function.Consumer<CageClient> back = c -> { };

  private final ObjectProperty<Connection> connection = new SimpleObjectProperty<>(Connection.DISCONNECTED);
  private final StringProperty connectionText = new SimpleStringProperty("Not connected");
  private final StringProperty cage = new SimpleStringProperty("");
  private final StringProperty error = new SimpleStringProperty("");
  private final ObjectProperty<CageStatus> status = new SimpleObjectProperty<>();

  CageLink(Executor ui, Notices notices, CageSource source, Runnable leaving) {
    this.ui = ui;
    this.notices = notices;
    this.source = source;
    this.leaving = leaving;
    this.refresh = new CageStatusRefresh(this, ui, notices);
  }

  /** A request to the cage, sent from the request thread. */
  interface Request {
    void send(CageClient c) throws ControlException;
  }

  static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /** Connects over SSH; the prompts are asked from the connecting thread. */
  boolean connect(SshSettings ssh, String label, HostKeyPrompt hostKeys, CredentialsPrompt credentials) {
    disconnect();
    SessionCredentials kept = new SessionCredentials(credentials);
    boolean started = connect(new SshTransport(ssh, hostKeys, kept), label);
    secrets = kept; // after connect(), whose disconnect() forgets the previous connection's
    return started;
  }

  boolean connect(ControlTransport transport, String label) {
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
    refresh.start(gen);
    back.accept(c);
  }

  /** What to do on the UI thread whenever the cage answers (an exhibit whose stream was lost follows again). */
  void onBack(java.util.function.Consumer<CageClient> whenBack) {
    back = whenBack;
  }

  /** How a cage that stopped answering is retried (tests use a short give-up time). */
  void pacing(Backoff.Policy policy) {
    refresh.pacing(policy);
  }

  /** After the refresh gave up: ask the cage again, from the first delay. */
  void retry() {
    if (client == null) {
      return;
    }
    refresh.retry(generation);
  }

  void disconnect() {
    generation++;
    refresh.stop();
    leaving.run();
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
    refresh.clearMarks();
  }

  /** A status the refresh brought (UI thread, this connection's). */
  void showStatus(CageStatus st) {
    status.set(st);
    source.machine(st.machine());
  }

  /** The cage answered again (UI thread, this connection's). */
  void answered(CageClient c) {
    back.accept(c);
  }

  BooleanProperty staleProperty() {
    return refresh.staleProperty();
  }

  BooleanProperty gaveUpProperty() {
    return refresh.gaveUpProperty();
  }

  void refreshNow() {
    int gen = generation;
    requests.execute(() -> refresh.refresh(gen));
  }

  /**
   * Sends {@code r} on the request thread; a failure of this connection goes to {@code resultField}
   * and the error line as "{@code failure}: why".
   */
  void send(String failure, Request r, StringProperty resultField) {
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

  /** Runs work on the request thread, after the requests made before it. */
  void inOrder(Runnable work) {
    requests.execute(work);
  }

  /** The connected client (null when not connected). */
  CageClient client() {
    return client;
  }

  /** Which connection this is (UI thread); an answer for another is late. */
  int generation() {
    return generation;
  }

  boolean current(int gen) {
    return gen == generation;
  }

  private void forgetSecrets() {
    if (secrets != null) {
      secrets.forget();
      secrets = null;
    }
  }

  void showError(String text) {
    error.set(text);
    notices.error(text);
  }

  static String message(Exception e) {
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }

  void shutdown() {
    disconnect();
    refresh.shutdown();
    requests.shutdown();
  }

  ObjectProperty<Connection> connectionProperty() {
    return connection;
  }

  StringProperty connectionTextProperty() {
    return connectionText;
  }

  StringProperty cageProperty() {
    return cage;
  }

  StringProperty errorProperty() {
    return error;
  }

  ObjectProperty<CageStatus> statusProperty() {
    return status;
  }
}
