package helperlab.lab.view;

import helperlab.lab.remote.RemoteSettings;
import helperlab.lab.viewmodel.RemoteViewModel;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The Remote cage view's dialogs about a server: Connect, Deploy, Stop and Uninstall. */
final class ServerDialogs {
  private final RemoteViewModel vm;
  private final Window owner;
  private final Supplier<List<String>> stylesheets;

  ServerDialogs(RemoteViewModel vm, Window owner, Supplier<List<String>> stylesheets) {
    this.vm = vm;
    this.owner = owner;
    this.stylesheets = stylesheets;
  }

  void connect() {
    ConnectFields f = connectFields("connect");
    if (f == null) {
      return;
    }
    Dialog<ButtonType> d = dialog("Connect to a cage", "Connect to a cage over SSH", f.node(), "Connect");
    d.getDialogPane().setId("connect-dialog");
    d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
      RemoteSettings s = chosen(f.controller(), "connect");
      if (s != null) {
        FxPrompts prompts = new FxPrompts(owner, stylesheets);
        vm.connect(s, prompts);
      }
    });
  }

  /** The connect dialog's fields (where to), plus what deploy may do there. */
  void deploy() {
    ConnectFields f = connectFields("deploy");
    if (f == null) {
      return;
    }
    CheckBox install = new CheckBox("Install what is missing (Java, PostgreSQL, Redis) through sudo -n");
    Label where = new Label("This build goes to ~/helper-lab on the server; the cage's data to ~/helper-lab/cage-data."
        + " PostgreSQL and Redis: private ones of this deployment in that directory (never another account's).");
    where.setWrapText(true);
    where.setMaxWidth(520);
    VBox content = new VBox(10, f.node(), where, install);
    Dialog<ButtonType> d = dialog("Deploy a cage", "Deploy the cage to a server over SSH", content, "Deploy");
    d.getDialogPane().setId("deploy-dialog");
    d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
      RemoteSettings s = chosen(f.controller(), "deploy");
      if (s != null) {
        FxPrompts prompts = new FxPrompts(owner, stylesheets);
        vm.deploy().deploy(s, true, install.isSelected(), prompts, deployed -> vm.connect(deployed, prompts));
      }
    });
  }

  /** The fields of {@code connect.fxml} and their controller, filled with the last settings. */
  private record ConnectFields(Node node, ConnectController controller) { }

  /** The connect fields for the {@code dialog} named, or null (the error shown) when they cannot load. */
  private ConnectFields connectFields(String dialog) {
    FXMLLoader loader = new FXMLLoader(ServerDialogs.class.getResource("/fxml/connect.fxml"));
    Node node;
    try {
      node = loader.load();
    } catch (IOException e) {
      vm.errorProperty().set("Cannot open the " + dialog + " dialog: " + e.getMessage());
      return null;
    }
    ConnectController c = loader.getController();
    c.init(vm.settingsProperty().get());
    return new ConnectFields(node, c);
  }

  /** The settings the fields hold, or null (the error shown: "Cannot {@code what}: why") when not valid. */
  private RemoteSettings chosen(ConnectController c, String what) {
    try {
      return c.settings();
    } catch (IllegalArgumentException e) {
      vm.errorProperty().set("Cannot " + what + ": " + e.getMessage());
      return null;
    }
  }

  void stopCage() {
    RemoteSettings s = vm.settingsProperty().get();
    Dialog<ButtonType> d = dialog("Stop the cage", "Stop the cage on " + s.describe() + "?",
        new Label("The cage and its private PostgreSQL and Redis stop; the files and the data stay."), "Stop");
    d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
      vm.disconnect();
      FxPrompts prompts = new FxPrompts(owner, stylesheets);
      vm.deploy().stop(s, prompts);
    });
  }

  void uninstall() {
    RemoteSettings s = vm.settingsProperty().get();
    CheckBox purge = new CheckBox("Also remove the data (the cage's runs, the private databases and their passwords)");
    Dialog<ButtonType> d = dialog("Uninstall the cage", "Uninstall the cage from " + s.describe() + "?",
        new VBox(10, new Label("Stops everything deploy started there and removes the jar, the"
            + " scripts and the systemd unit."), purge), "Uninstall");
    d.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
      vm.disconnect();
      FxPrompts prompts = new FxPrompts(owner, stylesheets);
      vm.deploy().uninstall(s, purge.isSelected(), prompts);
    });
  }

  private Dialog<ButtonType> dialog(String title, String header, Node content, String ok) {
    Dialog<ButtonType> d = new Dialog<>();
    OwnedDialogs.own(d, owner);
    d.setTitle(title);
    d.setHeaderText(header);
    d.getDialogPane().setContent(content);
    d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
    ((Button) d.getDialogPane().lookupButton(ButtonType.OK)).setText(ok);
    d.getDialogPane().getStylesheets().setAll(stylesheets.get());
    return d;
  }
}
