package io.parquetarrow.core.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The in-place spreads of dense values to their rows (ints, longs, bytes) against a plain reference: every row
 * count from 0 to 200 and 65,536, null rates from none to all, bitmaps whose bytes are full, empty and mixed.
 */
class ValiditySpreadTest {
  private static final double[] NULL_RATES = {0, 0.01, 0.1, 0.5, 0.9, 1};

  @Test
  void spreadsMatchTheReference() {
    SplittableRandom random = new SplittableRandom(42);
    int cases = 0;
    for (int rows = 0; rows <= 201; rows++) {
      for (double rate : NULL_RATES) {
        check(random, rows == 201 ? 65_536 : rows, rate);
        cases++;
      }
    }
    assertThat(cases).isPositive();
  }

  private static void check(SplittableRandom random, int rows, double nullRate) {
    byte[] bitmap = new byte[(rows + 7) / 8 + 1];
    boolean[] valid = new boolean[rows];
    int nulls = 0;
    for (int row = 0; row < rows; row++) {
      valid[row] = random.nextDouble() >= nullRate;
      if (valid[row]) {
        bitmap[row >>> 3] |= (byte) (1 << (row & 7));
      } else {
        nulls++;
      }
    }
    // Bits past the last row must not matter.
    bitmap[bitmap.length - 1] |= (byte) 0x80;
    int[] ints = new int[rows];
    long[] longs = new long[rows];
    byte[] bytes = new byte[rows];
    for (int i = 0; i < rows; i++) {
      ints[i] = random.nextInt() | 1;
      longs[i] = random.nextLong() | 1;
      bytes[i] = (byte) (random.nextInt() | 1);
    }
    int[] expectedInts = new int[rows];
    long[] expectedLongs = new long[rows];
    byte[] expectedBytes = new byte[rows];
    for (int row = 0, source = 0; row < rows; row++) {
      if (valid[row]) {
        expectedInts[row] = ints[source];
        expectedLongs[row] = longs[source];
        expectedBytes[row] = bytes[source];
        source++;
      }
    }
    // Slots past the dense values hold leftovers, which the spread must not let through.
    Validity.spreadInts(bitmap, rows, nulls, ints);
    Validity.spreadLongs(bitmap, rows, nulls, longs);
    Validity.spreadBytes(bitmap, rows, nulls, bytes);
    String context = rows + " rows, null rate " + nullRate;
    assertThat(ints).as("ints, %s", context).isEqualTo(expectedInts);
    assertThat(longs).as("longs, %s", context).isEqualTo(expectedLongs);
    assertThat(bytes).as("bytes, %s", context).isEqualTo(expectedBytes);
  }
}
