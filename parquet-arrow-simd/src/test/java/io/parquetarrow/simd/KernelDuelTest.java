package io.parquetarrow.simd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Duel tests: the Vector API kernels against the scalar reference, and both against a naive bit-at-a-time
 * reader written here, for every kernel, every bit width and lengths around every vector boundary up to 4098.
 * Both implementations are constructed directly, so the suite covers vectors whatever {@link KernelProvider}
 * would pick. Inputs are exact-length arrays (with a small prefix before the offset), so a kernel that reads or
 * writes past its range fails with {@link ArrayIndexOutOfBoundsException}; output prefixes hold a sentinel that
 * must survive. Every random input prints its seed in the failure message; rerun one with
 * {@code -Dparquet.arrow.test.seed=N}.
 */
class KernelDuelTest {

  private static final long SEED = Long.getLong("parquet.arrow.test.seed", System.nanoTime());
  private static final int PREFIX = 3;
  private static final int[] LENGTHS = lengths();

  private final ParquetKernels scalar = ScalarKernels.INSTANCE;
  private final ParquetKernels vector = new VectorKernels();

  /** 0–80 (every lane count and the 32-byte load boundaries of small widths), then around powers of two. */
  private static int[] lengths() {
    IntStream small = IntStream.rangeClosed(0, 80);
    IntStream large = IntStream.of(95, 96, 97, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000, 1023, 1024,
        1025, 2047, 2048, 2049, 4095, 4096, 4097, 4098);
    return IntStream.concat(small, large).toArray();
  }

  static IntStream intWidths() {
    return IntStream.rangeClosed(0, 32);
  }

  static IntStream longWidths() {
    return IntStream.rangeClosed(0, 64);
  }

  private static Random random(String test, int variant) {
    return new Random(SEED ^ test.hashCode() * 31L ^ variant);
  }

  private static String where(String kernel, int width, int count) {
    return String.format("%s width %d count %d (seed %d)", kernel, width, count, SEED);
  }

