package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.live.LiveState;
import helperlab.lab.remote.RemoteRun;
import helperlab.lab.remote.CageStatus;
import helperlab.lab.remote.RemoteSettings;
import helperlab.lab.remote.TestCage;
import helperlab.lab.viewmodel.RemoteViewModel.Connection;
import helperlab.model.RunRecord;
import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import helperlab.remote.LocalProcessTransport;
import helperlab.runs.RunStore;
import helperlab.workload.RunTriggers;
import helperlab.workload.Trigger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Remote cage view's model without a window, against a real cage reached through the real
 * {@code helper-lab ctl} as a child process: status, a pushed policy taking effect, a refused one,
 * an exhibit streamed with the simulator's replay beside it and resumed after a cut connection
 * (every stream entry exactly once), its record kept with the lab's runs, and the big button.
 */
@Tag("slow") // a cage over SSH
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteViewModelTest {
  private static final Duration WAIT = Duration.ofSeconds(60);
  private Path dir;
  private final UiThread ui = new UiThread();
  private TestCage cage;
  private RemoteViewModel vm;
  private LabPrefs prefs;
  private Notices notices;

  @BeforeAll
  void start(@TempDir Path tmp) throws Exception {
    dir = tmp;
    cage = TestCage.start(Files.createDirectory(dir.resolve("cage")));
    notices = new Notices();
    RunLibrary library = new RunLibrary(new BackgroundWork(ui, notices), dir.resolve("lab-runs"), dir.resolve("history"));
    prefs = new LabPrefs();
    vm = ui.call(() -> new RemoteViewModel(library, notices, ui, prefs));
  }

  @AfterAll
  void stop() throws Exception {
    if (vm != null) {
      ui.run(vm::shutdown);
    }
    ui.close();
    if (cage != null) {
      cage.close();
    }
  }

  private void connectLocally() {
    ui.run(() -> vm.connect(cage.localTransport(), "local cage"));
    ui.await("connected", WAIT, () -> vm.connectionProperty().get() == Connection.CONNECTED
        || !vm.errorProperty().get().isEmpty());
    assertEquals("", ui.call(() -> vm.errorProperty().get()));
  }

  @Test
  @Order(1)
  void connectsThroughCtlAndShowsTheCagesStatus() {
    assertEquals("", ui.call(() -> vm.cageProperty().get()));
    connectLocally();
    CageStatus s = ui.call(() -> vm.statusProperty().get());
    assertEquals("pool-edf-10", s.policy());
    assertTrue(s.budgetWorkers() >= 1, s.toString());
    assertFalse(s.budgetReason().isEmpty(), "says what limits the budget: " + s);
    assertFalse(s.cpusFrom().isEmpty(), "says where the CPU limit was found: " + s);
    assertTrue(s.memoryMb() > 0 && !s.memoryFrom().isEmpty(), s.toString());
    assertEquals(3, s.maxProcesses());
    assertTrue(s.rows().stream().anyMatch(r -> r[0].equals("Budget") && r[1].contains("limited by")));
    assertTrue(ui.call(() -> vm.connectionTextProperty().get()).contains("local process"));
  }

  @Test
  @Order(2)
  void aPushedPolicyTakesEffectOnTheCage() throws Exception {
    ui.run(() -> {
      vm.policyProperty().set("pool-fifo-1");
      vm.pushPolicy();
    });
    ui.await("the push answered", WAIT, () -> !vm.policyResultProperty().get().isEmpty());
    assertEquals("The cage now runs pool-fifo-1 (was pool-edf-10)", ui.call(() -> vm.policyResultProperty().get()));
    assertEquals("pool-fifo-1", cage.status().get("policy").asText(), "the real cage runs it");
    assertEquals("pool-fifo-1", ui.call(() -> vm.statusProperty().get().policy()));
  }

  @Test
  @Order(3)
  void aBadPolicyNameIsRefusedWithAClearMessageAndNothingElseChanges() throws Exception {
    // travels as JSON on stdin, never as a command-line word: the cage sees only an unknown name
    ui.run(() -> {
      vm.policyProperty().set("box; rm -rf / `reboot`\nbox");
      vm.pushPolicy();
    });
    ui.await("the refusal", WAIT, () -> vm.errorProperty().get().contains("unknown policy"));
    assertTrue(ui.call(() -> vm.errorProperty().get()).startsWith("Cannot set the policy to box; rm -rf"));
    assertEquals("pool-fifo-1", cage.status().get("policy").asText());
    assertEquals(Connection.CONNECTED, ui.call(() -> vm.connectionProperty().get()), "still connected");
    ui.run(() -> {
      vm.errorProperty().set("");
      vm.policyProperty().set("pool-edf-10");
      vm.pushPolicy();
    });
    ui.await("pushed back", WAIT, () -> vm.policyResultProperty().get().contains("now runs pool-edf-10"));
  }

  @Test
  @Order(4)
  void anExhibitStreamsWithItsReplayResumesAfterACutAndIsKeptWithTheRuns() throws Exception {
    ui.run(() -> {
      vm.setExhibitSeconds(8);
      vm.exhibit().policyProperty().set("pool-edf-10");
      vm.exhibit().scenarioProperty().set("calm");
      vm.exhibit().seedProperty().set(3);
      assertTrue(vm.startExhibit());
    });
    RemoteRun run = (RemoteRun) ui.call(() -> vm.exhibit().runProperty().get());
    ui.await("real samples streaming", WAIT, () -> run.samples().size() >= 2);
    long before = run.lastSeq();
    run.dropConnection(); // as a network failure would
    ui.await("the link came back", WAIT, () -> !run.gaps().isEmpty());
    RemoteRun.Gap gap = run.gaps().get(0);
    assertEquals(1, ui.call(vm::gaps).size(), "the view shows the down time");
    assertTrue(gap.toS() > gap.fromS(), gap.toString());
    ui.await("the exhibit ended and its record was fetched", Duration.ofSeconds(120), () -> {
      vm.poll();
      return vm.exhibit().lastRecordProperty().get() != null || vm.exhibit().stateProperty().get() == LiveState.FAILED;
    });
    RunRecord r = ui.call(() -> vm.exhibit().lastRecordProperty().get());
    assertNotNull(r, "failed: " + run.link());
    assertEquals(RunRecord.KIND_REAL, r.kind());
    assertTrue(r.id().startsWith("real-calm-pool-edf-10-"), r.id());
    assertEquals(r.id(), run.runId());
    // named as the Remote view names it: an exhibit, not a live run
    java.util.List<String> said = ui.call(() -> notices.all().stream().map(Notice::text).toList());
    assertTrue(said.stream().anyMatch(t -> t.startsWith("Exhibit ended at ") && t.endsWith(" as " + r.id())), said.toString());
    assertFalse(said.stream().anyMatch(t -> t.contains("Live run")), said.toString());
    // every entry of the stream exactly once, across the cut: events, samples and the end
    assertEquals(0, run.duplicates(), "no entry twice");
    assertEquals(0, run.missing(), "no entry skipped");
    assertTrue(run.lastSeq() > before);
    assertEquals(r.events().size() + r.samples().size() + 1, run.lastSeq());
    assertEquals(r.samples().size(), run.samples().size(), "every sample charted once");
    // the simulator replayed the same batches beside it: the images the cage played
    for (helperlab.model.Task t : r.tasks()) {
      assertNotNull(run.overlayTasks().get(t.id()), "the overlay has task " + t.id());
      assertEquals(t.images(), run.overlayTasks().get(t.id()).images(), "task " + t.id() + "'s images");
    }
    assertTrue(run.replaySamples().size() >= 5, "replay samples: " + run.replaySamples().size());
    assertTrue(run.replaySamples().get(helperlab.charts.Column.MET, run.replaySamples().size() - 1)
        + run.replaySamples().get(helperlab.charts.Column.LATE, run.replaySamples().size() - 1)
        + run.replaySamples().get(helperlab.charts.Column.REFUSED, run.replaySamples().size() - 1) >= 1,
        "the replay settled batches");
    assertEquals(2, ui.call(() -> vm.plotted().size()), "real and replay on the same charts");
    // then the exact replay of the record (its own images and calibration)
    ui.await("the exact replay", WAIT, () -> vm.replayProperty().get() != null);
    RunRecord replay = ui.call(() -> vm.replayProperty().get());
    assertEquals(RunRecord.KIND_REPLAY, replay.kind());
    assertEquals(r.id(), replay.replayOf());
    assertEquals(r.tasks().size(), replay.tasks().size());
    // kept with the lab's runs (the history, which the runs list shows)
    assertTrue(new RunStore(dir.resolve("history")).list().stream()
        .anyMatch(f -> f.name().equals(r.id())));
    // and its exact replay beside it, which says it was made with the seed's placeholder calibration
    RunStore history = new RunStore(dir.resolve("history"));
    Path kept = org.awaitility.Awaitility.await("the replay kept beside the record").atMost(WAIT)
        .until(() -> history.list().stream().filter(f -> f.name().equals(r.id() + "-replay")).map(f -> f.file())
            .findFirst().orElse(null), java.util.Objects::nonNull);
    assertEquals(r.id(), RunStore.load(kept).replayOf());
    assertFalse(RemoteViewModel.calibrated(r), "the test cage is not calibrated: its record says so");
  }

  @Test
  @Order(5)
  void anExhibitWithATriggerSendsItToTheCageAndShadesItsWindowFromTheRecord() throws Exception {
    RunRecord before = ui.call(() -> vm.exhibit().lastRecordProperty().get());
    ui.run(() -> {
      vm.setExhibitSeconds(9);
      vm.exhibit().policyProperty().set("pool-edf-10");
      vm.exhibit().scenarioProperty().set("calm");
      vm.exhibit().seedProperty().set(4);
      vm.exhibitTriggerProperty().set(TriggerChoice.SPIKE_2);
      assertTrue(vm.startExhibit());
    });
    // a third of the way in, for a third of the exhibit
    Trigger expected = new Trigger(Trigger.Kind.SPIKE, 3, 3, 1);
    assertEquals(expected, RemoteViewModel.exhibitTrigger(TriggerChoice.SPIKE_2, 9));
    ui.await("the stream reports the trigger", WAIT, () -> {
      vm.poll();
      return !vm.exhibit().triggers().allProperty().get().isEmpty();
    });
    assertEquals(expected, ui.call(() -> vm.exhibit().triggers().allProperty().get().get(0).trigger()));
    ui.await("the exhibit's record", Duration.ofSeconds(120), () -> {
      vm.poll();
      return vm.exhibit().lastRecordProperty().get() != before
          || vm.exhibit().stateProperty().get() == LiveState.FAILED;
    });
    RunRecord r = ui.call(() -> vm.exhibit().lastRecordProperty().get());
    assertNotNull(r, "the exhibit failed: " + ui.call(() -> vm.errorProperty().get()));
    assertEquals(expected, RunTriggers.trigger(r), "the cage played the trigger asked for");
    assertNotNull(RunTriggers.recovery(r), "and measured the recovery from it");
    ui.run(() -> vm.exhibitTriggerProperty().set(null));
  }

  @Test
  @Order(6)
  void theBigButtonSendsABatchToTheRealCage() {
    ui.run(vm::press);
    ui.await("the cage answered", WAIT, () -> !vm.pressResultProperty().get().isEmpty());
    String result = ui.call(() -> vm.pressResultProperty().get());
    assertTrue(result.matches("Batch \\d+ \\(\\d+ images, .*\\) admitted; deadline .*"), result);
  }

  @Test
  @Order(7)
  void aMissingCageAndBadSettingsAreClearErrorsAndTheViewStaysUsable() throws Exception {
    Path empty = Files.createDirectory(dir.resolve("no-cage"));
    ui.run(() -> vm.connect(new LocalProcessTransport(TestCage.helperLab("ctl", "--data", empty.toString())), "nowhere"));
    ui.await("the failure", WAIT, () -> vm.connectionProperty().get() == Connection.DISCONNECTED
        && !vm.errorProperty().get().isEmpty());
    String e = ui.call(() -> vm.errorProperty().get());
    assertTrue(e.startsWith("Cannot connect to nowhere: no cage is running on"), e);
    RemoteSettings noHost = new RemoteSettings(" ", 22, "lab", "", "", "helper-lab ctl", "");
    assertFalse(ui.call(() -> vm.connect(noHost, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE)));
    assertTrue(ui.call(() -> vm.errorProperty().get()).contains("Host"));
    RemoteSettings badJump = new RemoteSettings("cage.example", 22, "lab", "", "nobody", "helper-lab ctl", "");
    assertFalse(ui.call(() -> vm.connect(badJump, HostKeyPrompt.REFUSE, CredentialsPrompt.NONE)));
    assertTrue(ui.call(() -> vm.errorProperty().get()).contains("Jump host"));
    connectLocally(); // and it connects again as before
    assertEquals("pool-edf-10", ui.call(() -> vm.statusProperty().get().policy()));
  }

  @Test
  @Order(8)
  void theWindowNamesTheCageWhileConnectedAndTheSimulatorAfterDisconnect() {
    SourceTitle title = ui.call(() -> new SourceTitle("embedded simulator", vm.cageProperty()));
    connectLocally();
    assertEquals("Helper Lab — cage local cage", ui.call(() -> title.titleProperty().get()));
    assertEquals("connected to cage local cage", ui.call(() -> title.statusProperty().get()));
    ui.run(vm::disconnect);
    assertEquals("Helper Lab — embedded simulator", ui.call(() -> title.titleProperty().get()));
    assertEquals("live source: embedded simulator", ui.call(() -> title.statusProperty().get()));
    assertEquals("", ui.call(() -> vm.cageProperty().get()));
  }
}
