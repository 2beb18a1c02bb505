package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The RLE / bit-packed hybrid and its users (levels, RLE booleans, dictionary indices, and the deprecated
 * BIT_PACKED levels), each compared with parquet-java's encoders on random data.
 */
class RleBitPackedHybridDecoderTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  static IntStream bitWidths() {
    return IntStream.rangeClosed(0, 32);
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("bitWidths")
  void decodesParquetJavaHybridAtEveryBitWidthAndSize(int bitWidth) throws ParquetCorruptionException {
    long seed = TestData.seed("hybrid bit width " + bitWidth);
    Random random = new Random(seed);
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, bitWidth);
    for (int size : TestData.SIZES) {
      int[] values = TestData.unsignedWithRuns(random, size, bitWidth);
      byte[] page = ParquetJavaEncoders.rleHybrid(values, bitWidth);
      DecoderHarness.check(decoder, page, ExpectedValues.ints(values), random.nextLong(),
          "hybrid width " + bitWidth + " size " + size);
    }
  }

  @Test
  void decodesParquetJavaRleBooleansWithTheirLengthPrefix() throws ParquetCorruptionException {
    long seed = TestData.seed("RLE booleans");
    Random random = new Random(seed);
    RleBooleanDecoder decoder = new RleBooleanDecoder(KERNELS);
    for (int size : TestData.SIZES) {
      boolean[] values = TestData.booleans(random, size);
      byte[] page = ParquetJavaEncoders.rleBooleans(values);
      DecoderHarness.check(decoder, page, ExpectedValues.fixed(TestData.asBytes(values), 1), random.nextLong(),
          "RLE booleans size " + size);
    }
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("bitWidths")
  void decodesDictionaryIndicesAndChecksThemAgainstTheDictionary(int bitWidth) throws ParquetCorruptionException {
    long seed = TestData.seed("dictionary indices bit width " + bitWidth);
    Random random = new Random(seed);
    DictionaryIndexDecoder decoder = new DictionaryIndexDecoder(KERNELS);
    for (int size : TestData.SIZES) {
      int effectiveWidth = Math.min(bitWidth, 20); // indices of a dictionary that fits in memory
      int[] values = TestData.unsignedWithRuns(random, size, effectiveWidth);
      byte[] hybrid = ParquetJavaEncoders.rleHybrid(values, bitWidth);
      byte[] page = new byte[hybrid.length + 1];
      page[0] = (byte) bitWidth;
      System.arraycopy(hybrid, 0, page, 1, hybrid.length);
      DecoderHarness.check(decoder, page, ExpectedValues.ints(values), random.nextLong(),
          "dictionary indices width " + bitWidth + " size " + size);

      int maximum = Arrays.stream(values).max().orElse(-1);
      decoder.init(page, 0, page.length, size);
      int[] indices = new int[size];
      decoder.readIndices(indices, 0, size, maximum + 1);
      assertThat(indices).as("indices checked against a dictionary of %d, seed %d", maximum + 1, seed)
          .containsExactly(values);
      if (size > 0) {
        decoder.init(page, 0, page.length, size);
        assertThatThrownBy(() -> decoder.readIndices(new int[size], 0, size, maximum))
            .as("index %d in a dictionary of %d entries, seed %d", maximum, maximum, seed)
            .isInstanceOf(ParquetCorruptionException.class)
            .hasMessageContaining("out of range");
      }
    }
  }

  @Test
  void rejectsDictionaryBitWidthAbove32() {
    byte[] page = {33, 2, 0};
    DictionaryIndexDecoder decoder = new DictionaryIndexDecoder(KERNELS);
    assertThatThrownBy(() -> decoder.init(page, 0, page.length, 1))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("at most 32").hasMessageContaining("33");
  }

  /** parquet-java's BIT_PACKED writer supports up to 8 bits; wider levels use {@link #packMostSignificantFirst}. */
  static IntStream levelBitWidths() {
    return IntStream.rangeClosed(0, 32);
  }

  /** A bit-at-a-time MSB-first packer, independent of the decoder's loop, for widths parquet-java lacks. */
  static byte[] packMostSignificantFirst(int[] values, int bitWidth) {
    byte[] packed = new byte[(int) BitPackedLevelDecoder.encodedLength(values.length, bitWidth)];
    long bit = 0;
    for (int value : values) {
      for (int b = bitWidth - 1; b >= 0; b--, bit++) {
        if (((value >>> b) & 1) != 0) {
          packed[(int) (bit / 8)] |= (byte) (0x80 >>> (bit % 8));
        }
      }
    }
    return packed;
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("levelBitWidths")
  void decodesParquetJavaDeprecatedBitPackedLevels(int bitWidth) throws ParquetCorruptionException {
    long seed = TestData.seed("BIT_PACKED bit width " + bitWidth);
    Random random = new Random(seed);
    int maximum = (int) ((1L << bitWidth) - 1);
    BitPackedLevelDecoder decoder = new BitPackedLevelDecoder(bitWidth);
    for (int size : TestData.SIZES) {
      int[] values = TestData.unsignedWithRuns(random, size, bitWidth);
      byte[] page = bitWidth <= 8
          ? ParquetJavaEncoders.bitPacked(values, maximum)
          : packMostSignificantFirst(values, bitWidth);
      assertThat((long) page.length).as("BIT_PACKED length for %d values", size)
          .isEqualTo(BitPackedLevelDecoder.encodedLength(size, bitWidth));
      DecoderHarness.check(decoder, page, ExpectedValues.ints(values), random.nextLong(),
          "BIT_PACKED width " + bitWidth + " size " + size);
    }
  }

  @Test
  void readsTheFourByteLengthPrefix() throws ParquetCorruptionException {
    byte[] page = {3, 0, 0, 0, 2, 1, 0, 9};
    assertThat(RleBitPackedHybridDecoder.readLengthPrefix(page, 0, page.length)).isEqualTo(3);
    assertThatThrownBy(() -> RleBitPackedHybridDecoder.readLengthPrefix(page, 0, 6))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("length prefix says 3");
    byte[] huge = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0};
    assertThatThrownBy(() -> RleBitPackedHybridDecoder.readLengthPrefix(huge, 0, huge.length))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("4294967295");
  }

  @Test
  void rejectsRunsThatClaimMoreValuesThanRemain() {
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 3);
    byte[] rle = {(byte) (100 << 1), 1};
    assertThatThrownBy(() -> {
      decoder.init(rle, 0, rle.length, 10);
      decoder.read(new int[10], 0, 10);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("claims 100 values but only 10 remain");

    // A bit-packed run padded past the values that remain is valid (DuckDB 1.4 writes them; Arrow C++ reads
    // them): the needed values decode and the padding is skipped.
    byte[] packed = {(byte) (3 << 1 | 1), (byte) 0b10_001_000, 0, 0, 0, 0, 0, 0, 0, 0};
    int[] padded = new int[10];
    try {
      decoder.init(packed, 0, packed.length, 10);
      decoder.read(padded, 0, 10);
    } catch (ParquetCorruptionException e) {
      throw new AssertionError("a padded bit-packed run must decode", e);
    }
    assertThat(padded).as("values of a padded bit-packed run").containsExactly(0, 1, 2, 0, 0, 0, 0, 0, 0, 0);

    byte[] shortPacked = {(byte) (2 << 1 | 1), 0, 0, 0};
    assertThatThrownBy(() -> {
      decoder.init(shortPacked, 0, shortPacked.length, 16);
      decoder.read(new int[16], 0, 16);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("needs 6 bytes");

    byte[] wideValue = {(byte) (4 << 1), 9};
    assertThatThrownBy(() -> {
      decoder.init(wideValue, 0, wideValue.length, 4);
      decoder.read(new int[4], 0, 4);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("does not fit in bit width 3");

    byte[] longVarint = {(byte) 0x81, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01};
    assertThatThrownBy(() -> {
      decoder.init(longVarint, 0, longVarint.length, 4);
      decoder.read(new int[4], 0, 4);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("longer than 5 bytes");
  }

  @Test
  void acceptsALastBitPackedRunCutShortAfterItsLastValue() throws ParquetCorruptionException {
    // Three values of 8 bits in a group of eight: only the three bytes needed are present.
    byte[] page = {(byte) (1 << 1 | 1), 7, 8, 9};
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 8);
    decoder.init(page, 0, page.length, 3);
    int[] values = new int[3];
    decoder.read(values, 0, 3);
    assertThat(values).containsExactly(7, 8, 9);
  }
}