  // ---- bit unpacking and packing -------------------------------------------------------------------------

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("intWidths")
  void unpackIntsMatchesNaiveReader(int width) {
    Random random = random("unpackInts", width);
    for (int count : LENGTHS) {
      byte[] input = randomBytes(random, PREFIX + byteCount(count, width));
      int[] expected = new int[count];
      for (int i = 0; i < count; i++) {
        expected[i] = (int) naiveRead(input, PREFIX, (long) i * width, width);
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        int[] output = sentinelInts(PREFIX + count);
        kernels.unpackInts(input, PREFIX, output, PREFIX, count, width);
        assertThat(Arrays.copyOfRange(output, PREFIX, output.length)).as(where(kernels.name() + " unpackInts", width,
            count)).containsExactly(expected);
        assertThat(Arrays.copyOf(output, PREFIX)).as("prefix untouched").containsOnly(SENTINEL);
      }
    }
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("longWidths")
  void unpackLongsMatchesNaiveReader(int width) {
    Random random = random("unpackLongs", width);
    for (int count : LENGTHS) {
      byte[] input = randomBytes(random, PREFIX + byteCount(count, width));
      long[] expected = new long[count];
      for (int i = 0; i < count; i++) {
        expected[i] = naiveRead(input, PREFIX, (long) i * width, width);
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        long[] output = new long[PREFIX + count];
        Arrays.fill(output, SENTINEL);
        kernels.unpackLongs(input, PREFIX, output, PREFIX, count, width);
        assertThat(Arrays.copyOfRange(output, PREFIX, output.length))
            .as(where(kernels.name() + " unpackLongs", width, count)).containsExactly(expected);
        assertThat(Arrays.copyOf(output, PREFIX)).as("prefix untouched").containsOnly((long) SENTINEL);
      }
    }
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("intWidths")
  void packIntsMatchesNaiveWriter(int width) {
    Random random = random("packInts", width);
    for (int count : LENGTHS) {
      // Full 32-bit random values: the kernels must ignore the bits above the width.
      int[] values = new int[PREFIX + count];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextInt();
      }
      byte[] expected = new byte[byteCount(count, width)];
      for (int i = 0; i < count; i++) {
        naiveWrite(expected, 0, (long) i * width, width, values[PREFIX + i] & 0xFFFFFFFFL);
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        byte[] output = new byte[PREFIX + expected.length];
        Arrays.fill(output, (byte) 0x5A);
        kernels.packInts(values, PREFIX, count, width, output, PREFIX);
        assertThat(Arrays.copyOfRange(output, PREFIX, output.length))
            .as(where(kernels.name() + " packInts", width, count)).containsExactly(expected);
        assertThat(Arrays.copyOf(output, PREFIX)).as("prefix untouched").containsOnly((byte) 0x5A);
      }
    }
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("longWidths")
  void packLongsMatchesNaiveWriter(int width) {
    Random random = random("packLongs", width);
    for (int count : LENGTHS) {
      long[] values = new long[PREFIX + count];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextLong();
      }
      byte[] expected = new byte[byteCount(count, width)];
      for (int i = 0; i < count; i++) {
        naiveWrite(expected, 0, (long) i * width, width, values[PREFIX + i]);
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        byte[] output = new byte[PREFIX + expected.length];
        Arrays.fill(output, (byte) 0x5A);
        kernels.packLongs(values, PREFIX, count, width, output, PREFIX);
        assertThat(Arrays.copyOfRange(output, PREFIX, output.length))
            .as(where(kernels.name() + " packLongs", width, count)).containsExactly(expected);
      }
    }
  }

  // ---- DELTA_BINARY_PACKED ----------------------------------------------------------------------------------

  @Test
  void deltaPrefixSumIntsDuel() {
    Random random = random("deltaInts", 0);
    for (int count : LENGTHS) {
      int[] deltas = new int[PREFIX + count];
      for (int i = 0; i < deltas.length; i++) {
        deltas[i] = random.nextInt(); // large deltas make the sums wrap, as the spec requires
      }
      int minDelta = random.nextInt();
      int previous = random.nextInt();
      int[] expected = deltas.clone();
      int expectedLast = previous;
      for (int i = PREFIX; i < expected.length; i++) {
        expectedLast += minDelta + expected[i];
        expected[i] = expectedLast;
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        int[] values = deltas.clone();
        int last = kernels.deltaPrefixSumInts(values, PREFIX, count, minDelta, previous);
        assertThat(values).as(where(kernels.name() + " deltaPrefixSumInts", 32, count)).containsExactly(expected);
        assertThat(last).as(where(kernels.name() + " deltaPrefixSumInts result", 32, count)).isEqualTo(expectedLast);
      }
    }
  }

  @Test
  void deltaPrefixSumLongsDuel() {
    Random random = random("deltaLongs", 0);
    for (int count : LENGTHS) {
      long[] deltas = new long[PREFIX + count];
      for (int i = 0; i < deltas.length; i++) {
        deltas[i] = random.nextLong();
      }
      long minDelta = random.nextLong();
      long previous = random.nextLong();
      long[] expected = deltas.clone();
      long expectedLast = previous;
      for (int i = PREFIX; i < expected.length; i++) {
        expectedLast += minDelta + expected[i];
        expected[i] = expectedLast;
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        long[] values = deltas.clone();
        long last = kernels.deltaPrefixSumLongs(values, PREFIX, count, minDelta, previous);
        assertThat(values).as(where(kernels.name() + " deltaPrefixSumLongs", 64, count)).containsExactly(expected);
        assertThat(last).as(where(kernels.name() + " deltaPrefixSumLongs result", 64, count))
            .isEqualTo(expectedLast);
      }
    }
  }

  // ---- BYTE_STREAM_SPLIT ------------------------------------------------------------------------------------

  static IntStream byteStreamSplitWidths() {
    return IntStream.rangeClosed(1, 17);
  }

  @ParameterizedTest(name = "width {0}")
  @MethodSource("byteStreamSplitWidths")
  void byteStreamSplitDecodeAndEncodeDuel(int width) {
    Random random = random("byteStreamSplit", width);
    for (int streamLength : LENGTHS) {
      byte[] page = randomBytes(random, PREFIX + width * streamLength);
      int first = streamLength == 0 ? 0 : random.nextInt(Math.min(streamLength, 40));
      int count = streamLength - first;
      byte[] expected = new byte[count * width];
      for (int i = 0; i < count; i++) {
        for (int b = 0; b < width; b++) {
          expected[i * width + b] = page[PREFIX + b * streamLength + first + i];
        }
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        byte[] output = new byte[PREFIX + expected.length];
        kernels.byteStreamSplitDecode(page, PREFIX, streamLength, width, first, count, output, PREFIX);
        assertThat(Arrays.copyOfRange(output, PREFIX, output.length))
            .as(where(kernels.name() + " byteStreamSplitDecode first " + first, width, count))
            .containsExactly(expected);
        // Encoding the whole decoded page gives the page back.
        byte[] values = new byte[PREFIX + width * streamLength];
        kernels.byteStreamSplitDecode(page, PREFIX, streamLength, width, 0, streamLength, values, PREFIX);
        byte[] encoded = new byte[PREFIX + width * streamLength];
        kernels.byteStreamSplitEncode(values, PREFIX, streamLength, width, encoded, PREFIX);
        assertThat(Arrays.copyOfRange(encoded, PREFIX, encoded.length))
            .as(where(kernels.name() + " byteStreamSplitEncode", width, streamLength))
            .containsExactly(Arrays.copyOfRange(page, PREFIX, page.length));
      }
    }
  }

  /**
   * Ranges inside a page, as a decoder's successive reads ask for them: {@code first > 0}, a {@code count} that
   * stops short of the streams' end, input and output at odd offsets. Both kernels against a byte-at-a-time loop
   * (widths 4 and 8 have their own transposes in both), and the output bytes around the range stay untouched.
   */
  @ParameterizedTest(name = "width {0}")
  @MethodSource("byteStreamSplitWidths")
  void byteStreamSplitDecodeRangesMatchNaiveLoop(int width) {
    Random random = random("byteStreamSplitRanges", width);
    for (int streamLength : LENGTHS) {
      byte[] page = randomBytes(random, PREFIX + width * streamLength);
      int first = random.nextInt(streamLength + 1);
      int count = random.nextInt(streamLength - first + 1);
      int outputOffset = 1 + random.nextInt(7);
      byte[] before = randomBytes(random, outputOffset + count * width + 5);
      byte[] expected = before.clone();
      for (int i = 0; i < count; i++) {
        for (int b = 0; b < width; b++) {
          expected[outputOffset + i * width + b] = page[PREFIX + b * streamLength + first + i];
        }
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        byte[] output = before.clone();
        kernels.byteStreamSplitDecode(page, PREFIX, streamLength, width, first, count, output, outputOffset);
        assertThat(output)
            .as(where(kernels.name() + " byteStreamSplitDecode stream length " + streamLength + " first " + first
                + " output offset " + outputOffset, width, count))
            .containsExactly(expected);
      }
    }
  }

  // ---- levels and validity ----------------------------------------------------------------------------------

  @Test
  void levelsToValidityDuel() {
    Random random = random("levels", 0);
    for (int count : LENGTHS) {
      for (int bitOffset : new int[] {0, 1, 7, 8, 13}) {
        int maxLevel = random.nextInt(4);
        int nullPercent = random.nextInt(101);
        int[] levels = new int[PREFIX + count];
        for (int i = 0; i < levels.length; i++) {
          levels[i] = random.nextInt(100) < nullPercent ? random.nextInt(maxLevel + 1) : maxLevel;
        }
        byte[] before = randomBytes(random, (bitOffset + count + 7) / 8 + 1);
        byte[] expected = before.clone();
        int expectedNulls = 0;
        for (int i = 0; i < count; i++) {
          int bit = bitOffset + i;
          boolean valid = levels[PREFIX + i] == maxLevel;
          expected[bit >>> 3] = (byte) (valid ? expected[bit >>> 3] | 1 << (bit & 7)
              : expected[bit >>> 3] & ~(1 << (bit & 7)));
          expectedNulls += valid ? 0 : 1;
        }
        String where = where("levelsToValidity bit offset " + bitOffset + " max level " + maxLevel, 0, count);
        for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
          byte[] validity = before.clone();
          int nulls = kernels.levelsToValidity(levels, PREFIX, count, maxLevel, validity, bitOffset);
          assertThat(validity).as(kernels.name() + " " + where).containsExactly(expected);
          assertThat(nulls).as(kernels.name() + " null count " + where).isEqualTo(expectedNulls);

          int[] back = sentinelInts(PREFIX + count);
          kernels.validityToLevels(validity, bitOffset, count, Math.max(1, maxLevel), back, PREFIX);
          for (int i = 0; i < count; i++) {
            int expectedLevel = levels[PREFIX + i] == maxLevel ? Math.max(1, maxLevel) : Math.max(1, maxLevel) - 1;
            assertThat(back[PREFIX + i]).as(kernels.name() + " validityToLevels index " + i + " " + where)
                .isEqualTo(expectedLevel);
          }
          assertThat(Arrays.copyOf(back, PREFIX)).as("prefix untouched").containsOnly(SENTINEL);
        }
      }
    }
  }

