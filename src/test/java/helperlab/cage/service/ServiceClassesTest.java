package helperlab.cage.service;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The cage's service holds no circle of classes: the supervisor above the run, the run above its parts, its parts
 * above its state, each using only what stands below it. A nested class counts as the class it is in.
 */
class ServiceClassesTest {
  private static final String SERVICE = "helperlab.cage.service";

  @Test
  void noClassOfTheServiceReachesBackToOneThatUsesIt() {
    JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(SERVICE);
    SliceAssignment eachClass = new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        if (!c.getPackageName().equals(SERVICE)) {
          return SliceIdentifier.ignore();
        }
        return SliceIdentifier.of(c.getName().substring(SERVICE.length() + 1).split("\\$")[0]);
      }

      @Override
      public String getDescription() {
        return "each top-level class of " + SERVICE;
      }
    };
    slices().assignedFrom(eachClass).should().beFreeOfCycles().check(classes);
  }
}
