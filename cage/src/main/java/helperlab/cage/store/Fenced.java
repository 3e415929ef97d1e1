package helperlab.cage.store;

import java.sql.SQLException;

/**
 * A write refused because the cage no longer holds its identity: another cage took it (the identity's epoch moved
 * on), so what this one would write is a stale writer's. Never retried.
 */
public final class Fenced extends SQLException {
  /** The SQL state it carries (a class of our own, so no driver's state is mistaken for it). */
  static final String STATE = "HL001";

  Fenced(String message) {
    super(message, STATE);
  }
}
