package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processor a machine runs on, read as the kernel names it, and when two names are two machines. */
class ProcessorTest {
  @Test
  void theFirstModelNameOfCpuinfo(@TempDir Path dir) throws Exception {
    Path cpuinfo = dir.resolve("cpuinfo");
    Files.writeString(cpuinfo, "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13   64-Core"
        + " Processor\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13 64-Core Processor\n");
    assertEquals("AMD EPYC 7B13 64-Core Processor", Processor.fromCpuinfo(cpuinfo), "spaces as one");
    Files.writeString(cpuinfo, "processor\t: 0\nFeatures\t: fp asimd\n");
    assertNull(Processor.fromCpuinfo(cpuinfo), "an ARM kernel that names no model");
    assertNull(Processor.fromCpuinfo(dir.resolve("missing")));
  }

  @Test
  void aVmsBareMakeCarriesTheFirstProcessorsFamilyModelAndStepping(@TempDir Path dir) throws Exception {
    Path cpuinfo = dir.resolve("cpuinfo");
    Files.writeString(cpuinfo, "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\n"
        + "model name\t: AMD EPYC\nstepping\t: 1\n\nprocessor\t: 1\ncpu family\t: 25\nmodel\t\t: 1\n"
        + "model name\t: AMD EPYC\nstepping\t: 0\n");
    assertEquals("AMD EPYC (family 26, model 2, stepping 1)", Processor.fromCpuinfo(cpuinfo));
  }

  @Test
  void twoGenerationsOfOneMakeAreTwoMachines() {
    assertNotNull(Processor.differs("AMD EPYC (family 26, model 2, stepping 1)", "AMD EPYC (family 25, model 1, stepping 1)"));
    assertNull(Processor.differs("AMD EPYC (family 26, model 2, stepping 1)", "amd epyc (family 26, model 2, stepping 1)"));
    assertNull(Processor.differs("AMD EPYC (family 26, model 2, stepping 1)", "AMD EPYC"),
        "a calibration kept before family and model were is judged by the name");
    assertNotNull(Processor.differs("Intel(R) Xeon(R) Processor (family 6, model 143, stepping 8)", "AMD EPYC"));
  }

  @Test
  void twoNamesAreTwoMachinesOnlyWhenBothAreKnownAndDiffer() {
    assertNull(Processor.differs("AMD EPYC 7B13", "amd epyc 7b13"));
    assertNull(Processor.differs(null, "AMD EPYC 7B13"), "an older record says nothing");
    assertNull(Processor.differs("AMD EPYC 7B13", null), "an older calibration says nothing");
    assertEquals("recorded on Intel(R) Xeon(R) Processor, its calibration measured on AMD EPYC 7B13: another machine",
        Processor.differs("Intel(R) Xeon(R) Processor", "AMD EPYC 7B13"));
  }
}
