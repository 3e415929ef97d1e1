package helperlab.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The cage's benchmark measures the whole cage from outside, through the rooms a client of the cage would use: never
 * the intake's insides (it sends HTTP like any client) nor the limits' (the cage sets its own caps). The product
 * cannot reach the benchmarks at all: no product module depends on this one.
 */
class BenchRoomsTest {
  @Test
  void theCageBenchUsesOnlyTheRoomsItMeasuresThrough() {
    JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("helperlab.cage.bench");
    noClasses().that().resideInAPackage("helperlab.cage.bench..")
        .should().dependOnClassesThat().resideInAnyPackage("helperlab.cage.intake..", "helperlab.cage.limits..")
        .check(classes);
  }
}
