package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

/**
 * The values a test expects a decoder to produce, in the decoder's destination type, with what the read/skip
 * harness ({@link DecoderHarness}) needs: a destination with room for a read, and a check of what was read.
 */
abstract class ExpectedValues<T> {

  abstract int count();

  /** A destination for {@code count} values placed after {@code padding} unused slots. */
  abstract T newDestination(int padding, int count);

  /** Where a read into a fresh {@link #newDestination} with {@code padding} starts. */
  int destinationOffset(T destination, int padding) {
    return padding;
  }

  /** Asserts that {@code destination} holds values {@code [first, first + count)} from {@code offset}. */
  abstract void assertHolds(T destination, int offset, int first, int count, String context);

  static ExpectedValues<int[]> ints(int[] expected) {
    return new ExpectedValues<>() {
      @Override
      int count() {
        return expected.length;
      }

      @Override
      int[] newDestination(int padding, int count) {
        int[] destination = new int[padding + count + 1];
        Arrays.fill(destination, 0x5A5A5A5A);
        return destination;
      }

      @Override
      void assertHolds(int[] destination, int offset, int first, int count, String context) {
        assertThat(Arrays.copyOfRange(destination, offset, offset + count))
            .as("%s: values [%d, %d)", context, first, first + count)
            .containsExactly(Arrays.copyOfRange(expected, first, first + count));
        assertThat(destination[offset + count]).as("%s: slot after the read untouched", context).isEqualTo(0x5A5A5A5A);
      }
    };
  }

  static ExpectedValues<long[]> longs(long[] expected) {
    return new ExpectedValues<>() {
      @Override
      int count() {
        return expected.length;
      }

      @Override
      long[] newDestination(int padding, int count) {
        long[] destination = new long[padding + count + 1];
        Arrays.fill(destination, 0x5A5A5A5A5A5AL);
        return destination;
      }

      @Override
      void assertHolds(long[] destination, int offset, int first, int count, String context) {
        assertThat(Arrays.copyOfRange(destination, offset, offset + count))
            .as("%s: values [%d, %d)", context, first, first + count)
            .containsExactly(Arrays.copyOfRange(expected, first, first + count));
        assertThat(destination[offset + count]).as("%s: slot after the read untouched", context)
            .isEqualTo(0x5A5A5A5A5A5AL);
      }
    };
  }

  /** Fixed-width values back to back ({@code width} 1 for booleans as 0/1 bytes). */
  static ExpectedValues<byte[]> fixed(byte[] expected, int width) {
    return new ExpectedValues<>() {
      @Override
      int count() {
        return expected.length / width;
      }

      @Override
      byte[] newDestination(int padding, int count) {
        byte[] destination = new byte[(padding + count + 1) * width];
        Arrays.fill(destination, (byte) 0x5A);
        return destination;
      }

      @Override
      int destinationOffset(byte[] destination, int padding) {
        return padding * width;
      }

      @Override
      void assertHolds(byte[] destination, int offset, int first, int count, String context) {
        assertThat(Arrays.copyOfRange(destination, offset, offset + count * width))
            .as("%s: values [%d, %d) of width %d", context, first, first + count, width)
            .containsExactly(Arrays.copyOfRange(expected, first * width, (first + count) * width));
      }
    };
  }

  static ExpectedValues<BinaryBuffer> binaries(byte[][] expected) {
    return new ExpectedValues<>() {
      @Override
      int count() {
        return expected.length;
      }

      @Override
      BinaryBuffer newDestination(int padding, int count) {
        BinaryBuffer buffer = new BinaryBuffer(0, 0);
        byte[] filler = {1, 2, 3};
        for (int i = 0; i < padding; i++) {
          try {
            buffer.append(filler, 0, i % 4);
          } catch (io.parquetarrow.errors.ParquetCorruptionException e) {
            throw new AssertionError(e);
          }
        }
        return buffer;
      }

      @Override
      void assertHolds(BinaryBuffer destination, int offset, int first, int count, String context) {
        assertThat(destination.size()).as("%s: buffer size after the read", context).isEqualTo(offset + count);
        assertThat(destination.offsets()[0]).as("%s: first offset", context).isZero();
        for (int i = 0; i < count; i++) {
          assertThat(destination.valueBytes(offset + i))
              .as("%s: value %d", context, first + i)
              .containsExactly(expected[first + i]);
        }
      }
    };
  }
}
