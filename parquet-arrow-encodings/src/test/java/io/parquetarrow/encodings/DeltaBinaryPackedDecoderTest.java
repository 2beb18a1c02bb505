package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** DELTA_BINARY_PACKED for INT32 and INT64, compared with parquet-java's writers, and its header checks. */
class DeltaBinaryPackedDecoderTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();
  private static final String[] SHAPES = {"small deltas", "full range", "constant", "extremes", "sorted"};

  @ParameterizedTest(name = "block {0}, {1} miniblocks")
  @CsvSource({"128, 4", "128, 1", "128, 16", "256, 8", "1024, 4"})
  void decodesParquetJavaInt32(int blockSize, int miniblocks) throws ParquetCorruptionException {
    long seed = TestData.seed("DELTA_BINARY_PACKED INT32 " + blockSize + "/" + miniblocks);
    Random random = new Random(seed);
    DeltaBinaryPackedDecoder.Int32 decoder = new DeltaBinaryPackedDecoder.Int32(KERNELS);
    for (int shape = 0; shape < SHAPES.length; shape++) {
      for (int size : TestData.SIZES) {
        int[] values = TestData.ints(random, size, shape);
        byte[] page = ParquetJavaEncoders.deltaBinaryPacked(values, blockSize, miniblocks);
        DecoderHarness.check(decoder, page, ExpectedValues.ints(values), random.nextLong(),
            "INT32 " + SHAPES[shape] + " size " + size);
        decoder.init(page, 0, page.length, size);
        decoder.read(new int[size], 0, size);
        assertThat(decoder.position()).as("INT32 %s size %d: stream end, seed %d", SHAPES[shape], size, seed)
            .isEqualTo(page.length);
      }
    }
  }

  @ParameterizedTest(name = "block {0}, {1} miniblocks")
  @CsvSource({"128, 4", "128, 1", "256, 8", "1024, 4"})
  void decodesParquetJavaInt64(int blockSize, int miniblocks) throws ParquetCorruptionException {
    long seed = TestData.seed("DELTA_BINARY_PACKED INT64 " + blockSize + "/" + miniblocks);
    Random random = new Random(seed);
    DeltaBinaryPackedDecoder.Int64 decoder = new DeltaBinaryPackedDecoder.Int64(KERNELS);
    for (int shape = 0; shape < SHAPES.length; shape++) {
      for (int size : TestData.SIZES) {
        long[] values = TestData.longs(random, size, shape);
        byte[] page = ParquetJavaEncoders.deltaBinaryPacked(values, blockSize, miniblocks);
        DecoderHarness.check(decoder, page, ExpectedValues.longs(values), random.nextLong(),
            "INT64 " + SHAPES[shape] + " size " + size);
      }
    }
  }

  @Test
  void decodesEveryMiniblockBitWidth() throws ParquetCorruptionException {
    long seed = TestData.seed("DELTA_BINARY_PACKED every bit width");
    Random random = new Random(seed);
    DeltaBinaryPackedDecoder.Int64 longs = new DeltaBinaryPackedDecoder.Int64(KERNELS);
    DeltaBinaryPackedDecoder.Int32 ints = new DeltaBinaryPackedDecoder.Int32(KERNELS);
    for (int bitWidth = 0; bitWidth <= 63; bitWidth++) {
      // Deltas in [0, 2^bitWidth) around a random start give a miniblock of exactly that width (or less).
      long[] values = new long[300];
      values[0] = random.nextLong();
      for (int i = 1; i < values.length; i++) {
        values[i] = values[i - 1] + (bitWidth == 0 ? 0 : (random.nextLong() >>> (64 - bitWidth)));
      }
      byte[] page = ParquetJavaEncoders.deltaBinaryPacked(values, 128, 4);
      DecoderHarness.check(longs, page, ExpectedValues.longs(values), random.nextLong(), "INT64 width " + bitWidth);
      if (bitWidth <= 31) {
        int[] narrow = new int[values.length];
        narrow[0] = random.nextInt();
        for (int i = 1; i < narrow.length; i++) {
          narrow[i] = narrow[i - 1] + (bitWidth == 0 ? 0 : (random.nextInt() >>> (32 - bitWidth)));
        }
        byte[] intPage = ParquetJavaEncoders.deltaBinaryPacked(narrow, 128, 4);
        DecoderHarness.check(ints, intPage, ExpectedValues.ints(narrow), random.nextLong(), "INT32 width " + bitWidth);
      }
    }
  }

  @Test
  void rejectsAbsurdHeaders() {
    DeltaBinaryPackedDecoder.Int32 decoder = new DeltaBinaryPackedDecoder.Int32(KERNELS);
    assertCorrupt(decoder, new byte[] {0x7F, 4, 1, 0}, "block size");
    assertCorrupt(decoder, new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01, 4, 1, 0},
        "block size");
    assertCorrupt(decoder, new byte[] {(byte) 0x80, 0x01, 3, 1, 0}, "miniblock count");
    assertCorrupt(decoder, new byte[] {(byte) 0x80, 0x01, 0, 1, 0}, "miniblock count");
    assertCorrupt(decoder, new byte[] {(byte) 0x80, 0x01, 4, 0, 0}, "holds 0 values but the page has 1");
    assertCorrupt(decoder, new byte[] {(byte) 0x80, 0x01, 4, 1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01}, "varint");
    // Two values: the second needs a block whose first miniblock has bit width 33.
    byte[] wide = new byte[40];
    byte[] header = {(byte) 0x80, 0x01, 4, 2, 0, 0, 33, 0, 0, 0};
    System.arraycopy(header, 0, wide, 0, header.length);
    assertThatThrownBy(() -> {
      decoder.init(wide, 0, wide.length, 2);
      decoder.read(new int[2], 0, 2);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("bit width 33");
    // A miniblock whose bytes are not in the page.
    byte[] shortMiniblock = {(byte) 0x80, 0x01, 4, 2, 0, 0, 8, 0, 0, 0};
    assertThatThrownBy(() -> {
      decoder.init(shortMiniblock, 0, shortMiniblock.length, 2);
      decoder.read(new int[2], 0, 2);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("miniblock");
  }

  private static void assertCorrupt(DeltaBinaryPackedDecoder.Int32 decoder, byte[] page, String message) {
    assertThatThrownBy(() -> {
      decoder.init(page, 0, page.length, 1);
      decoder.read(new int[1], 0, 1);
    }).as("page %s", java.util.Arrays.toString(page))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining(message);
  }
}
