package io.parquetarrow.core.column;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The flat reader's in-place spread of a section's booleans (a byte per row on the heap) over its nulls against a
 * plain reference: sections starting at every bit of a validity byte, lengths 0 to 70 and 4,099, null rates from
 * none to all.
 */
class BooleanSpreadTest {
  @Test
  void spreadMatchesTheReference() {
    SplittableRandom random = new SplittableRandom(13);
    for (int first = 0; first < 9; first++) {
      for (int rows = 0; rows <= 71; rows++) {
        for (double rate : new double[] {0, 0.1, 0.5, 0.9, 1}) {
          check(random, first, rows == 71 ? 4_099 : rows, rate);
        }
      }
    }
  }

  private static void check(SplittableRandom random, int first, int rows, double rate) {
    byte[] validity = new byte[(first + rows) / 8 + 2];
    validity[validity.length - 1] = (byte) 0x80; // bits past the section must not matter
    byte[] values = new byte[rows];
    byte[] expected = new byte[rows];
    int present = 0;
    for (int row = 0; row < rows; row++) {
      values[row] = (byte) (random.nextInt(255) + 1); // leftovers the spread must overwrite
    }
    for (int row = 0; row < rows; row++) {
      if (random.nextDouble() >= rate) {
        int bit = first + row;
        validity[bit >>> 3] |= (byte) (1 << (bit & 7));
        expected[row] = (byte) (random.nextInt(255) + 1);
        values[present++] = expected[row];
      }
    }
    FlatColumnReader.spreadBytes(values, first, rows, present, validity);
    assertThat(values).as("%d rows from bit %d, null rate %s", rows, first, rate).isEqualTo(expected);
  }
}
