package io.parquetarrow.core.column;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link SelectionBits} against a row-by-row reference: selections of 300 rows at densities from none to all, over
 * every range that starts and ends at or near a word boundary and at random places between.
 */
class SelectionBitsTest {
  private static final int ROWS = 300;

  @Test
  void everyReadMatchesTheReference() {
    SplittableRandom random = new SplittableRandom(29);
    for (double density : new double[] {0, 0.01, 0.3, 0.9, 1}) {
      long[] selection = new long[(ROWS + 63) / 64];
      for (int row = 0; row < ROWS; row++) {
        if (random.nextDouble() < density) {
          selection[row >>> 6] |= 1L << row;
        }
      }
      int[] edges = {0, 1, 62, 63, 64, 65, 127, 128, 129, 191, 192, 255, 256, 299, 300};
      for (int from : edges) {
        for (int end : edges) {
          check(selection, from, Math.max(from, end));
        }
      }
      for (int round = 0; round < 200; round++) {
        int from = random.nextInt(ROWS + 1);
        check(selection, from, from + random.nextInt(ROWS + 1 - from));
      }
    }
  }

  private static void check(long[] selection, int from, int end) {
    int[] expected = new int[end - from];
    int count = 0;
    for (int row = from; row < end; row++) {
      if ((selection[row >>> 6] >>> row & 1) != 0) {
        expected[count++] = row - from;
      }
    }
    String range = "[" + from + ", " + end + ")";
    assertThat(SelectionBits.count(selection, from, end)).as("count of %s", range).isEqualTo(count);
    assertThat(SelectionBits.next(selection, from, end)).as("next in %s", range)
        .isEqualTo(count == 0 ? end : from + expected[0]);
    assertThat(SelectionBits.last(selection, from, end)).as("last in %s", range)
        .isEqualTo(count == 0 ? -1 : from + expected[count - 1]);
    int[] picks = new int[end - from];
    assertThat(SelectionBits.picks(selection, from, end, picks)).as("picks in %s", range).isEqualTo(count);
    assertThat(Arrays.copyOf(picks, count)).as("picks in %s", range).isEqualTo(Arrays.copyOf(expected, count));
  }
}
