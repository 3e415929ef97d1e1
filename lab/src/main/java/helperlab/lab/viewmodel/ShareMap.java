package helperlab.lab.viewmodel;

import java.util.List;

/**
 * A phase diagram or a price map as the Sweep view draws it, all in words and positions: offered load across
 * ({@code loadLabels}), a trigger size or a helper's price up ({@code rowLabels}, bottom row first), each cell a share
 * of runs ({@code share} colours it), the staircase's x per row counted in cells from the left ({@code stair}), and the
 * known machines' prices as dashed lines ({@code marks}; none on a phase diagram).
 *
 * @param id the panel's node id ("phase-box", "price-box-client-at-once-bias-x1_4": {@link PhaseIds})
 * @param rowAxis the words over the rows ("spike size", "helper's start (images of the mix)")
 * @param loadAxis the words under the columns
 */
public record ShareMap(String id, String title, String rowAxis, String loadAxis, List<String> rowLabels,
    List<String> loadLabels, List<Cell> cells, List<Integer> stair, List<Mark> marks) {

  /**
   * A cell at {@code row} (0: the bottom) and {@code col}: its words ("2/3\n90%"), the share its colour shows, a dashed
   * frame when its interval does not say which side of one half it is, its tooltip, and what a click does (opens its
   * representative run).
   */
  public record Cell(int row, int col, String id, String text, double share, boolean dashed, String tooltip,
      Runnable open) { }

  /** A known machine at its price: {@code rowsUp} rows from the map's bottom edge (cell centres at 0.5, 1.5...). */
  public record Mark(String name, double rowsUp, String tooltip) { }
}
