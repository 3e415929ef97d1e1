package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.remote.RemoteSettings;
import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Remote tab's Deploy, Stop and Uninstall without a window: each step shows as it happens and a
 * failure ends the list with what went wrong, in words; the view stays usable for the next one.
 */
class DeployViewModelTest {
  @TempDir Path dir;
  private final UiThread ui = new UiThread();

  @Test
  void failuresEndTheStepsInWords() throws Exception {
    DeployViewModel vm = ui.call(() -> new DeployViewModel(ui, new Notices()));
    int free;
    try (ServerSocket s = new ServerSocket(0)) {
      free = s.getLocalPort(); // nothing listens there once closed
    }
    RemoteSettings s = new RemoteSettings("127.0.0.1", free, "lab", "", "", DeployViewModel.REMOTE_CTL,
        dir.resolve("known_hosts").toString());
    // the tests run from class directories: deploying the lab's own jar is refused, saying why
    ui.run(() -> vm.deploy(s, true, false, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE, x -> { }));
    ui.await("the deploy's end", Duration.ofSeconds(60), () -> !vm.busyProperty().get());
    List<String> steps = ui.call(() -> List.copyOf(vm.steps()));
    assertEquals("Deploy to lab@127.0.0.1:" + free, steps.get(0), steps.toString());
    String end = ui.call(() -> vm.outcomeProperty().get());
    assertTrue(end.startsWith("Deploy to lab@127.0.0.1:" + free + " failed: the lab is not running from a jar"), end);
    // and a server nothing answers on: the network's words, the address once
    ui.run(() -> vm.stop(s, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE));
    ui.await("the stop's end", Duration.ofSeconds(60), () -> !vm.busyProperty().get());
    String stop = ui.call(() -> vm.outcomeProperty().get());
    assertEquals("Stop the cage on lab@127.0.0.1:" + free + " failed: lab@127.0.0.1:" + free
        + ": connection refused (nothing listens on that port)", stop);
    assertFalse(stop.contains("Exception"), stop);
    ui.run(vm::shutdown);
  }
}
