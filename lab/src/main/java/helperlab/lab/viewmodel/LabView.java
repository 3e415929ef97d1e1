package helperlab.lab.viewmodel;

/** The lab's views (tabs of the main window). */
public enum LabView {
  LIVE("Live"), RUNS("Runs"), COMPARE("Compare"), SWEEP("Sweep"), REMOTE("Remote cage");

  private final String title;

  LabView(String title) {
    this.title = title;
  }

  public String title() {
    return title;
  }
}
