package helperlab.lab.view;

import helperlab.lab.remote.RemoteSettings;
import java.io.File;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.stage.FileChooser;

/** The Connect dialog's fields: where the cage is and how to log in (no secrets). */
public final class ConnectController {
  @FXML private TextField host;
  @FXML private TextField port;
  @FXML private TextField user;
  @FXML private TextField keyFile;
  @FXML private Button browseKey;
  @FXML private TextField jump;
  @FXML private TextField command;
  @FXML private TextField knownHosts;

  void init(RemoteSettings s) {
    host.setText(s.host());
    port.setText(Integer.toString(s.port()));
    user.setText(s.user());
    keyFile.setText(s.keyFile());
    jump.setText(s.jump());
    command.setText(s.remoteCommand());
    knownHosts.setText(s.knownHosts());
  }

  /** What was typed; a port that is not a number is an error naming the field. */
  RemoteSettings settings() {
    int p;
    try {
      p = Integer.parseInt(port.getText().trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Port: a number from 1 to 65535, got '" + port.getText() + "'");
    }
    return new RemoteSettings(host.getText().trim(), p, user.getText().trim(), keyFile.getText().trim(),
        jump.getText().trim(), command.getText().trim(), knownHosts.getText().trim());
  }

  @FXML
  void browseKey() {
    FileChooser fc = new FileChooser();
    fc.setTitle("Choose your private key");
    File ssh = new File(System.getProperty("user.home"), ".ssh");
    if (ssh.isDirectory()) {
      fc.setInitialDirectory(ssh);
    }
    File f = OwnedDialogs.keepMaximised(browseKey.getScene().getWindow(), fc::showOpenDialog);
    if (f != null) {
      keyFile.setText(f.getAbsolutePath());
    }
  }
}
