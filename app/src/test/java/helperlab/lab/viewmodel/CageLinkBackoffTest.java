package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.remote.TestCage;
import helperlab.lab.viewmodel.RemoteViewModel.Connection;
import helperlab.remote.Backoff;
import helperlab.remote.LocalProcessTransport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connected cage that stops answering (its control command gone, as on an uninstalled cage): the
 * status shown is marked stale, it is asked again with backoff rather than a login every refresh, the
 * lab stops after the stated time with a plain message and Retry, and the next answer clears it all.
 * Every "login" is a real ctl process, counted by the script that starts it.
 */
class CageLinkBackoffTest {
  private static final Duration WAIT = Duration.ofSeconds(60);

  /** A process's arguments as the kernel has them (ProcessHandle.Info may not). */
  private static List<String> cmdline(ProcessHandle p) {
    try {
      return List.of(Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline")).split("\0"));
    } catch (java.io.IOException e) {
      return List.of();
    }
  }

  @Test
  void aCageThatStopsAnsweringIsRetriedWithBackoffGivenUpAndBackOnRetry(@TempDir Path dir) throws Exception {
    Path logins = dir.resolve("logins");
    Path down = dir.resolve("down");
    try (UiThread ui = new UiThread(); TestCage cage = TestCage.start(Files.createDirectory(dir.resolve("cage")))) {
      List<String> ctl = new ArrayList<>(List.of("sh", "-c", "echo x >> \"$0\"; [ -f \"$1\" ] && exit 3; shift;"
          + " exec \"$@\"", logins.toString(), down.toString()));
      ctl.addAll(TestCage.helperLab("ctl", "--data", cage.data.toString()));
      Notices notices = new Notices();
      RunLibrary library = new RunLibrary(new BackgroundWork(ui, notices), dir.resolve("runs"), dir.resolve("history"));
      RemoteViewModel vm = ui.call(() -> new RemoteViewModel(library, notices, ui, new LabPrefs()));
      try {
        ui.run(() -> vm.pacing(new Backoff.Policy(300, 1_200, 5_000)));
        ui.run(() -> vm.connect(new LocalProcessTransport(ctl), "local cage"));
        ui.await("connected", WAIT, () -> vm.connectionProperty().get() == Connection.CONNECTED
            || !vm.errorProperty().get().isEmpty());
        assertEquals("", ui.call(() -> vm.errorProperty().get()));
        assertFalse(ui.call(() -> vm.staleProperty().get()));

        // the cage goes: its open ctl ends, and every new one exits at once
        Files.writeString(down, "");
        List<ProcessHandle> ctls = ProcessHandle.current().descendants()
            .filter(p -> cmdline(p).contains(cage.data.toString())).toList();
        assertEquals(1, ctls.size(), "the one open ctl of the connection");
        ctls.forEach(ProcessHandle::destroy);
        ui.await("the values marked stale", WAIT, () -> vm.staleProperty().get());
        assertTrue(ui.call(() -> vm.errorProperty().get()).startsWith("Lost the cage's status: "),
            ui.call(() -> vm.errorProperty().get()));
        ui.await("given up", WAIT, () -> vm.gaveUpProperty().get());
        String gaveUp = ui.call(() -> vm.errorProperty().get());
        assertTrue(gaveUp.contains("stopped trying") && gaveUp.contains("Press Retry"), gaveUp);
        assertTrue(ui.call(() -> notices.bannerProperty().get()) != null, "said in the banner");
        long tries = Files.readAllLines(logins).size() - 1; // the first login was the connection
        // a refresh every 2 s for 5 s would be 3 logins with no backoff at 1 s ticks; with it, a handful at most
        assertTrue(tries >= 2 && tries <= 8, "backed off: " + tries + " logins while the cage was gone");
        assertTrue(ui.call(() -> vm.staleProperty().get()), "still stale");

        // it is back; Retry asks again and the next answer clears the message and the banner
        Files.delete(down);
        ui.run(vm::retry);
        ui.await("answering again", WAIT, () -> !vm.staleProperty().get());
        assertFalse(ui.call(() -> vm.gaveUpProperty().get()));
        assertEquals("", ui.call(() -> vm.errorProperty().get()));
        assertNull(ui.call(() -> notices.bannerProperty().get()), "the banner cleared by the success");
      } finally {
        ui.run(vm::shutdown);
      }
    }
  }
}
