package helperlab.lab.viewmodel;

import helperlab.model.DataFile;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.study.PolicyFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Live view's policy form: the chosen policy's knobs (a built-in's, or one opened from a file) in plain fields,
 * checked as they are typed, each wrong one told what is wrong in words. A policy changed here is a policy of its
 * own: it gets an id of its own as soon as a knob differs ("box" becomes "box-mine", shown in the Id field), never the
 * id of the policy it came from, since every run record, table and comparison knows a policy by its id. The next run
 * (the Run button or the big button) runs what the form holds ({@link #commit()}); Save as… writes it as a policy
 * file that {@code sweep --policies} and the lab's File… read back to the same policy.
 */
public final class PolicyFormViewModel {
  private final OwnPolicies policies;
  private final StringProperty chosen;
  private final Notices notices;
  private final Executor ui;
  private final PolicyFormFields fields = new PolicyFormFields();
  private final BooleanProperty changed = new SimpleBooleanProperty();
  private final BooleanProperty valid = new SimpleBooleanProperty(true);
  private final StringProperty status = new SimpleStringProperty("");
  private final StringProperty problems = new SimpleStringProperty("");
  /** The policy shown when the form was last filled: what "changed" is measured against. */
  private PolicySpec loaded;
  /** What the fields say now, or null when a field is wrong. */
  private PolicySpec current;
  /** The id the form gave the changed policy, while the user has not typed one of their own. */
  private String autoId;
  /** True once the user typed in the Id field (until the form is filled again): their id is kept, or refused. */
  private boolean idTyped;
  /** True while the form writes its own fields (filling them, or the id it chose): not the user's edits. */
  private boolean writing;

  /**
   * @param chosen the Live view's chosen policy id: the form follows it, and a committed form chooses its policy
   */
  public PolicyFormViewModel(OwnPolicies policies, StringProperty chosen, Notices notices, Executor ui) {
    this.policies = policies;
    this.chosen = chosen;
    this.notices = notices;
    this.ui = ui;
    for (PolicyField f : fields.all()) {
      f.text().addListener((o, a, b) -> edited(f));
    }
    chosen.addListener((o, a, b) -> load(b));
    load(chosen.get());
  }

  /** The form's fields, in order, sections by {@link PolicyField#section()}. */
  public List<PolicyField> fields() {
    return fields.all();
  }

  public PolicyField field(String key) {
    return fields.get(key);
  }

  /** Shows the policy of this id in the form (a built-in or an opened one); an unknown id leaves it as it is. */
  public void load(String id) {
    PolicySpec p;
    try {
      p = policies.spec(id);
    } catch (IllegalArgumentException e) {
      return;
    }
    // a file's explicit "honour" is the default written out: the same policy as one that leaves it out
    loaded = p.withRetryAfter(p.client().retryAfterOrHonour());
    autoId = null;
    idTyped = false;
    writing = true;
    try {
      fields.show(loaded);
    } finally {
      writing = false;
    }
    check();
  }

  /** The chosen policy again, as it was before the edits. */
  public void revert() {
    load(chosen.get());
  }

  private void edited(PolicyField f) {
    if (writing) {
      return;
    }
    if (f.key().equals("id")) {
      idTyped = true; // the user named it: kept as typed, or refused (a built-in's id for other settings)
      autoId = null;
    }
    if (f.key().equals("family") || f.key().equals("help_budget.on")) {
      fields.showSections();
    }
    check();
  }

  /** Reads the fields: the policy they make, whether it differs from the one loaded, and what is wrong. */
  private void check() {
    if (loaded == null) {
      return;
    }
    PolicyField idField = fields.get("id");
    String id = idField.text().get() == null ? "" : idField.text().get().trim();
    boolean idIsTheForms = !idTyped && (id.equals(loaded.id()) || id.equals(autoId));
    PolicySpec asLoaded = fields.read(loaded.id());
    if (asLoaded != null && idIsTheForms) {
      boolean differs = !asLoaded.equals(loaded);
      String want = differs ? (autoId != null ? autoId : freshId()) : loaded.id();
      autoId = differs ? want : null;
      if (!want.equals(id)) {
        writing = true;
        try {
          idField.text().set(want);
        } finally {
          writing = false;
        }
        id = want;
      }
    }
    current = fields.read(id);
    if (current != null) {
      String clash = PolicyFiles.clash(current);
      if (clash != null) {
        idField.problem().set(clash);
        current = null;
      }
    }
    valid.set(current != null);
    changed.set(current == null || !current.equals(loaded));
    problems.set(fields.problems());
    status.set(statusText());
  }

  private String statusText() {
    if (current == null) {
      String[] lines = problems.get().split("\n");
      return (lines.length == 1 ? "One thing to fix: " : lines.length + " things to fix; first: ") + lines[0];
    }
    if (!changed.get()) {
      return (PolicyCatalog.has(current.id()) ? "The built-in policy " : "Your policy ") + current.id()
          + ". Change a field to make a policy of your own.";
    }
    return (current.id().equals(loaded.id()) ? "Changed: " : "Changed from " + loaded.id() + ": ") + "the next run "
        + "runs it as " + current.id() + ", a policy of its own (Save as… keeps it in a file).";
  }

  /** An id no policy has: the one loaded with "-mine" (then "-mine-2", ...), as PolicyFiles suggests. */
  private String freshId() {
    String base = loaded.id().replaceFirst("-mine(-\\d+)?$", "");
    base = base.substring(0, Math.min(base.length(), 54));
    for (int n = 1; ; n++) {
      String c = base + "-mine" + (n == 1 ? "" : "-" + n);
      if (!PolicyCatalog.has(c) && policies.own(c).isEmpty()) {
        return c;
      }
    }
  }

  /**
   * Makes what the form holds the chosen policy, for the next run: true when it is (or nothing changed); false,
   * with the problems in the banner, when a field is wrong.
   */
  public boolean commit() {
    if (!changed.get()) {
      return true;
    }
    if (current == null) {
      notices.error("Cannot use the policy in the form: " + problems.get().replace("\n", "; "));
      return false;
    }
    PolicySpec p = current;
    policies.add(p);
    loaded = p;
    autoId = null;
    idTyped = false;
    chosen.set(p.id()); // shows it again, unchanged
    check();
    notices.info("The policy form's " + p.id() + " is chosen: the next run runs it");
    return true;
  }

  /**
   * Writes the form's policy as a policy file (".json" added when the name lacks it) and reads it back to check it
   * is the same policy; the file written, or a failed future with the reason in the banner.
   */
  public CompletableFuture<Path> saveAs(Path file) {
    if (!commit()) {
      return CompletableFuture.failedFuture(new IllegalArgumentException(problems.get()));
    }
    PolicySpec p = loaded;
    Path f = file.getFileName().toString().endsWith(".json") ? file : file.resolveSibling(file.getFileName() + ".json");
    CompletableFuture<Path> done = new CompletableFuture<>();
    CompletableFuture.runAsync(() -> {
      try {
        DataFile.write(f, p);
        if (!PolicyFiles.read(f).equals(p)) {
          throw new IllegalStateException("it reads back as another policy");
        }
        ui.execute(() -> {
          notices.info("Saved the policy " + p.id() + " to " + f + ": open it with File…, or run it with "
              + "helper-lab sweep --policies " + f.getFileName());
          done.complete(f);
        });
      } catch (Exception e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        ui.execute(() -> {
          notices.error("Cannot save the policy to " + f + ": " + why);
          done.completeExceptionally(e);
        });
      }
    });
    return done;
  }

  /**
   * Opens a policy file (JSON, as {@code sweep --policies} reads) and chooses its policy for the next run; false,
   * with an error in plain words, when the file cannot be read or takes a built-in policy's id.
   */
  public boolean open(Path file) {
    try {
      String id = policies.open(file).id();
      chosen.set(id);
      notices.info("Opened the policy " + id + " from " + file.getFileName() + ": the next run runs it");
      return true;
    } catch (RuntimeException e) {
      notices.error("Cannot open the policy file " + file.getFileName() + ": " + e.getMessage());
      return false;
    }
  }

  /** A name for Save as…: the policy's id. */
  public String fileName() {
    String id = fields.get("id").text().get();
    return (id == null || id.isBlank() ? "policy" : id.trim()) + ".json";
  }

  /** True when the form holds other settings than the chosen policy's (or a wrong field). */
  public ReadOnlyBooleanProperty changedProperty() {
    return changed;
  }

  /** False while a field is wrong. */
  public ReadOnlyBooleanProperty validProperty() {
    return valid;
  }

  /** One line on what the form holds: the built-in, a changed policy and the id it runs as, or what to fix. */
  public ReadOnlyStringProperty statusProperty() {
    return status;
  }

  /** Every wrong field, one a line, each named in words and by its key in a file. */
  public ReadOnlyStringProperty problemsProperty() {
    return problems;
  }
}
