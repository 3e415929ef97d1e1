package helperlab.policy;

import java.util.List;

/**
 * A batch offered to the service: its images with predicted costs, its deadline, and the work the
 * old flat per-preset average would assume for it.
 */
public record TaskRequest(int id, double arrivalS, double deadlineS, List<ImageJob> images, double flatWorkS) {
  public TaskRequest {
    images = List.copyOf(images);
    if (images.isEmpty()) {
      throw new IllegalArgumentException("task " + id + " has no images");
    }
    if (!(deadlineS > arrivalS)) {
      throw new IllegalArgumentException("task " + id + ": deadline " + deadlineS + " is not after arrival " + arrivalS);
    }
    for (ImageJob image : images) {
      if (image.task() != id) {
        throw new IllegalArgumentException("image " + image.id() + " belongs to task " + image.task() + ", not " + id);
      }
    }
  }

  public double predictedWorkS() {
    double sum = 0;
    for (int i = 0; i < images.size(); i++) { // by index: asked at every submit, without an iterator
      sum += images.get(i).predictedS();
    }
    return sum;
  }

  public double windowS() {
    return deadlineS - arrivalS;
  }
}
