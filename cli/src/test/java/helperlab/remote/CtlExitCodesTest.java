package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.ctl.CtlServer;
import helperlab.model.DataFile;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ctl}'s exit codes as a script relies on them, against a real cage, locally and over SSH:
 * 0 only when every answer is {@code ok: true}, 1 when the cage refused one (its answers still printed),
 * 2 for bad arguments, 3 when the cage was not reached; and {@code ctl --ssh} finding the deployed cage
 * without being told how to start it.
 */
@Tag("slow") // a cage over SSH per case
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CtlExitCodesTest {
  Path dir;
  TestCage cage;
  SshTestServer.Login login;

  @BeforeAll
  void start(@TempDir Path tmp) throws Exception {
    dir = tmp;
    cage = TestCage.start(Files.createDirectories(dir.resolve("cage")));
    login = SshTestServer.login(Files.createDirectories(dir.resolve("ssh")), false);
  }

  @AfterAll
  void stop() throws Exception {
    login.close();
    cage.close();
  }

  private CliRun local(String stdin) throws Exception {
    return CliRun.run(dir, stdin, "ctl", "--data", cage.data.toString());
  }

  private CliRun ssh(String stdin, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("ctl", "--ssh", "lab@127.0.0.1:" + login.server().port(), "--identity",
        login.key().toString(), "--known-hosts", login.knownHosts().toString()));
    args.addAll(List.of(more));
    return CliRun.run(dir, stdin, args.toArray(String[]::new));
  }

  private static List<JsonNode> answers(CliRun r) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String line : r.out().strip().split("\n")) {
      out.add(DataFile.JSON.readTree(line));
    }
    return out;
  }

  private static final String STATUS = "{\"op\":\"status\"}\n";

  @Test
  void locallyZeroOnlyWhenEveryAnswerIsOk() throws Exception {
    CliRun ok = local(STATUS);
    assertEquals(CtlExit.OK.code, ok.code(), ok.toString());
    assertTrue(answers(ok).get(0).path("ok").asBoolean(), ok.toString());

    for (String refused : List.of("{\"op\":\"set-policy\",\"policy\":\"no-such-policy\"}", "{\"op\":\"fly\"}",
        "{\"op\":\"status\"", "{\"op\":\"exhibit\"}")) {
      CliRun r = local(STATUS + refused + "\n" + STATUS);
      assertEquals(CtlExit.REFUSED.code, r.code(), refused + ": " + r);
      List<JsonNode> a = answers(r);
      assertEquals(3, a.size(), "every answer printed: " + r);
      assertTrue(a.get(0).path("ok").asBoolean() && a.get(2).path("ok").asBoolean(), r.toString());
      assertTrue(!a.get(1).path("ok").asBoolean() && !a.get(1).path("error").asText().isEmpty(), r.toString());
    }
  }

  @Test
  void locallyAMissingCageIsUnreachableAndBadArgumentsAreUsage() throws Exception {
    CliRun none = CliRun.run(dir, STATUS, "ctl", "--data", dir.resolve("nowhere").toString());
    assertEquals(CtlExit.UNREACHABLE.code, none.code(), none.toString());
    assertTrue(none.out().contains("no cage is running on"), none.toString());
    CliRun usage = CliRun.run(dir, STATUS, "ctl", "--no-such-option");
    assertEquals(CtlExit.USAGE.code, usage.code(), usage.toString());
  }

  @Test
  void overSshTheSameCodes() throws Exception {
    String remote = "helper-lab ctl --data " + SshTestServer.quote(cage.data.toString());
    CliRun ok = ssh(STATUS, "--remote-command", remote);
    assertEquals(CtlExit.OK.code, ok.code(), ok.toString());
    CliRun refused = ssh(STATUS + "{\"op\":\"fly\"}\n", "--remote-command", remote);
    assertEquals(CtlExit.REFUSED.code, refused.code(), refused.toString());
    assertEquals(2, answers(refused).size(), refused.toString());
    assertTrue(answers(refused).get(1).path("error").asText().contains("unknown op 'fly'"), refused.toString());
    CliRun usage = ssh(STATUS, "--remote-dir", "../elsewhere");
    assertEquals(CtlExit.USAGE.code, usage.code(), usage.toString());
    assertTrue(usage.reason().contains("no '..'"), usage.toString());
  }

  @Test
  void overSshTheDefaultCommandFindsTheDeployedCage() throws Exception {
    // what deploy leaves in ~/helper-lab: its launcher, its ctl script and the cage's data directory
    Path deployed = Files.createDirectories(login.server().home.resolve("helper-lab"));
    try {
      Path launcher = deployed.resolve("helper-lab");
      Files.writeString(launcher, "#!/bin/sh\nexec " + SshTestServer.quote(login.server().bin.resolve("helper-lab")
          .toString()) + " \"$@\"\n");
      launcher.toFile().setExecutable(true);
      try (InputStream in = Deployer.ctlScript(DeployOptions.defaults()).open()) {
        Files.write(deployed.resolve(Deployer.CTL), in.readAllBytes());
      }
      deployed.resolve(Deployer.CTL).toFile().setExecutable(true);
      Files.createSymbolicLink(deployed.resolve(DeployOptions.DEFAULT_DATA_DIR), cage.data);

      CliRun r = ssh(STATUS);
      assertEquals(CtlExit.OK.code, r.code(), r.toString());
      assertEquals("pool-edf-10", answers(r).get(0).path("policy").asText(), "the default policy of the cage: " + r);

      // the deployment's cage stopped: the advice starts it as deployed, not a bare cage serve beside it
      Files.delete(deployed.resolve(DeployOptions.DEFAULT_DATA_DIR));
      Files.createDirectories(deployed.resolve(DeployOptions.DEFAULT_DATA_DIR));
      CliRun stopped = ssh(STATUS);
      assertEquals(CtlExit.UNREACHABLE.code, stopped.code(), stopped.toString());
      String advice = answers(stopped).get(0).path("error").asText();
      assertTrue(advice.startsWith("the cage deployed in " + deployed.toRealPath() + " is not running"), advice);
      assertTrue(advice.contains("helper-lab deploy") && advice.contains(deployed.toRealPath() + "/cage-serve"), advice);
      assertFalse(advice.contains("cage serve --data"), advice);
    } finally {
      DeployFreshServerTest.sh("rm", "-rf", deployed.toString());
    }
    // nothing deployed: the helper-lab on the PATH answers that no cage runs in its default data directory
    CliRun none = ssh(STATUS);
    assertEquals(CtlExit.UNREACHABLE.code, none.code(), none.toString());
    assertTrue(none.reason().contains("could not reach its cage"), none.toString());
    assertTrue(none.out().contains("no cage is running"), none.toString());
  }

  @Test
  void answersAreUtf8OverSshUnderAPosixLocaleAtBothEnds() throws Exception {
    // the server's ctl and this side's both run with the POSIX locale, where Java writes non-ASCII as '?'
    String remote = "LC_ALL=POSIX LANG=C; export LC_ALL LANG; helper-lab ctl --data "
        + SshTestServer.quote(cage.data.toString());
    List<String> args = new ArrayList<>(List.of("ctl", "--ssh", "lab@127.0.0.1:" + login.server().port(), "--identity",
        login.key().toString(), "--known-hosts", login.knownHosts().toString(), "--remote-command", remote));
    CliRun r = CliRun.run(java.util.Map.of("LC_ALL", "POSIX", "LANG", "C"), dir,
        "{\"op\":\"set-policy\",\"policy\":\"böx-Ünïcode-箱\"}\n", args.toArray(String[]::new));
    assertEquals(CtlExit.REFUSED.code, r.code(), r.toString());
    assertTrue(answers(r).get(0).path("error").asText().contains("unknown policy 'böx-Ünïcode-箱'"), r.toString());
  }

  @Test
  void pastRecordsAreListedAndFetchedLocallyAndOverSsh() throws Exception {
    CliRun exhibit = local("{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\",\"scenario\":\"calm\",\"seed\":1,"
        + "\"duration_s\":3,\"grace_s\":5,\"wait\":true}\n");
    assertEquals(CtlExit.OK.code, exhibit.code(), exhibit.toString());
    String id = answers(exhibit).get(0).path("run").asText();
    assertFalse(id.isEmpty(), exhibit.toString());

    CliRun list = CliRun.run(dir, "", "ctl", "--data", cage.data.toString(), "records");
    assertEquals(CtlExit.OK.code, list.code(), list.toString());
    assertTrue(list.out().lines().anyMatch(l -> l.startsWith(id + " ") && l.contains("pool-edf-10")), list.out());

    Path into = dir.resolve("fetched");
    String remote = "helper-lab ctl --data " + SshTestServer.quote(cage.data.toString());
    CliRun fetched = ssh("", "--remote-command", remote, "records", id, "--out", into.toString());
    assertEquals(CtlExit.OK.code, fetched.code(), fetched.toString());
    helperlab.model.RunRecord r = DataFile.read(into.resolve(id + ".json"), helperlab.model.RunRecord.class);
    assertEquals(id, r.id());

    CliRun none = CliRun.run(dir, "", "ctl", "--data", cage.data.toString(), "records", "no-such-run");
    assertEquals(CtlExit.REFUSED.code, none.code(), none.toString());
    assertTrue(none.reason().contains("no run 'no-such-run'"), none.toString());
  }

  @Test
  void theHelpListsEveryRequestAndEveryExitCode() throws Exception {
    CliRun help = CliRun.run(dir, "", "ctl", "--help");
    assertEquals(0, help.code(), help.toString());
    for (String op : CtlServer.OPS) {
      assertTrue(help.out().contains("{\"op\":\"" + op + "\""), op + " in: " + help.out());
    }
    for (CtlExit e : CtlExit.values()) {
      assertTrue(help.out().contains("  " + e.code + "  "), e + " in: " + help.out());
    }
  }
}
