package helperlab.cage.supervisor;

/** A batch of another cage on the same database: this cage says whose it is, and shows nothing of it. */
public final class OtherCagesBatch extends RuntimeException {
  private final String owner;

  OtherCagesBatch(long id, String owner, String identity) {
    super("batch " + id + " belongs to cage '" + owner + "', not to this cage ('" + identity + "'): the two share a"
        + " database; ask cage '" + owner + "' for it");
    this.owner = owner;
  }

  /** The identity of the cage that owns it. */
  public String owner() {
    return owner;
  }
}