  // ---- dictionary gather ------------------------------------------------------------------------------------

  @Test
  void maxUnsignedDuel() {
    Random random = random("maxUnsigned", 0);
    for (int count : LENGTHS) {
      int[] values = new int[PREFIX + count];
      int bound = random.nextBoolean() ? Integer.MAX_VALUE : 1000;
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextInt(10) == 0 ? random.nextInt() : random.nextInt(bound);
      }
      int expected = 0;
      for (int i = PREFIX; i < values.length; i++) {
        expected = Integer.compareUnsigned(values[i], expected) > 0 ? values[i] : expected;
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        assertThat(kernels.maxUnsigned(values, PREFIX, count)).as(where(kernels.name() + " maxUnsigned", 0, count))
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void gatherIntsAndLongsDuel() {
    Random random = random("gather", 0);
    for (int count : LENGTHS) {
      int dictionarySize = 1 + random.nextInt(300);
      int[] intDictionary = new int[dictionarySize];
      long[] longDictionary = new long[dictionarySize];
      for (int k = 0; k < dictionarySize; k++) {
        intDictionary[k] = random.nextInt();
        longDictionary[k] = random.nextLong();
      }
      int[] indices = randomIndices(random, count, dictionarySize);
      int[] expectedInts = new int[count];
      long[] expectedLongs = new long[count];
      for (int i = 0; i < count; i++) {
        expectedInts[i] = intDictionary[indices[PREFIX + i]];
        expectedLongs[i] = longDictionary[indices[PREFIX + i]];
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        int[] ints = new int[PREFIX + count];
        kernels.gatherInts(intDictionary, indices, PREFIX, count, ints, PREFIX);
        assertThat(Arrays.copyOfRange(ints, PREFIX, ints.length)).as(where(kernels.name() + " gatherInts", 32, count))
            .containsExactly(expectedInts);
        long[] longs = new long[PREFIX + count];
        kernels.gatherLongs(longDictionary, indices, PREFIX, count, longs, PREFIX);
        assertThat(Arrays.copyOfRange(longs, PREFIX, longs.length))
            .as(where(kernels.name() + " gatherLongs", 64, count)).containsExactly(expectedLongs);
      }
    }
  }

  @ParameterizedTest(name = "width {0}")
  @MethodSource("byteStreamSplitWidths")
  void gatherFixedDuel(int width) {
    Random random = random("gatherFixed", width);
    for (int count : LENGTHS) {
      int dictionarySize = 1 + random.nextInt(100);
      byte[] dictionary = randomBytes(random, dictionarySize * width);
      int[] indices = randomIndices(random, count, dictionarySize);
      byte[] expected = new byte[count * width];
      for (int i = 0; i < count; i++) {
        System.arraycopy(dictionary, indices[PREFIX + i] * width, expected, i * width, width);
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        byte[] output = new byte[PREFIX + expected.length];
        kernels.gatherFixed(dictionary, width, indices, PREFIX, count, output, PREFIX);
        assertThat(Arrays.copyOfRange(output, PREFIX, output.length))
            .as(where(kernels.name() + " gatherFixed", width, count)).containsExactly(expected);
      }
    }
  }

  @Test
  void gatherBinaryDuel() {
    Random random = random("gatherBinary", 0);
    for (int count : LENGTHS) {
      int dictionarySize = 1 + random.nextInt(50);
      int[] dictionaryOffsets = new int[dictionarySize + 1];
      for (int k = 0; k < dictionarySize; k++) {
        dictionaryOffsets[k + 1] = dictionaryOffsets[k] + random.nextInt(20);
      }
      byte[] dictionaryData = randomBytes(random, dictionaryOffsets[dictionarySize]);
      int[] indices = randomIndices(random, count, dictionarySize);
      int start = random.nextInt(100);
      int[] expectedOffsets = new int[PREFIX + count + 1];
      expectedOffsets[PREFIX] = start;
      java.io.ByteArrayOutputStream expectedData = new java.io.ByteArrayOutputStream();
      for (int i = 0; i < count; i++) {
        int index = indices[PREFIX + i];
        int length = dictionaryOffsets[index + 1] - dictionaryOffsets[index];
        expectedOffsets[PREFIX + i + 1] = expectedOffsets[PREFIX + i] + length;
        expectedData.write(dictionaryData, dictionaryOffsets[index], length);
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        int[] offsets = new int[PREFIX + count + 1];
        offsets[PREFIX] = start;
        long end = kernels.gatherBinaryOffsets(dictionaryOffsets, indices, PREFIX, count, offsets, PREFIX);
        assertThat(offsets).as(where(kernels.name() + " gatherBinaryOffsets", 0, count))
            .containsExactly(expectedOffsets);
        assertThat(end).as("end offset").isEqualTo(start + expectedData.size());
        byte[] data = new byte[start + expectedData.size()];
        int after = kernels.gatherBinaryData(dictionaryData, dictionaryOffsets, indices, PREFIX, count, data, start);
        assertThat(after).as("offset after data").isEqualTo(data.length);
        assertThat(Arrays.copyOfRange(data, start, data.length))
            .as(where(kernels.name() + " gatherBinaryData", 0, count)).containsExactly(expectedData.toByteArray());
      }
    }
  }

  @Test
  void copyShortValueCopiesTheValueAndWritesNothingPastItsSpan() {
    Random random = random("copyShortValue", 0);
    int span = ParquetKernels.SHORT_VALUE_SPAN;
    for (int length = 0; length <= span; length++) {
      for (int trial = 0; trial < 8; trial++) {
        // Offsets at every alignment, and arrays that end exactly at the span (no spare byte past it).
        int sourceOffset = random.nextInt(17);
        int destinationOffset = random.nextInt(17);
        byte[] source = randomBytes(random, sourceOffset + span + (trial % 2 == 0 ? 0 : random.nextInt(9)));
        byte[] guard = randomBytes(random, destinationOffset + span + (trial % 4 < 2 ? 0 : random.nextInt(9)));
        for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
          byte[] destination = guard.clone();
          kernels.copyShortValue(source, sourceOffset, destination, destinationOffset, length);
          String where = String.format("%s copyShortValue length %d from %d to %d (seed %d)", kernels.name(),
              length, sourceOffset, destinationOffset, SEED);
          assertThat(Arrays.copyOfRange(destination, destinationOffset, destinationOffset + length)).as(where)
              .containsExactly(Arrays.copyOfRange(source, sourceOffset, sourceOffset + length));
          assertThat(Arrays.copyOfRange(destination, 0, destinationOffset)).as(where + ", before the value")
              .containsExactly(Arrays.copyOfRange(guard, 0, destinationOffset));
          assertThat(Arrays.copyOfRange(destination, destinationOffset + span, destination.length))
              .as(where + ", past the span")
              .containsExactly(Arrays.copyOfRange(guard, destinationOffset + span, guard.length));
        }
      }
    }
  }

  // ---- helpers ----------------------------------------------------------------------------------------------

  private static final int SENTINEL = 0x7E57_0000;

  private static int byteCount(int count, int width) {
    return (int) (((long) count * width + 7) >>> 3);
  }

  private static byte[] randomBytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private static int[] sentinelInts(int length) {
    int[] values = new int[length];
    Arrays.fill(values, SENTINEL);
    return values;
  }

  private static int[] randomIndices(Random random, int count, int dictionarySize) {
    int[] indices = new int[PREFIX + count];
    for (int i = 0; i < indices.length; i++) {
      indices[i] = random.nextInt(dictionarySize);
    }
    return indices;
  }

  /** One bit at a time, least significant bit first: slow and obviously right. */
  static long naiveRead(byte[] input, int offset, long bitPosition, int width) {
    long value = 0;
    for (int bit = 0; bit < width; bit++) {
      long position = bitPosition + bit;
      int byteValue = input[offset + (int) (position >>> 3)];
      value |= (long) ((byteValue >>> (position & 7)) & 1) << bit;
    }
    return value;
  }

  static void naiveWrite(byte[] output, int offset, long bitPosition, int width, long value) {
    for (int bit = 0; bit < width; bit++) {
      if ((value >>> bit & 1) != 0) {
        long position = bitPosition + bit;
        output[offset + (int) (position >>> 3)] |= (byte) (1 << (position & 7));
      }
    }
  }
}
