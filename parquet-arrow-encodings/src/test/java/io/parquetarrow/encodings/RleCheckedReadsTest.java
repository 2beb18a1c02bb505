package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The checked reads of {@link RleBitPackedHybridDecoder} that the column layer uses for definition levels
 * ({@code readCountingEqual}) and {@link DictionaryIndexDecoder} for indices ({@code readCheckingBelow}): they
 * decode exactly what {@code read} decodes, count and check run by run, and find every out-of-range value
 * whether it sits in an RLE run or a bit-packed one.
 */
class RleCheckedReadsTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  /** Levels 0..max with long runs (RLE) and noisy stretches (bit-packed), encoded by our encoder. */
  private static int[] values(SplittableRandom random, int count, int max) {
    int[] values = new int[count];
    int i = 0;
    while (i < count) {
      int run = 1 + random.nextInt(200);
      boolean constant = random.nextBoolean();
      int value = random.nextInt(max + 1);
      for (int end = Math.min(count, i + run); i < end; i++) {
        values[i] = constant ? value : random.nextInt(max + 1);
      }
    }
    return values;
  }

  private static byte[] encode(int[] values, int bitWidth) {
    RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(KERNELS, bitWidth);
    encoder.put(values, 0, values.length);
    return encoder.flush().toByteArray();
  }

  private static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  @Test
  void countingAndCheckingReadsDecodeWhatReadDecodes() throws Exception {
    long seed = System.nanoTime();
    System.out.println("RleCheckedReadsTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int max : new int[] {1, 2, 3, 7, 100, 65_535}) {
      for (int count : new int[] {0, 1, 7, 8, 9, 513, 10_000}) {
        int[] values = values(random, count, max);
        byte[] encoded = encode(values, bitWidth(max));
        int expectedEqual = (int) Arrays.stream(values).filter(value -> value == max).count();
        RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, bitWidth(max));
        decoder.init(encoded, 0, encoded.length, count);
        int[] counted = new int[count + 3];
        int split = count / 3;
        int equal = decoder.readCountingEqual(counted, 3, split, max)
            + decoder.readCountingEqual(counted, 3 + split, count - split, max);
        assertThat(Arrays.copyOfRange(counted, 3, count + 3)).as("max %d, %d values (seed %d)", max, count, seed)
            .isEqualTo(values);
        assertThat(equal).as("values equal to max %d of %d (seed %d)", max, count, seed).isEqualTo(expectedEqual);

        decoder.init(encoded, 0, encoded.length, count);
        int[] checked = new int[count];
        assertThat(decoder.readCheckingBelow(checked, 0, count, max + 1))
            .as("all below %d (seed %d)", max + 1, seed).isEqualTo(-1);
        assertThat(checked).as("checked read of %d values (seed %d)", count, seed).isEqualTo(values);
      }
    }
  }

  /** Repetition levels: zeros (record starts) counted, the maximum checked, through every width's code path. */
  @Test
  void countingReadCountsAnotherValueThanTheMaximum() throws Exception {
    long seed = System.nanoTime();
    System.out.println("RleCheckedReadsTest counting seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int max : new int[] {1, 2, 3, 4, 7, 100}) {
      for (int count : new int[] {0, 1, 7, 8, 9, 513, 10_000}) {
        int[] values = values(random, count, max);
        byte[] encoded = encode(values, bitWidth(max));
        int expectedZeros = (int) Arrays.stream(values).filter(value -> value == 0).count();
        RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, bitWidth(max));
        decoder.init(encoded, 0, encoded.length, count);
        int[] counted = new int[count + 3];
        int split = count / 3;
        int zeros = decoder.readCounting(counted, 3, split, 0, max)
            + decoder.readCounting(counted, 3 + split, count - split, 0, max);
        assertThat(Arrays.copyOfRange(counted, 3, count + 3)).as("max %d, %d values (seed %d)", max, count, seed)
            .isEqualTo(values);
        assertThat(zeros).as("zeros among %d values up to %d (seed %d)", count, max, seed).isEqualTo(expectedZeros);
      }
    }
    // Width 3 holds up to 7: a 5 where the maximum is 4 is found in a bit-packed run and in an RLE run.
    int[] rle = new int[64];
    Arrays.fill(rle, 5);
    int[] packed = {0, 1, 2, 0, 1, 5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0};
    for (int[] values : new int[][] {rle, packed}) {
      byte[] encoded = encode(values, 3);
      RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 3).describedAs("levels");
      decoder.init(encoded, 0, encoded.length, values.length);
      assertThatThrownBy(() -> decoder.readCounting(new int[values.length], 0, values.length, 0, 4))
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("value 5 exceeds the maximum 4");
    }
  }

  @Test
  void valuesAboveTheLimitAreFoundInRleAndBitPackedRuns() throws Exception {
    int[] rle = new int[64];
    Arrays.fill(rle, 3);
    int[] packed = {0, 1, 2, 0, 1, 3, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0};
    for (int[] values : new int[][] {rle, packed}) {
      byte[] encoded = encode(values, 2);
      RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 2).describedAs("levels");
      decoder.init(encoded, 0, encoded.length, values.length);
      assertThatThrownBy(() -> decoder.readCountingEqual(new int[values.length], 0, values.length, 2))
          .as("a level 3 where the maximum is 2")
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("levels")
          .hasMessageContaining("value 3 exceeds the maximum 2");
      decoder.init(encoded, 0, encoded.length, values.length);
      assertThat(decoder.readCheckingBelow(new int[values.length], 0, values.length, 3))
          .as("an index 3 in a dictionary of 3").isEqualTo(3);
    }
    byte[] indices = new byte[1 + encode(packed, 2).length];
    indices[0] = 2;
    System.arraycopy(encode(packed, 2), 0, indices, 1, indices.length - 1);
    DictionaryIndexDecoder decoder = new DictionaryIndexDecoder(KERNELS);
    decoder.init(indices, 0, indices.length, packed.length);
    assertThatThrownBy(() -> decoder.readIndices(new int[packed.length], 0, packed.length, 3))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("index 3 is out of range for a dictionary of 3 entries");
  }

  /**
   * skipRun consumes a stream only when the values asked for are one RLE run of the value (a page of levels
   * without nulls); otherwise it leaves every value to a read that follows, including after it has read a run
   * header ahead.
   */
  @Test
  void skipRunTakesOnlyOneRunOfTheValue() throws Exception {
    int[] allMax = new int[1_000];
    Arrays.fill(allMax, 3);
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 2);
    byte[] encoded = encode(allMax, 2);
    decoder.init(encoded, 0, encoded.length, allMax.length);
    assertThat(decoder.skipRun(allMax.length, 3)).isTrue();
    assertThat(decoder.valuesRemaining()).isZero();

    // One run of another value, a run shorter than the values asked for, and bit-packed values: nothing is
    // consumed, and a read afterwards decodes every value.
    int[] allZero = new int[1_000];
    int[] shortRun = Arrays.copyOf(allMax, 1_000);
    Arrays.fill(shortRun, 600, 1_000, 1);
    int[] packed = new int[1_000];
    for (int i = 0; i < packed.length; i++) {
      packed[i] = i % 4;
    }
    for (int[] values : new int[][] {allZero, shortRun, packed}) {
      byte[] bytes = encode(values, 2);
      decoder.init(bytes, 0, bytes.length, values.length);
      assertThat(decoder.skipRun(values.length, 3)).isFalse();
      assertThat(decoder.valuesRemaining()).isEqualTo(values.length);
      int[] read = new int[values.length];
      assertThat(decoder.readCountingEqual(read, 0, values.length, 3))
          .isEqualTo((int) Arrays.stream(values).filter(value -> value == 3).count());
      assertThat(read).isEqualTo(values);
    }

    // Part of a run: the rest stays to be read.
    decoder.init(encoded, 0, encoded.length, allMax.length);
    assertThat(decoder.skipRun(400, 3)).isTrue();
    int[] rest = new int[600];
    decoder.read(rest, 0, 600);
    assertThat(rest).containsOnly(3);
    assertThat(decoder.skipRun(0, 3)).isTrue();
  }

  /**
   * Streams of short runs as parquet-java writes them (an RLE run at every repeat of eight, bit-packed runs of a
   * few groups between), which take the decoder's loop over one-byte headers: every read decodes the same values in
   * chunks of any size, including chunks that end inside a run, and counts and checks as the general path does.
   */
  @Test
  void shortRunsReadInChunksOfAnySize() throws Exception {
    long seed = System.nanoTime();
    System.out.println("RleCheckedReadsTest short runs seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int max : new int[] {1, 2, 3, 7, 100, 255, 65_535, Integer.MAX_VALUE}) {
      int count = 5_000;
      int[] values = new int[count];
      for (int i = 0; i < count; ) {
        int run = 1 + random.nextInt(30);
        boolean constant = random.nextBoolean();
        int value = random.nextInt(max) + (random.nextBoolean() ? 1 : 0);
        for (int end = Math.min(count, i + run); i < end; i++) {
          values[i] = constant ? value : random.nextInt(max) + (random.nextInt(3) == 0 ? 1 : 0);
        }
      }
      int width = bitWidth(max);
      byte[] encoded = ParquetJavaEncoders.rleHybrid(values, width);
      int expectedEqual = (int) Arrays.stream(values).filter(value -> value == max).count();
      for (int chunk : new int[] {1, 5, 8, 13, 64, 1_000, count}) {
        String where = String.format("max %d, chunks of %d (seed %d)", max, chunk, seed);
        RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, width);
        int[] read = new int[count];
        decoder.init(encoded, 0, encoded.length, count);
        for (int at = 0; at < count; at += chunk) {
          decoder.read(read, at, Math.min(chunk, count - at));
        }
        assertThat(read).as("read, " + where).isEqualTo(values);

        int[] counted = new int[count];
        int equal = 0;
        decoder.init(encoded, 0, encoded.length, count);
        for (int at = 0; at < count; at += chunk) {
          equal += decoder.readCountingEqual(counted, at, Math.min(chunk, count - at), max);
        }
        assertThat(counted).as("readCountingEqual, " + where).isEqualTo(values);
        assertThat(equal).as("values equal to the maximum, " + where).isEqualTo(expectedEqual);

        int[] checked = new int[count];
        long offending = -1;
        decoder.init(encoded, 0, encoded.length, count);
        for (int at = 0; at < count; at += chunk) {
          long found = decoder.readCheckingBelow(checked, at, Math.min(chunk, count - at), max);
          offending = offending < 0 ? found : offending;
        }
        assertThat(checked).as("readCheckingBelow, " + where).isEqualTo(values);
        assertThat(offending).as("first value not below %d, %s", max, where)
            .isEqualTo(Arrays.stream(values).filter(value -> value >= max).findFirst().orElse(-1));
      }
    }
  }

  /** Bad runs among short ones fail with the general path's messages, wherever the run starts. */
  @Test
  void badShortRunsFailAsLongOnesDo() {
    // Width 2: a good RLE run of 10 threes, then an RLE run of 10 repeating 7, which does not fit in 2 bits.
    byte[] tooWide = {20, 3, 20, 7};
    // Width 2: an RLE run of 10, then a bit-packed run of one group (2 bytes) with only 1 byte left in the page.
    byte[] cut = {20, 3, 3, 0x55};
    // Width 2: an RLE run of 10, then an RLE run of 60 where only 20 values remain.
    byte[] tooLong = {20, 3, 120, 1};
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 2).describedAs("levels");
    Object[][] cases = {
        {tooWide, 20, "RLE run at offset 2 repeats value 7, which does not fit in bit width 2"},
        {cut, 18, "bit-packed run at offset 2 needs 2 bytes for 8 values of bit width 2 but only 1 remain"},
        {tooLong, 30, "RLE run at offset 2 claims 60 values but only 20 remain"}};
    for (Object[] c : cases) {
      byte[] page = (byte[]) c[0];
      int count = (int) c[1];
      assertThatThrownBy(() -> {
        decoder.init(page, 0, page.length, count);
        decoder.read(new int[count], 0, count);
      }).as("read").isInstanceOf(ParquetCorruptionException.class).hasMessageContaining((String) c[2]);
      assertThatThrownBy(() -> {
        decoder.init(page, 0, page.length, count);
        decoder.readCountingEqual(new int[count], 0, count, 3);
      }).as("readCountingEqual").isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining((String) c[2]);
    }
  }
}
