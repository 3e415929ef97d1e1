package helperlab.policy;

/** An image as the scheduler sees it: its id, its task, and how many seconds of one core it should take. */
public record ImageJob(int id, int task, double predictedS) {
  public ImageJob {
    if (!(predictedS >= 0) || Double.isInfinite(predictedS)) {
      throw new IllegalArgumentException("image " + id + ": predicted seconds must be >= 0, got " + predictedS);
    }
  }
}
