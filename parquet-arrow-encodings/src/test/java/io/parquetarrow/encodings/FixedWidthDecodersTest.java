package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ScalarKernels;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** PLAIN for every physical type and BYTE_STREAM_SPLIT for every allowed one, against parquet-java's writers. */
class FixedWidthDecodersTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  @Test
  void decodesParquetJavaPlainValuesOfEveryType() throws ParquetCorruptionException {
    long seed = TestData.seed("PLAIN");
    Random random = new Random(seed);
    for (int size : TestData.SIZES) {
      boolean[] booleans = TestData.booleans(random, size);
      DecoderHarness.check(new PlainDecoder.BooleanValues(), ParquetJavaEncoders.plainBooleans(booleans),
          ExpectedValues.fixed(TestData.asBytes(booleans), 1), random.nextLong(), "PLAIN BOOLEAN size " + size);

      int[] ints = TestData.ints(random, size, 1);
      DecoderHarness.check(new PlainDecoder.IntValues(), ParquetJavaEncoders.plainInts(ints),
          ExpectedValues.ints(ints), random.nextLong(), "PLAIN INT32 size " + size);
      int[] floatBits = TestData.ints(random, size, 1);
      for (int i = 0; i < size; i++) {
        floatBits[i] = Float.floatToIntBits(Float.intBitsToFloat(floatBits[i])); // canonical NaNs, as written
      }
      DecoderHarness.check(new PlainDecoder.IntValues(), ParquetJavaEncoders.plainFloats(floatBits),
          ExpectedValues.ints(floatBits), random.nextLong(), "PLAIN FLOAT size " + size);

      long[] longs = TestData.longs(random, size, 1);
      DecoderHarness.check(new PlainDecoder.LongValues(), ParquetJavaEncoders.plainLongs(longs),
          ExpectedValues.longs(longs), random.nextLong(), "PLAIN INT64 size " + size);
      long[] doubleBits = TestData.longs(random, size, 1);
      for (int i = 0; i < size; i++) {
        doubleBits[i] = Double.doubleToLongBits(Double.longBitsToDouble(doubleBits[i]));
      }
      DecoderHarness.check(new PlainDecoder.LongValues(), ParquetJavaEncoders.plainDoubles(doubleBits),
          ExpectedValues.longs(doubleBits), random.nextLong(), "PLAIN DOUBLE size " + size);

      byte[][] binaries = TestData.binaries(random, size);
      DecoderHarness.check(new PlainDecoder.ByteArrayValues(KERNELS), ParquetJavaEncoders.plainBinaries(binaries),
          ExpectedValues.binaries(binaries), random.nextLong(), "PLAIN BYTE_ARRAY size " + size);

      for (int width : new int[] {1, 5, 12, 16}) {
        byte[] fixed = TestData.fixed(random, size, width);
        DecoderHarness.check(new PlainDecoder.FixedLengthValues(width), ParquetJavaEncoders.plainFixed(fixed, width),
            ExpectedValues.fixed(fixed, width), random.nextLong(), "PLAIN FIXED(" + width + ") size " + size);
      }
    }
  }

  /**
   * Values of every length up to past {@code copyShortValue}'s 64 bytes, in random order, so that each short length
   * follows every other (the vector kernel copies 64 bytes whatever the length), and the last values of each page
   * lie within 64 bytes of its end, where the copy falls back to {@code System.arraycopy}. Both kernels, whichever
   * {@link KernelProvider} picked.
   */
  @Test
  void decodesPlainByteArraysOfEveryShortLengthWithBothKernels() throws ParquetCorruptionException {
    long seed = TestData.seed("PLAIN BYTE_ARRAY short");
    Random random = new Random(seed);
    for (int size : TestData.SIZES) {
      byte[][] binaries = new byte[size][];
      for (int i = 0; i < size; i++) {
        binaries[i] = new byte[random.nextInt(i % 16 == 15 ? 200 : 71)];
        random.nextBytes(binaries[i]);
      }
      byte[] page = ParquetJavaEncoders.plainBinaries(binaries);
      for (ParquetKernels kernels : new ParquetKernels[] {KERNELS, ScalarKernels.INSTANCE}) {
        DecoderHarness.check(new PlainDecoder.ByteArrayValues(kernels), page, ExpectedValues.binaries(binaries),
            random.nextLong(), "PLAIN BYTE_ARRAY of 0-70 bytes, " + kernels.name() + " kernels, size " + size);
      }
    }
  }

  @Test
  void decodesParquetJavaByteStreamSplitOfEveryType() throws ParquetCorruptionException {
    long seed = TestData.seed("BYTE_STREAM_SPLIT");
    Random random = new Random(seed);
    ByteStreamSplitDecoder.IntValues ints = new ByteStreamSplitDecoder.IntValues(KERNELS);
    ByteStreamSplitDecoder.LongValues longs = new ByteStreamSplitDecoder.LongValues(KERNELS);
    for (int size : TestData.SIZES) {
      int[] intValues = TestData.ints(random, size, 1);
      DecoderHarness.check(ints, ParquetJavaEncoders.byteStreamSplitInts(intValues), ExpectedValues.ints(intValues),
          random.nextLong(), "BYTE_STREAM_SPLIT INT32 size " + size);
      int[] floatBits = new int[size];
      for (int i = 0; i < size; i++) {
        floatBits[i] = Float.floatToIntBits(random.nextFloat() * 1000 - 500);
      }
      DecoderHarness.check(ints, ParquetJavaEncoders.byteStreamSplitFloats(floatBits),
          ExpectedValues.ints(floatBits), random.nextLong(), "BYTE_STREAM_SPLIT FLOAT size " + size);

      long[] longValues = TestData.longs(random, size, 1);
      DecoderHarness.check(longs, ParquetJavaEncoders.byteStreamSplitLongs(longValues),
          ExpectedValues.longs(longValues), random.nextLong(), "BYTE_STREAM_SPLIT INT64 size " + size);
      long[] doubleBits = new long[size];
      for (int i = 0; i < size; i++) {
        doubleBits[i] = Double.doubleToLongBits(random.nextGaussian());
      }
      DecoderHarness.check(longs, ParquetJavaEncoders.byteStreamSplitDoubles(doubleBits),
          ExpectedValues.longs(doubleBits), random.nextLong(), "BYTE_STREAM_SPLIT DOUBLE size " + size);

      for (int width : new int[] {1, 3, 12, 16}) {
        byte[] fixed = TestData.fixed(random, size, width);
        DecoderHarness.check(new ByteStreamSplitDecoder.FixedLengthValues(KERNELS, width),
            ParquetJavaEncoders.byteStreamSplitFixed(fixed, width), ExpectedValues.fixed(fixed, width),
            random.nextLong(), "BYTE_STREAM_SPLIT FIXED(" + width + ") size " + size);
      }
    }
  }

  @Test
  void rejectsPagesTooShortForTheirValues() {
    assertThatThrownBy(() -> new PlainDecoder.IntValues().init(new byte[7], 0, 7, 2))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("need 8 bytes but the page has 7");
    assertThatThrownBy(() -> new PlainDecoder.BooleanValues().init(new byte[1], 0, 1, 9))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("need 2 bytes");
    assertThatThrownBy(() -> new ByteStreamSplitDecoder.LongValues(KERNELS).init(new byte[12], 0, 12, 1))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("not a multiple of the 8 streams");
    assertThatThrownBy(() -> new PlainDecoder.ByteArrayValues().init(new byte[7], 0, 7, 2))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("at least 8 bytes");
    byte[] negativeLength = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
    assertThatThrownBy(() -> {
      PlainDecoder.ByteArrayValues decoder = new PlainDecoder.ByteArrayValues();
      decoder.init(negativeLength, 0, 4, 1);
      decoder.read(new BinaryBuffer(), 0, 1);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("negative (-1)");
    byte[] hugeLength = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F};
    assertThatThrownBy(() -> {
      PlainDecoder.ByteArrayValues decoder = new PlainDecoder.ByteArrayValues();
      decoder.init(hugeLength, 0, 4, 1);
      decoder.read(new BinaryBuffer(), 0, 1);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("needs 2147483647 bytes");
  }
}
