package helperlab.policy;

import java.util.ArrayList;
import java.util.List;

/** What the hand-driven scheduler tests build on: a cage of a given budget, tasks of equal images, commands of one kind. */
final class SchedulerFixture {
  private SchedulerFixture() {
  }

  /** {@code budget} helpers, no admission control. */
  static SchedulerConfig config(int budget) {
    return new SchedulerConfig(budget, 64, budget, AdmissionMode.NONE, 0.5, 3);
  }

  /** Task {@code id} of {@code images} images of {@code eachS} seconds each (image ids {@code id*1000+i}). */
  static TaskRequest task(int id, double arrival, double deadline, int images, double eachS) {
    List<ImageJob> jobs = new ArrayList<>();
    for (int i = 0; i < images; i++) {
      jobs.add(new ImageJob(id * 1000 + i, id, eachS));
    }
    return new TaskRequest(id, arrival, deadline, jobs, images * eachS);
  }

  /** The commands of {@code type}, in order. */
  static <T extends Command> List<T> only(List<Command> commands, Class<T> type) {
    return commands.stream().filter(type::isInstance).map(type::cast).toList();
  }
}
