package io.parquetarrow.core.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.encodings.BinaryBuffer;
import java.util.SplittableRandom;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;

/**
 * The in-place spreads of a section's dense values over its nulls in an Arrow buffer (four- and eight-byte values,
 * 32- and 64-bit binary offsets) against a plain reference: sections starting at every bit of a validity byte, every
 * length from 0 to 70 and 4,099, null rates from none to all.
 */
class SinkSpreadTest {
  private static final double[] NULL_RATES = {0, 0.1, 0.5, 0.9, 1};

  @Test
  void fixedWidthSpreadsMatchTheReference() {
    SplittableRandom random = new SplittableRandom(11);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int first = 0; first < 9; first++) {
        for (int rows = 0; rows <= 71; rows++) {
          for (double rate : NULL_RATES) {
            for (int width : new int[] {4, 8}) {
              checkFixedWidth(allocator, random, first, rows == 71 ? 4_099 : rows, rate, width);
            }
          }
        }
      }
    }
  }

  @Test
  void binaryOffsetSpreadsMatchTheReference() throws Exception {
    SplittableRandom random = new SplittableRandom(12);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int first = 0; first < 9; first++) {
        for (int rows = 0; rows <= 71; rows++) {
          for (double rate : NULL_RATES) {
            for (boolean large : new boolean[] {false, true}) {
              checkBinary(allocator, random, first, rows == 71 ? 4_099 : rows, rate, large);
            }
          }
        }
      }
    }
  }

  @Test
  void forwardSpreadsFromTheSourceMatchTheReference() {
    SplittableRandom random = new SplittableRandom(13);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int first = 0; first < 9; first++) {
        for (int rows = 1; rows <= 71; rows++) {
          for (double rate : NULL_RATES) {
            for (int width : new int[] {2, 4, 8}) {
              checkForward(allocator, random, first, rows == 71 ? 4_099 : rows, rate, width);
            }
          }
        }
      }
    }
  }

  /** The values end the source array, so that no read past the last value goes unnoticed. */
  private static void checkForward(
      BufferAllocator allocator, SplittableRandom random, int first, int rows, double rate, int width) {
    byte[] validity = new byte[(first + rows) / 8 + 2];
    boolean[] valid = draw(random, first, rows, rate, validity);
    int present = 0;
    for (boolean v : valid) {
      present += v ? 1 : 0;
    }
    if (present == 0) {
      return; // the caller writes no values: the spread alone zeroes the section
    }
    int sourceOffset = random.nextInt(8);
    byte[] source = new byte[sourceOffset + present * width];
    random.nextBytes(source);
    try (ArrowBuf buffer = allocator.buffer((long) (first + rows) * width)) {
      for (int slot = 0; slot < first + rows; slot++) {
        for (int b = 0; b < width; b++) {
          buffer.setByte((long) slot * width + b, 0x5A); // leftovers the spread must overwrite
        }
      }
      new ArrowBufSink().target(buffer).putSpread(first, rows, present, width, source, sourceOffset, validity);
      int value = 0;
      for (int row = 0; row < rows; row++) {
        for (int b = 0; b < width; b++) {
          byte expected = valid[row] ? source[sourceOffset + value * width + b] : 0;
          assertThat(buffer.getByte((long) (first + row) * width + b))
              .as("byte %d of row %d of %d from %d, null rate %s, width %d", b, row, rows, first, rate, width)
              .isEqualTo(expected);
        }
        value += valid[row] ? 1 : 0;
      }
    }
  }

  private static boolean[] draw(SplittableRandom random, int first, int rows, double rate, byte[] validity) {
    boolean[] valid = new boolean[rows];
    for (int row = 0; row < rows; row++) {
      valid[row] = random.nextDouble() >= rate;
      int bit = first + row;
      if (valid[row]) {
        validity[bit >>> 3] |= (byte) (1 << (bit & 7));
      }
    }
    validity[validity.length - 1] |= (byte) 0x80; // bits past the section must not matter
    return valid;
  }

  private static void checkFixedWidth(
      BufferAllocator allocator, SplittableRandom random, int first, int rows, double rate, int width) {
    byte[] validity = new byte[(first + rows) / 8 + 2];
    boolean[] valid = draw(random, first, rows, rate, validity);
    long[] expected = new long[rows];
    try (ArrowBuf buffer = allocator.buffer((long) (first + rows) * width)) {
      for (int slot = 0; slot < first + rows; slot++) {
        setSlot(buffer, slot, width, random.nextLong() | 1); // leftovers the spread must overwrite
      }
      int present = 0;
      for (int row = 0; row < rows; row++) {
        if (valid[row]) {
          long value = random.nextLong() | 1;
          setSlot(buffer, first + present, width, value);
          expected[row] = width == 4 ? (int) value : value;
          present++;
        }
      }
      if (present < rows) {
        new ArrowBufSink().target(buffer).spreadNulls(first, rows, present, width, validity);
      }
      for (int row = 0; row < rows; row++) {
        long at = (long) (first + row) * width;
        long actual = width == 4 ? buffer.getInt(at) : buffer.getLong(at);
        assertThat(actual).as("row %d of %d from %d, null rate %s, width %d", row, rows, first, rate, width)
            .isEqualTo(expected[row]);
      }
    }
  }

  private static void setSlot(ArrowBuf buffer, int slot, int width, long value) {
    if (width == 4) {
      buffer.setInt((long) slot * width, (int) value);
    } else {
      buffer.setLong((long) slot * width, value);
    }
  }

  private static void checkBinary(BufferAllocator allocator, SplittableRandom random, int first, int rows,
      double rate, boolean large) throws Exception {
    byte[] validity = new byte[(first + rows) / 8 + 2];
    boolean[] valid = draw(random, first, rows, rate, validity);
    BinaryBuffer prefix = new BinaryBuffer();
    for (int row = 0; row < first; row++) {
      prefix.append(new byte[] {1, 2, 3}, 0, 1 + random.nextInt(3));
    }
    BinaryBuffer values = new BinaryBuffer();
    long[] expectedEnds = new long[rows];
    long end = prefix.offsets()[first];
    int present = 0;
    for (int row = 0; row < rows; row++) {
      if (valid[row]) {
        int length = random.nextInt(4);
        values.append(new byte[] {4, 5, 6, 7}, 0, length);
        end += length;
        present++;
      }
      expectedEnds[row] = end;
    }
    ArrowBinarySink sink = new ArrowBinarySink(allocator, first + rows, 16, large);
    sink.append(0, prefix, first);
    sink.append(first, values, present);
    if (present < rows) {
      sink.spreadNulls(first, rows, present, validity);
    }
    try (ArrowBuf offsets = sink.takeOffsets(); ArrowBuf data = sink.takeData()) {
      for (int row = 0; row < rows; row++) {
        long at = (first + row + 1L) * (large ? 8 : 4);
        long actual = large ? offsets.getLong(at) : offsets.getInt(at);
        assertThat(actual).as("end of row %d of %d from %d, null rate %s, large %s", row, rows, first, rate, large)
            .isEqualTo(expectedEnds[row]);
      }
    }
  }
}
