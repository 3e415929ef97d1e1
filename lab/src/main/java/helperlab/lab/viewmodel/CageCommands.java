package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveRun;
import helperlab.lab.remote.CageStatus;
import helperlab.protocol.ctl.PolicySwitched;
import helperlab.protocol.ctl.PressAnswer;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Executor;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** The status panel's commands to a connected cage: pushing a policy, and the big button. */
final class CageCommands {
  private static final String PRESS_FAILED = "The cage did not take the batch";

  private final Executor ui;
  private final CageLink link;
  private final LiveViewModel exhibit;
  private final StringProperty policy = new SimpleStringProperty();
  private final StringProperty policyResult = new SimpleStringProperty("");
  private final StringProperty pressResult = new SimpleStringProperty("");
  private final StringProperty pressScenario = new SimpleStringProperty("calm");

  CageCommands(Executor ui, CageLink link, LiveViewModel exhibit, String policy) {
    this.ui = ui;
    this.link = link;
    this.exhibit = exhibit;
    this.policy.set(policy);
  }

  /** Pushes the chosen policy to the cage's supervisor ({@code set-policy}). */
  void pushPolicy() {
    String p = policy.get();
    link.send("Cannot set the policy to " + p, c -> {
      PolicySwitched r = c.setPolicy(p);
      String was = r.was() == null ? "" : r.was();
      CageStatus st = CageStatus.of(c.status());
      ui.execute(() -> {
        link.statusProperty().set(st);
        policyResult.set("The cage now runs " + st.policy() + (was.isEmpty() ? "" : " (was " + was + ")"));
      });
    }, policyResult);
  }

  /** The big button, on the real cage: one batch drawn from the scenario's mix ({@code press}). */
  void press() {
    String scenario = pressScenario.get();
    LiveRun r = exhibit.runProperty().get();
    if (r != null && exhibit.isActive()) {
      r.press();
    }
    link.send(PRESS_FAILED, c -> {
      PressAnswer p = c.press(scenario);
      String text = p.wasAdmitted()
          ? "Batch " + p.batch() + " (" + p.images() + " images, " + p.preset()
              + ") admitted; deadline " + deadline(p.deadline())
          : "Batch " + p.batch() + " refused: " + p.reason() + " (retry after "
              + p.retryAfterS() + " s)";
      ui.execute(() -> {
        pressResult.set(text);
        if (link.errorProperty().get().startsWith(PRESS_FAILED)) {
          link.errorProperty().set(""); // the refusal before this one is over
        }
      });
    }, pressResult);
    link.refreshNow();
  }

  /** An ISO instant as the lab's local time of day and how far off it is ("14:32:05, in 45 s"). */
  static String deadline(String iso) {
    try {
      Instant at = Instant.parse(iso);
      long in = Duration.between(Instant.now(), at).toSeconds();
      return DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault())
          .format(at) + (in >= 0 ? ", in " + in + " s" : ", " + -in + " s ago");
    } catch (DateTimeParseException e) {
      return iso;
    }
  }

  /** The cage's answers are the connection's: they go with it. */
  void forgetAnswers() {
    pressResult.set("");
    policyResult.set("");
  }

  StringProperty policyProperty() {
    return policy;
  }

  StringProperty policyResultProperty() {
    return policyResult;
  }

  StringProperty pressResultProperty() {
    return pressResult;
  }

  StringProperty pressScenarioProperty() {
    return pressScenario;
  }
}
