package helperlab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import helperlab.cage.worker.HeldImages;
import helperlab.cage.worker.WatchdogNotes;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerMarks;
import helperlab.cage.worker.WorkerProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Holds the table of docs/ARCHITECTURE.md ("Packages and the way dependencies point") against the
 * compiled classes of every module: a change there and a change here go together. The modules' poms hold the big
 * boundaries at compile time; these rules the finer ones (the benchmarks' own: {@code BenchRoomsTest} in bench).
 */
class ArchitectureTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importTheProductsClasses() {
    // the modules' classes, from their class folders or jars; not their tests (test-classes, or the -tests.jar a
    // module above reads another's test helpers from)
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(location -> !location.contains("-tests.jar")).importPackages("helperlab");
  }

  @Test
  void eachPartDependsOnlyOnThePartsItsRowNames() {
    layeredArchitecture().consideringOnlyDependenciesInAnyPackage("helperlab..")
        .layer("model").definedBy("helperlab.model..")
        .layer("protocol").definedBy("helperlab.protocol..")
        .layer("policy").definedBy("helperlab.policy..")
        .layer("drive").definedBy("helperlab.drive..")
        .layer("workload").definedBy("helperlab.workload..")
        .layer("sim").definedBy("helperlab.sim..")
        .layer("study").definedBy("helperlab.study..")
        .layer("cage").definedBy("helperlab.cage..")
        .layer("remote").definedBy("helperlab.remote..")
        .layer("runs").definedBy("helperlab.runs..")
        .layer("charts").definedBy("helperlab.charts..")
        .layer("lab").definedBy("helperlab.lab..")
        .layer("cli").definedBy("helperlab.cli..")
        .whereLayer("model").mayNotAccessAnyLayer()
        .whereLayer("protocol").mayNotAccessAnyLayer()
        .whereLayer("policy").mayNotAccessAnyLayer()
        .whereLayer("drive").mayOnlyAccessLayers("model", "policy")
        .whereLayer("workload").mayOnlyAccessLayers("model", "policy")
        .whereLayer("sim").mayOnlyAccessLayers("model", "policy", "drive", "workload")
        .whereLayer("study").mayOnlyAccessLayers("model", "policy", "drive", "workload", "sim")
        .whereLayer("runs").mayOnlyAccessLayers("model", "policy", "drive", "workload", "sim", "study")
        .whereLayer("cage").mayOnlyAccessLayers("model", "policy", "drive", "workload", "protocol")
        .whereLayer("remote").mayOnlyAccessLayers("model", "policy", "drive", "workload", "protocol")
        .whereLayer("charts").mayOnlyAccessLayers("model", "workload", "study")
        .whereLayer("lab").mayOnlyAccessLayers("model", "policy", "drive", "workload", "sim", "study", "runs", "remote",
            "charts", "protocol")
        .whereLayer("cli").mayOnlyAccessLayers("model", "policy", "drive", "workload", "sim", "study", "cage", "remote",
            "runs", "charts", "lab", "protocol")
        .check(classes);
  }

  /** Nothing but {@code lab} (and the hook its benchmarks plug into, which takes the lab's settings). */
  @Test
  void nothingDependsOnTheLabButTheCommandThatOpensIt() {
    noClasses().that().resideOutsideOfPackage("helperlab.lab..")
        .and().doNotHaveFullyQualifiedName(helperlab.cli.LabCommand.class.getName())
        .and().doNotHaveFullyQualifiedName(helperlab.cli.LabBenchPart.class.getName())
        .should().dependOnClassesThat().resideInAPackage("helperlab.lab..")
        .check(classes);
  }

  /**
   * The lab's view models (the policy form's among them) hold no control, window or view: what they decide is tested
   * without a window (the *ViewModelTest classes), and the FXML views only bind to them.
   */
  @Test
  void theLabsViewModelsHoldNoControlsOrWindows() {
    noClasses().that().resideInAPackage("helperlab.lab.viewmodel..")
        .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "javafx.fxml..",
            "helperlab.lab.view..", "helperlab.lab.chart..")
        .check(classes);
  }

  /**
   * The lab's views (controllers, panes, dialogs) talk to their view models and draw with the lab's own chart parts
   * ({@code lab.chart}); of the layers below they name only what is presentation alone: the charts' style (colours,
   * number and time formats, {@code charts.style}) and the charts' names ({@code ChartKind}, what a chart grid is
   * indexed by). What a run, a study, a policy, a workload or a cage is, and the reading, replaying and exporting of
   * them, stays in the view models, where it is tested without a window. ({@code lab.live} and {@code lab.remote},
   * the lab's own sources, are the view models' business too, but not held here yet.)
   */
  @Test
  void theLabsViewsSeeOnlyTheirViewModels() {
    noClasses().that().resideInAPackage("helperlab.lab.view..")
        .should().dependOnClassesThat().resideInAnyPackage("helperlab.model..", "helperlab.protocol..",
            "helperlab.policy..", "helperlab.drive..", "helperlab.workload..", "helperlab.sim..", "helperlab.study..",
            "helperlab.runs..", "helperlab.remote..", "helperlab.cage..", "helperlab.charts.export..")
        .orShould().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("helperlab.charts")
            .and(com.tngtech.archunit.base.DescribedPredicate.not(
                JavaClass.Predicates.equivalentTo(helperlab.charts.ChartKind.class))))
        .because("a view shows what its view model exposes and draws it with the lab's chart parts: what runs, "
            + "studies, policies, workloads and cages are is the view models' business, tested there without a window")
        .check(classes);
  }

  /** The studies report progress through a plain callback; only the command line draws it, on a terminal. */
  @Test
  void onlyTheCommandLineDrawsProgressBars() {
    noClasses().that().resideOutsideOfPackage("helperlab.cli..")
        .should().dependOnClassesThat().resideInAnyPackage("me.tongfei.progressbar..", "org.jline..")
        .check(classes);
  }

  @Test
  void theSchedulerDoesNoIoAndReadsNoClock() {
    doesNoIoAndReadsNoClock("helperlab.policy..");
  }

  /** The engine runs in virtual time: no file, socket, thread or wall clock, so a run is the same wherever it runs. */
  @Test
  void theEngineDoesNoIoAndReadsNoClock() {
    doesNoIoAndReadsNoClock("helperlab.sim..");
  }

  /** Arrivals, triggers and their measurement are computed, never read: a scenario file is read in {@code study}. */
  @Test
  void theWorkloadDoesNoIoAndReadsNoClock() {
    doesNoIoAndReadsNoClock("helperlab.workload..");
  }

  private static void doesNoIoAndReadsNoClock(String pkg) {
    noClasses().that().resideInAPackage(pkg)
        .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio..", "java.net..", "java.sql..",
            "java.util.concurrent..", "java.time..")
        .orShould().callMethod(System.class, "currentTimeMillis")
        .orShould().callMethod(System.class, "nanoTime")
        .orShould().dependOnClassesThat().areAssignableTo(Thread.class)
        .check(classes);
  }

  /**
   * The cage's rooms, bottom up: its parts (images, limits, events, store, workers, measures), then its configuration,
   * a run, the supervisor that owns the runs, and the two doors that use the supervisor (ctl and the intake).
   */
  @Test
  void theCagesRoomsDependDownwardOnly() {
    layeredArchitecture().consideringOnlyDependenciesInAnyPackage("helperlab.cage..")
        .layer("image").definedBy("helperlab.cage.image..")
        .layer("limits").definedBy("helperlab.cage.limits..")
        .layer("events").definedBy("helperlab.cage.events..")
        .layer("store").definedBy("helperlab.cage.store..")
        .layer("worker").definedBy("helperlab.cage.worker..")
        .layer("measure").definedBy("helperlab.cage.measure..")
        .layer("config").definedBy("helperlab.cage.config..")
        .layer("run").definedBy("helperlab.cage.run..")
        .layer("supervisor").definedBy("helperlab.cage.supervisor..")
        .layer("ctl").definedBy("helperlab.cage.ctl..")
        .layer("intake").definedBy("helperlab.cage.intake..")
        .whereLayer("image").mayNotAccessAnyLayer()
        .whereLayer("limits").mayNotAccessAnyLayer()
        .whereLayer("events").mayNotAccessAnyLayer()
        .whereLayer("store").mayNotAccessAnyLayer()
        .whereLayer("worker").mayOnlyAccessLayers("image", "limits")
        .whereLayer("measure").mayOnlyAccessLayers("image", "limits", "worker")
        .whereLayer("config").mayOnlyAccessLayers("limits")
        .whereLayer("run").mayOnlyAccessLayers("image", "limits", "events", "store", "worker", "measure", "config")
        .whereLayer("supervisor").mayOnlyAccessLayers("image", "limits", "events", "store", "worker", "measure",
            "config", "run")
        .whereLayer("ctl").mayOnlyAccessLayers("image", "limits", "events", "store", "worker", "measure", "config",
            "run", "supervisor")
        .whereLayer("intake").mayOnlyAccessLayers("image", "store", "config", "run", "supervisor")
        .check(classes);
  }

  /** A worker's handle changes only through its own operations, named for what happened: one writer per field. */
  @Test
  void onlyAWorkersHandleWritesItsFields() {
    noClasses().that().doNotHaveFullyQualifiedName(WorkerProcess.class.getName())
        .should().setFieldWhere(JavaAccess.Predicates.target(
            HasOwner.Predicates.With.owner(JavaClass.Predicates.equivalentTo(WorkerProcess.class))))
        .check(classes);
  }

  /**
   * Nor reads them but through its accessors: every field of the handle, of its timing marks, of the images in its
   * hands and of the watchdog's notes on it is private, so a test cannot set one either and goes through the same
   * named operations as the supervisor.
   */
  @Test
  void aWorkersHandleKeepsItsFieldsPrivate() {
    fields().that().areDeclaredIn(WorkerProcess.class).or().areDeclaredIn(WorkerMarks.class)
        .or().areDeclaredIn(HeldImages.class).or().areDeclaredIn(WatchdogNotes.class).should().bePrivate()
        .check(classes);
  }

  /**
   * The timing marks and the images in its hands are written by the handle alone (from its hello, heartbeat, ready,
   * launch, retire, give, hostFailed...), and the watchdog's notes by the watchdog alone: its conclusions are its own,
   * the handle only carries them. Their writers are their methods that return nothing.
   */
  @Test
  void aWorkersMarksAreTheHandlesAndItsNotesTheWatchdogs() {
    onlyWrittenBy(WorkerMarks.class, WorkerProcess.class);
    onlyWrittenBy(HeldImages.class, WorkerProcess.class);
    onlyWrittenBy(WatchdogNotes.class, Watchdog.class);
  }

  /**
   * The watchdog judges a worker and writes only its own notes: of the handle and the images in its hands it calls
   * nothing but these reads (a new read goes in the list; a write is the supervisor's, from the verdict the watchdog
   * returns).
   */
  @Test
  void theWatchdogOnlyReadsAWorkersHandle() {
    java.util.Set<String> reads = java.util.Set.of("phase", "marks", "notes", "rssBytes", "images", "cpuOnImageS");
    java.util.Set<String> imageReads = java.util.Set.of("waitsForHost", "inFlight", "inFlightSince");
    noClasses().that().haveFullyQualifiedName(Watchdog.class.getName())
        .should().callMethodWhere(DescribedPredicate.describe("a method of WorkerProcess other than " + reads
                + ", or of " + HeldImages.class.getSimpleName() + " other than " + imageReads,
            (JavaMethodCall call) -> call.getTargetOwner().isEquivalentTo(WorkerProcess.class)
                && !reads.contains(call.getName())
                || call.getTargetOwner().isEquivalentTo(HeldImages.class) && !imageReads.contains(call.getName())))
        .check(classes);
  }

  private static void onlyWrittenBy(Class<?> kept, Class<?> writer) {
    noClasses().that().doNotHaveFullyQualifiedName(writer.getName()).and().doNotHaveFullyQualifiedName(kept.getName())
        .should().callMethodWhere(DescribedPredicate.describe("a writer of " + kept.getSimpleName(),
            (JavaMethodCall call) -> call.getTargetOwner().isEquivalentTo(kept)
                && call.getTarget().getRawReturnType().isEquivalentTo(void.class)))
        .check(classes);
  }

  /**
   * Diagnostics go through SLF4J, and what a command shows its user through that command's own writers: a print
   * stream is handed from method to method only in cli, the boundary where picocli's writers meet the parts that
   * need a stream. The benchmarks (src/bench) print their figures and are not held to it; the lab's launcher is the one
   * left (lab/ was another helper's to edit when this rule came).
   */
  /** {@code Lab.launchAndClose(config, out)} prints its start-up figure to a stream: to be a line sink when lab/ is free. */
  private static final String LEFT_IN_THE_LAB = "helperlab.lab.Lab";

  @Test
  void noPrintStreamIsHandedAroundOutsideTheCommandLine() {
    java.util.List<String> handed = new java.util.ArrayList<>();
    for (JavaClass c : classes) {
      String outer = c.getName().contains("$") ? c.getName().substring(0, c.getName().indexOf('$')) : c.getName();
      if (c.getPackageName().startsWith("helperlab.cli") || outer.equals(LEFT_IN_THE_LAB)
          || java.nio.file.Files.exists(java.nio.file.Path.of("src/bench/java", outer.replace('.', '/') + ".java"))) {
        continue;
      }
      for (com.tngtech.archunit.core.domain.JavaCodeUnit u : c.getCodeUnits()) {
        if (u.getRawParameterTypes().stream().anyMatch(t -> t.isEquivalentTo(java.io.PrintStream.class))) {
          handed.add(u.getFullName());
        }
      }
    }
    org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), handed);
  }

  /** A class of the product (not a benchmark's, from src/bench), by its outermost class's source. */
  private static boolean inTheProduct(JavaClass c) {
    String outer = c.getName().contains("$") ? c.getName().substring(0, c.getName().indexOf('$')) : c.getName();
    return !java.nio.file.Files.exists(java.nio.file.Path.of("src/bench/java", outer.replace('.', '/') + ".java"));
  }

  /** One name, one class: no two top-level classes of the product share a simple name (a reader greps by it). */
  @Test
  void noTopLevelClassNameIsUsedTwice() {
    java.util.Map<String, java.util.List<String>> byName = new java.util.TreeMap<>();
    for (JavaClass c : classes) {
      if (c.isTopLevelClass() && inTheProduct(c)) {
        byName.computeIfAbsent(c.getSimpleName(), k -> new java.util.ArrayList<>()).add(c.getName());
      }
    }
    byName.values().removeIf(names -> names.size() < 2);
    org.junit.jupiter.api.Assertions.assertEquals(java.util.Map.of(), byName);
  }

  /** A nested type never takes the name of a top-level one of its package: inside its class the two read alike. */
  @Test
  void noNestedTypeShadowsATopLevelOneOfItsPackage() {
    java.util.Set<String> topLevel = new java.util.HashSet<>();
    for (JavaClass c : classes) {
      if (c.isTopLevelClass()) {
        topLevel.add(c.getPackageName() + "." + c.getSimpleName());
      }
    }
    java.util.List<String> shadowing = new java.util.ArrayList<>();
    for (JavaClass c : classes) {
      if (c.isNestedClass() && !c.isAnonymousClass() && !c.getSimpleName().isEmpty() && inTheProduct(c)
          && topLevel.contains(c.getPackageName() + "." + c.getSimpleName())) {
        shadowing.add(c.getName());
      }
    }
    org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), shadowing);
  }

  @Test
  void noPackagesDependOnEachOtherInALoop() {
    slices().matching("helperlab.(**)").should().beFreeOfCycles().check(classes);
  }
}
