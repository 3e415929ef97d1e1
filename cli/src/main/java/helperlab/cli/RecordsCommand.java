package helperlab.cli;

import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.ctl.Reply;
import helperlab.protocol.ctl.RunAnswer;
import helperlab.protocol.ctl.RunList;
import helperlab.remote.CtlExit;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code helper-lab ctl [--ssh ...] records [ID...] [--out DIR]}: the cage's past runs, one line each,
 * or the records of the runs named, saved as {@code ID.json} (the lab's runs folder reads them), so
 * nothing the cage recorded is lost to the lab because a stream broke.
 */
@Command(name = "records", mixinStandardHelpOptions = true,
    description = {"List the cage's recorded runs (newest first), or fetch the records of the runs named into --out.",
        "Exit codes as ctl's."},
    exitCodeList = {"3:the cage was not reached, or the link broke before every answer was in",
        "4:the cage refused at least one request (e.g. no such run)"})
final class RecordsCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @ParentCommand
  CtlCommand ctl;

  @Parameters(paramLabel = "ID", arity = "0..*", description = "runs whose records to fetch")
  java.util.List<String> ids = new java.util.ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", defaultValue = ".",
      description = "where fetched records go, as ID.json (default: the current directory)")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    StringBuilder requests = new StringBuilder();
    if (ids.isEmpty()) {
      requests.append(Wire.line(new CtlRequest.Runs())).append('\n');
    }
    for (String id : ids) {
      requests.append(Wire.line(new CtlRequest.Run(id))).append('\n');
    }
    ByteArrayOutputStream answers = new ByteArrayOutputStream();
    PrintWriter into = new PrintWriter(new java.io.OutputStreamWriter(answers, StandardCharsets.UTF_8), true);
    byte[] in = requests.toString().getBytes(StandardCharsets.UTF_8);
    int code = ctl.remote.ssh != null ? ctl.remote(new ByteArrayInputStream(in), into, stderr)
        : ctl.run(new BufferedReader(new InputStreamReader(new ByteArrayInputStream(in), StandardCharsets.UTF_8)), into);
    into.flush();
    int i = 0;
    for (String line : answers.toString(StandardCharsets.UTF_8).split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      Reply a = Wire.read(line, Reply.class);
      if (!a.succeeded()) {
        stderr.println("helper-lab ctl records: " + (a.error() == null ? "the cage refused" : a.error()));
      } else if (ids.isEmpty()) {
        for (RunList.Row r : Wire.read(line, RunList.class).runs()) {
          stdout.println(String.format(Locale.ROOT, "%-60s %-5s %-16s %-9s seed %-4s %-9s %s%s", r.id(), r.kind(),
              r.policy(), r.scenario(), r.seed(), r.state(), r.startedAt(),
              r.endedAt() != null ? " → " + r.endedAt() : ""));
        }
      } else {
        String id = ids.get(Math.min(i, ids.size() - 1));
        Files.createDirectories(out);
        Path file = out.resolve(id + ".json");
        Files.writeString(file, Wire.read(line, RunAnswer.class).record().toString(), StandardCharsets.UTF_8);
        stdout.println("fetched " + id + " into " + file);
      }
      i++;
    }
    return code == CtlExit.OK.code && i == 0 && !ids.isEmpty() ? CtlExit.UNREACHABLE.code : code;
  }
}
