package helperlab.lab.viewmodel;

import helperlab.study.phase.diagram.PhaseDiagram;
import java.util.Locale;

/**
 * The node ids of the phase view's panels and cells, what a test looks them up by: one id per diagram and per cell
 * even when a policy has several settings (each setting is its own diagram), and no dots, which CSS selectors split
 * at. The default setting keeps the short ids: "phase-box", "phase-box-030-x2" (load 0.30, ×2); another reads
 * "phase-box-client-at-once-bias-x1_4" and "phase-box-client-at-once-bias-x1_4-030-x2".
 */
final class PhaseIds {
  private PhaseIds() {}

  static String diagram(PhaseDiagram d) {
    return "phase-" + d.policy() + settingPart(d.run());
  }

  /** "" for the default setting, else "-client-at-once-bias-x1_4". */
  static String settingPart(PhaseDiagram.Run run) {
    String setting = part(run.setting().replace(",", " ").trim().replaceAll("\\s+", "-"));
    return setting.isEmpty() ? "" : "-" + setting;
  }

  static String cell(PhaseDiagram d, PhaseDiagram.Cell c) {
    return String.format(Locale.ROOT, "%s-%03d-%s", diagram(d), Math.round(100 * c.load()),
        part(PhaseDiagram.sizeLabel(d.kind(), c.size())));
  }

  private static String part(String s) {
    return s.replace('\u00d7', 'x').replace("%", "pc").replace('.', '_');
  }
}
