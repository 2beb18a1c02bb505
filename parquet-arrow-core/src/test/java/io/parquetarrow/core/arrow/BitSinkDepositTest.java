package io.parquetarrow.core.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.util.SplittableRandom;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;

/**
 * Bit-packed BOOLEAN values deposited by {@link ArrowBitSink#depositBits} at the rows their validity gives, against
 * a bit-by-bit reference: sections written one after another from every bit of a byte, of every length from 1 to
 * 70 and 4,099, null rates from none to all, with and without a validity bitmap, the source starting at any bit
 * and ending its array with the last value.
 */
class BitSinkDepositTest {
  private static final double[] NULL_RATES = {0, 0.1, 0.5, 0.9, 1};

  @Test
  void depositedBitsMatchTheReference() {
    SplittableRandom random = new SplittableRandom(31);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int first = 0; first < 10; first++) {
        for (int rows = 1; rows <= 71; rows++) {
          for (double rate : NULL_RATES) {
            check(allocator, random, first, rows == 71 ? 4_099 : rows, rate, rate == 0 && rows % 2 == 0);
          }
        }
      }
    }
  }

  /** Rows {@code [first, first + rows)} between two other sections, each deposited on its own. */
  private static void check(
      BufferAllocator allocator, SplittableRandom random, int first, int rows, double rate, boolean noValidity) {
    int total = first + rows + 11;
    byte[] validity = new byte[(total + 7) / 8];
    boolean[] valid = new boolean[total];
    for (int row = 0; row < total; row++) {
      valid[row] = noValidity || random.nextDouble() >= rate;
      if (valid[row]) {
        validity[row >>> 3] |= (byte) (1 << (row & 7));
      }
    }
    boolean[] expected = new boolean[total];
    try (ArrowBuf buffer = allocator.buffer((total + 7) / 8)) {
      buffer.setZero(0, buffer.capacity());
      ArrowBitSink sink = new ArrowBitSink(buffer);
      int[][] sections = {{0, first}, {first, rows}, {first + rows, 11}};
      for (int[] section : sections) {
        int present = 0;
        for (int row = section[0]; row < section[0] + section[1]; row++) {
          present += valid[row] ? 1 : 0;
        }
        int sourceBit = random.nextInt(16);
        byte[] source = new byte[(sourceBit + present + 7) / 8];
        random.nextBytes(source);
        int next = sourceBit;
        for (int row = section[0]; row < section[0] + section[1]; row++) {
          if (valid[row]) {
            expected[row] = (source[next >>> 3] >>> (next & 7) & 1) != 0;
            next++;
          }
        }
        sink.depositBits(section[0], section[1], source, sourceBit, noValidity ? null : validity);
      }
      for (int row = 0; row < total; row++) {
        boolean actual = (buffer.getByte(row >>> 3) >>> (row & 7) & 1) != 0;
        assertThat(actual).as("row %d, section of %d from %d, null rate %s", row, rows, first, rate)
            .isEqualTo(expected[row]);
      }
    }
  }
}
