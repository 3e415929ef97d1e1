package helperlab.lab.view;

import helperlab.lab.viewmodel.SshQuestions;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The SSH transport's questions as dialogs: it asks from its connecting thread, the dialog shows on
 * the FX thread, and the connecting thread waits for the answer (never the FX thread for the network).
 * Secrets typed here go to the transport and are not kept.
 */
final class FxPrompts implements SshQuestions {
  static final ButtonType TRUST = new ButtonType("Trust", ButtonBar.ButtonData.OK_DONE);

  private final Window owner;
  private final Supplier<java.util.List<String>> stylesheets;

  FxPrompts(Window owner, Supplier<java.util.List<String>> stylesheets) {
    this.owner = owner;
    this.stylesheets = stylesheets;
  }

  @Override
  public boolean trustNewHost(String host, String keyType, String fingerprint) {
    return onFx(() -> {
      Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", TRUST, ButtonType.CANCEL);
      OwnedDialogs.own(a, owner);
      a.setTitle("Unknown host");
      a.setHeaderText("The host " + host + " is not in your known_hosts file.");
      Label text = new Label("Its " + keyType + " key has the fingerprint\n\n" + fingerprint
          + "\n\nTrust it only if this is the fingerprint the server's administrator gave you. "
          + "Trusted, it is added to known_hosts and not asked about again.");
      text.setId("host-key-text");
      text.setWrapText(true);
      text.setMaxWidth(560);
      a.getDialogPane().setContent(new VBox(text));
      a.getDialogPane().setId("host-key-dialog");
      a.getDialogPane().getStylesheets().setAll(stylesheets.get());
      return a.showAndWait().filter(b -> b == TRUST).isPresent();
    }, false);
  }

  @Override
  public char[] passphrase(Path keyFile) {
    return secret("Passphrase", "The key " + keyFile + " is encrypted. Its passphrase (not stored):",
        "passphrase-dialog");
  }

  @Override
  public char[] password(String target) {
    return secret("Password", "Password for " + target + " (not stored):", "password-dialog");
  }

  private char[] secret(String title, String prompt, String id) {
    return onFx(() -> {
      Dialog<ButtonType> d = new Dialog<>();
      OwnedDialogs.own(d, owner);
      d.setTitle(title);
      d.setHeaderText(prompt);
      PasswordField field = new PasswordField();
      field.setId("secret-field");
      d.getDialogPane().setContent(field);
      d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
      d.getDialogPane().setId(id);
      d.getDialogPane().getStylesheets().setAll(stylesheets.get());
      Platform.runLater(field::requestFocus);
      Optional<ButtonType> b = d.showAndWait();
      char[] value = b.filter(x -> x == ButtonType.OK).isPresent() ? field.getText().toCharArray() : null;
      field.clear();
      return value;
    }, null);
  }

  /** Runs a dialog on the FX thread and waits for it (from the connecting thread). */
  private static <T> T onFx(Supplier<T> dialog, T ifInterrupted) {
    if (Platform.isFxApplicationThread()) {
      return dialog.get(); // not expected: connecting never runs on the FX thread
    }
    CompletableFuture<T> answer = new CompletableFuture<>();
    Platform.runLater(() -> {
      try {
        answer.complete(dialog.get());
      } catch (RuntimeException e) {
        answer.completeExceptionally(e);
      }
    });
    try {
      return answer.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ifInterrupted;
    } catch (ExecutionException e) {
      return ifInterrupted;
    }
  }
}
