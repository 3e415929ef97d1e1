package helperlab.study.prereg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings scored by the registration's rule: a recording made before the registration is refused, excluded ones
 * are counted and not scored, the first five kept are scored, a model right where the recordings agree with it.
 */
class ScorecardTest {
  private static final RunFate STOOD = new RunFate(false, null, false, false);
  private static final RunFate DOWN = new RunFate(true, 320.0, true, true);

  private static Scorecard.Recorded rec(String id, String at, RunFate fate, String... excluded) {
    return new Scorecard.Recorded(id, at, fate, List.of(excluded));
  }

  /** Five recordings after the registration, one minute apart, with these fates. */
  private static List<Scorecard.Recorded> five(String point, RunFate... fates) {
    List<Scorecard.Recorded> out = new ArrayList<>();
    for (int i = 0; i < fates.length; i++) {
      out.add(rec(point + "-" + i, "2026-12-08T11:0" + i + ":00Z", fates[i]));
    }
    return out;
  }

  @Test
  void aRecordingMadeBeforeTheRegistrationIsRefusedAndNotScored() {
    Registration r = RegistrationFixture.twoPoints();
    List<Scorecard.Recorded> s1 = new ArrayList<>(five("s1", STOOD, STOOD, STOOD, STOOD));
    // made an hour before the registration: it would have been the fifth, and it collapsed
    s1.add(rec("s1-early", "2026-12-08T09:00:00Z", DOWN));
    Scorecard card = Scorecard.of(r, Map.of("S1", s1));
    Scorecard.PointScore s = card.points().get(0);
    assertEquals(List.of("s1-early"), s.refused().stream().map(Scorecard.Recorded::id).toList());
    assertEquals(4, s.kept().size());
    assertFalse(s.judged(), "four kept recordings: not judged");
    assertNull(s.hostRight());
    assertTrue(card.markdown("points.json", "set").contains(
        "| S1 | s1-early | 2026-12-08T09:00:00Z | collapsed (never healthy from 320 s, down at the end) | no seed "
            + "collapsed | - | refused: made "
            + "before the registration (2026-12-08T10:00:00Z) |"), card.markdown("points.json", "set"));
  }

  @Test
  void aRecordingWithoutATimeIsRefusedToo() {
    Scorecard card = Scorecard.of(RegistrationFixture.twoPoints(), Map.of("S1", List.of(rec("s1-x", null, STOOD))));
    assertEquals(1, card.points().get(0).refused().size());
  }

  @Test
  void recordingsThatAgreeWithTheHostModelScoreItRightAndTheBasisWrongWhereItDiffers() {
    Registration r = RegistrationFixture.twoPoints();
    Scorecard card = Scorecard.of(r, Map.of(
        "S1", five("s1", STOOD, STOOD, DOWN, STOOD, STOOD),
        "C1", five("c1", DOWN, DOWN, STOOD, DOWN, DOWN)));
    assertEquals(2, card.judged());
    assertEquals(2, card.hostRight());
    assertEquals(1, card.basisRight(), "the basis predicts C1 stands (2 of 20)");
    assertEquals(Boolean.TRUE, card.points().get(1).observesCollapse());
  }

  @Test
  void recordingsThatDisagreeScoreTheHostModelWrong() {
    Scorecard card = Scorecard.of(RegistrationFixture.twoPoints(), Map.of(
        "S1", five("s1", DOWN, DOWN, DOWN, STOOD, STOOD),
        "C1", five("c1", STOOD, STOOD, STOOD, DOWN, DOWN)));
    assertEquals(0, card.hostRight());
    assertEquals(1, card.basisRight());
  }

  @Test
  void onlyTheFirstFiveKeptAreScoredAndTheExcludedAreCountedApart() {
    List<Scorecard.Recorded> c1 = new ArrayList<>(five("c1", DOWN, DOWN, STOOD, STOOD, DOWN));
    c1.add(rec("c1-late", "2026-12-08T12:00:00Z", STOOD)); // a sixth: reported, not scored
    c1.add(rec("c1-starved", "2026-12-08T11:02:30Z", STOOD, "starved: the host took 40%"));
    Scorecard.PointScore s = Scorecard.of(RegistrationFixture.twoPoints(), Map.of("C1", c1)).points().get(1);
    assertEquals(5, s.scored());
    assertEquals(3, s.collapsed());
    assertEquals(1, s.excluded().size());
    assertEquals(6, s.kept().size());
    assertEquals(Boolean.TRUE, s.hostRight());
  }

  @Test
  void theFirstFiveAreTheFirstMadeWhateverTheTimesPrecision() {
    // the cage writes nanoseconds: "11:00:00.5Z" is after "11:00:00Z" though it sorts before it as text
    List<Scorecard.Recorded> c1 = new ArrayList<>(List.of(rec("a", "2026-12-08T11:00:00.5Z", STOOD),
        rec("b", "2026-12-08T11:00:00Z", DOWN)));
    for (int i = 1; i <= 4; i++) {
      c1.add(rec("c" + i, "2026-12-08T11:0" + i + ":00Z", DOWN));
    }
    Scorecard.PointScore s = Scorecard.of(RegistrationFixture.twoPoints(), Map.of("C1", c1)).points().get(1);
    assertEquals(List.of("b", "a", "c1", "c2", "c3", "c4"), s.kept().stream().map(Scorecard.Recorded::id).toList());
    assertEquals(4, s.collapsed(), "b, c1, c2, c3 of the first five collapsed; c4 is the sixth");
  }

  @Test
  void aCollapsedRecordingsFirstSpellIsJudgedAgainstTheHostSeedsRange() {
    Prediction host = new Prediction("host", List.of(new RunFate(true, 300.0, true, true),
        new RunFate(true, 700.0, false, true), STOOD));
    assertEquals("yes (300-700 s)", Scorecard.inRange(new RunFate(true, 450.0, false, false), host));
    assertEquals("no (300-700 s)", Scorecard.inRange(new RunFate(true, 720.0, false, true), host));
    assertEquals("-", Scorecard.inRange(STOOD, host));
  }

  @Test
  void aRegistrationIsWrittenAndReadBackWhole(@TempDir Path dir) throws Exception {
    Registration r = RegistrationFixture.twoPoints();
    Path file = dir.resolve("points.json");
    DataFile.write(file, r);
    assertEquals(r, DataFile.read(file, Registration.class));
  }

  @Test
  void aRegistrationWithoutATimeIsRefusedInWords() {
    Registration r = RegistrationFixture.twoPoints();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Registration(r.format(), null,
        r.modelCommit(), r.calibrationFile(), r.calibrationSha256(), r.helperStart(), r.machine(), r.admission(),
        r.exhibitS(), r.simulatedSeeds(), r.criterion(), r.criterionWords(), r.rule(), r.paceGate(), r.exclusions(),
        r.points(), r.power()));
    assertEquals("a registration needs made_at (when it was made, UTC)", e.getMessage());
  }

  @Test
  void aFolderForAPointTheRegistrationDoesNotHaveIsAnError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Scorecard.of(RegistrationFixture.twoPoints(), Map.of("B9", List.of())));
    assertEquals("no point 'B9' in the registration (its points: S1, C1)", e.getMessage());
  }
}
