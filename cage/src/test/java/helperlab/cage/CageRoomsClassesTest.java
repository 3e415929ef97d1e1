package helperlab.cage;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cage's service rooms (its configuration, a run, the supervisor, ctl) hold no circle of classes: the supervisor
 * above the run, the run above its parts, its parts above its state, each using only what stands below it. The rooms
 * among themselves are held by the architecture test; this holds the classes inside and across them. A nested class
 * counts as the class it is in.
 */
class CageRoomsClassesTest {
  private static final List<String> ROOMS = List.of("helperlab.cage.config", "helperlab.cage.run",
      "helperlab.cage.supervisor", "helperlab.cage.ctl");

  @Test
  void noClassOfTheRoomsReachesBackToOneThatUsesIt() {
    JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(ROOMS);
    SliceAssignment eachClass = new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        if (!ROOMS.contains(c.getPackageName())) {
          return SliceIdentifier.ignore();
        }
        return SliceIdentifier.of(c.getName().split("\\$")[0]);
      }

      @Override
      public String getDescription() {
        return "each top-level class of the cage's rooms";
      }
    };
    slices().assignedFrom(eachClass).should().beFreeOfCycles().check(classes);
  }
}
