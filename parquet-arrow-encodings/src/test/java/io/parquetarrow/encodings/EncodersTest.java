package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFLBA;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesReader;
import org.junit.jupiter.api.Test;

/**
 * Every encoder's output read back by parquet-java's readers (the independent check) and by our decoders
 * (the round trip), on the same random data as the decoder tests.
 */
class EncodersTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  private static ValuesReader open(ValuesReader reader, ByteSlice slice, int count) throws IOException {
    reader.initFromPage(count, ByteBufferInputStream.wrap(ByteBuffer.wrap(slice.toByteArray())));
    return reader;
  }

  private static BinaryBuffer buffer(byte[][] values) throws ParquetCorruptionException {
    BinaryBuffer buffer = new BinaryBuffer();
    for (byte[] value : values) {
      buffer.append(value, 0, value.length);
    }
    return buffer;
  }

  @Test
  void hybridEncoderOutputReadsBackInParquetJavaAndOurs() throws IOException {
    long seed = TestData.seed("hybrid encoder");
    Random random = new Random(seed);
    for (int bitWidth = 0; bitWidth <= 32; bitWidth++) {
      RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(KERNELS, bitWidth);
      RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, bitWidth);
      for (int size : TestData.SIZES) {
        int[] values = TestData.unsignedWithRuns(random, size, bitWidth);
        int split = size / 3;
        encoder.put(values, 0, split);
        encoder.put(values, split, size - split);
        byte[] page = encoder.flush().toByteArray();
        RunLengthBitPackingHybridDecoder reference =
            new RunLengthBitPackingHybridDecoder(bitWidth, new java.io.ByteArrayInputStream(page));
        for (int i = 0; i < size; i++) {
          assertThat(reference.readInt()).as("width %d size %d value %d, seed %d", bitWidth, size, i, seed)
              .isEqualTo(values[i]);
        }
        DecoderHarness.check(decoder, page, ExpectedValues.ints(values), random.nextLong(),
            "hybrid encoder width " + bitWidth + " size " + size);
      }
    }
  }

  @Test
  void booleanEncodersReadBack() throws IOException {
    long seed = TestData.seed("boolean encoders");
    Random random = new Random(seed);
    for (int size : TestData.SIZES) {
      boolean[] values = TestData.booleans(random, size);
      byte[] bytes = TestData.asBytes(values);
      RleBooleanEncoder rle = new RleBooleanEncoder(KERNELS);
      rle.put(bytes, 0, size);
      ByteSlice rlePage = rle.flush();
      ValuesReader rleReader = open(new RunLengthBitPackingHybridValuesReader(1), rlePage, size);
      PlainEncoder.BooleanValues plain = new PlainEncoder.BooleanValues();
      plain.put(bytes, 0, size);
      ByteSlice plainPage = plain.flush();
      ValuesReader plainReader = open(new BooleanPlainValuesReader(), plainPage, size);
      for (int i = 0; i < size; i++) {
        assertThat(rleReader.readBoolean()).as("RLE boolean %d, seed %d", i, seed).isEqualTo(values[i]);
        assertThat(plainReader.readBoolean()).as("PLAIN boolean %d, seed %d", i, seed).isEqualTo(values[i]);
      }
      DecoderHarness.check(new RleBooleanDecoder(KERNELS), rlePage.toByteArray(), ExpectedValues.fixed(bytes, 1),
          random.nextLong(), "RLE boolean round trip size " + size);
    }
  }

  @Test
  void numericEncodersReadBackInParquetJava() throws IOException {
    long seed = TestData.seed("numeric encoders");
    Random random = new Random(seed);
    for (int shape = 0; shape < 5; shape++) {
      for (int size : TestData.SIZES) {
        int[] ints = TestData.ints(random, size, shape);
        long[] longs = TestData.longs(random, size, shape);
        String where = "shape " + shape + " size " + size + ", seed " + seed;

        DeltaBinaryPackedEncoder.Int32 deltaInts = new DeltaBinaryPackedEncoder.Int32(KERNELS);
        deltaInts.put(ints, 0, size);
        ByteSlice deltaIntPage = deltaInts.flush();
        ValuesReader deltaIntReader = open(new DeltaBinaryPackingValuesReader(), deltaIntPage, size);
        DeltaBinaryPackedEncoder.Int64 deltaLongs = new DeltaBinaryPackedEncoder.Int64(KERNELS, 256, 8);
        deltaLongs.put(longs, 0, size);
        ByteSlice deltaLongPage = deltaLongs.flush();
        ValuesReader deltaLongReader = open(new DeltaBinaryPackingValuesReader(), deltaLongPage, size);

        PlainEncoder.IntValues plainInts = new PlainEncoder.IntValues();
        plainInts.put(ints, 0, size);
        ValuesReader plainIntReader = open(new PlainValuesReader.IntegerPlainValuesReader(), plainInts.flush(), size);
        PlainEncoder.LongValues plainLongs = new PlainEncoder.LongValues();
        plainLongs.put(longs, 0, size);
        ValuesReader plainLongReader = open(new PlainValuesReader.LongPlainValuesReader(), plainLongs.flush(), size);

        ByteStreamSplitEncoder.IntValues splitInts = new ByteStreamSplitEncoder.IntValues(KERNELS);
        splitInts.put(ints, 0, size);
        ValuesReader splitIntReader = open(new ByteStreamSplitValuesReaderForInteger(), splitInts.flush(), size);
        ByteStreamSplitEncoder.LongValues splitLongs = new ByteStreamSplitEncoder.LongValues(KERNELS);
        splitLongs.put(longs, 0, size);
        ValuesReader splitLongReader = open(new ByteStreamSplitValuesReaderForLong(), splitLongs.flush(), size);

        for (int i = 0; i < size; i++) {
          assertThat(deltaIntReader.readInteger()).as("DELTA INT32 %d, %s", i, where).isEqualTo(ints[i]);
          assertThat(deltaLongReader.readLong()).as("DELTA INT64 %d, %s", i, where).isEqualTo(longs[i]);
          assertThat(plainIntReader.readInteger()).as("PLAIN INT32 %d, %s", i, where).isEqualTo(ints[i]);
          assertThat(plainLongReader.readLong()).as("PLAIN INT64 %d, %s", i, where).isEqualTo(longs[i]);
          assertThat(splitIntReader.readInteger()).as("BSS INT32 %d, %s", i, where).isEqualTo(ints[i]);
          assertThat(splitLongReader.readLong()).as("BSS INT64 %d, %s", i, where).isEqualTo(longs[i]);
        }
        DecoderHarness.check(new DeltaBinaryPackedDecoder.Int32(KERNELS), deltaIntPage.toByteArray(),
            ExpectedValues.ints(ints), random.nextLong(), "DELTA INT32 round trip " + where);
        DecoderHarness.check(new DeltaBinaryPackedDecoder.Int64(KERNELS), deltaLongPage.toByteArray(),
            ExpectedValues.longs(longs), random.nextLong(), "DELTA INT64 round trip " + where);
      }
    }
  }

  @Test
  void byteArrayEncodersReadBackInParquetJava() throws IOException {
    long seed = TestData.seed("byte array encoders");
    Random random = new Random(seed);
    for (int size : TestData.SIZES) {
      byte[][] values = TestData.binaries(random, size);
      BinaryBuffer buffer = buffer(values);
      String where = "size " + size + ", seed " + seed;

      PlainEncoder.ByteArrayValues plain = new PlainEncoder.ByteArrayValues();
      plain.put(buffer, 0, size);
      ValuesReader plainReader = open(new BinaryPlainValuesReader(), plain.flush(), size);
      DeltaLengthByteArrayEncoder deltaLength = new DeltaLengthByteArrayEncoder(KERNELS);
      deltaLength.put(buffer, 0, size / 2);
      deltaLength.put(buffer, size / 2, size - size / 2);
      ByteSlice deltaLengthPage = deltaLength.flush();
      ValuesReader deltaLengthReader = open(new DeltaLengthByteArrayValuesReader(), deltaLengthPage, size);
      DeltaByteArrayEncoder delta = new DeltaByteArrayEncoder(KERNELS);
      delta.put(buffer, 0, size);
      ByteSlice deltaPage = delta.flush();
      ValuesReader deltaReader = open(new DeltaByteArrayReader(), deltaPage, size);
      for (int i = 0; i < size; i++) {
        assertThat(plainReader.readBytes().getBytes()).as("PLAIN %d, %s", i, where).containsExactly(values[i]);
        assertThat(deltaLengthReader.readBytes().getBytes()).as("DLBA %d, %s", i, where).containsExactly(values[i]);
        assertThat(deltaReader.readBytes().getBytes()).as("DBA %d, %s", i, where).containsExactly(values[i]);
      }
      DecoderHarness.check(new DeltaLengthByteArrayDecoder(KERNELS), deltaLengthPage.toByteArray(),
          ExpectedValues.binaries(values), random.nextLong(), "DLBA round trip " + where);
      DecoderHarness.check(new DeltaByteArrayDecoder(KERNELS), deltaPage.toByteArray(),
          ExpectedValues.binaries(values), random.nextLong(), "DBA round trip " + where);

      for (int width : new int[] {1, 12, 16}) {
        byte[] fixed = TestData.fixed(random, size, width);
        PlainEncoder.FixedLengthValues plainFixed = new PlainEncoder.FixedLengthValues(width);
        plainFixed.put(fixed, 0, size);
        ValuesReader plainFixedReader = open(new FixedLenByteArrayPlainValuesReader(width), plainFixed.flush(), size);
        ByteStreamSplitEncoder.FixedLengthValues split = new ByteStreamSplitEncoder.FixedLengthValues(KERNELS, width);
        split.put(fixed, 0, size);
        ValuesReader splitReader = open(new ByteStreamSplitValuesReaderForFLBA(width), split.flush(), size);
        DeltaByteArrayEncoder.FixedLength deltaFixed = new DeltaByteArrayEncoder.FixedLength(KERNELS, width);
        deltaFixed.put(fixed, 0, size);
        ByteSlice deltaFixedPage = deltaFixed.flush();
        ValuesReader deltaFixedReader = open(new DeltaByteArrayReader(), deltaFixedPage, size);
        for (int i = 0; i < size; i++) {
          byte[] expected = java.util.Arrays.copyOfRange(fixed, i * width, (i + 1) * width);
          assertThat(plainFixedReader.readBytes().getBytes()).as("PLAIN FLBA %d, %s", i, where)
              .containsExactly(expected);
          assertThat(splitReader.readBytes().getBytes()).as("BSS FLBA %d, %s", i, where).containsExactly(expected);
          assertThat(deltaFixedReader.readBytes().getBytes()).as("DBA FLBA %d, %s", i, where)
              .containsExactly(expected);
        }
        DecoderHarness.check(new DeltaByteArrayDecoder.FixedLength(KERNELS, width), deltaFixedPage.toByteArray(),
            ExpectedValues.fixed(fixed, width), random.nextLong(), "DBA FLBA round trip " + where);
      }
    }
  }

  /**
   * A repeat in the middle of bit-packed values becomes an RLE run only when long enough to pay for splitting the
   * bit-packed run: 128 values at bit width 1, 64 at width 2, 43 at width 3, 16 at width 8, 8 from width 16 on; a
   * repeat at the start always from 8.
   */
  @Test
  void shortRepeatsOfNarrowValuesStayBitPacked() throws ParquetCorruptionException {
    int[][] cases = {
        // bit width, repeat length, expected runs (literal, repeat, literal when split; one run otherwise)
        {1, 127, 1}, {1, 128, 3}, {2, 63, 1}, {2, 64, 3}, {3, 42, 1}, {3, 43, 3}, {8, 15, 1}, {8, 16, 3},
        {16, 8, 3}};
    for (int[] c : cases) {
      int bitWidth = c[0];
      int repeat = c[1];
      int[] values = new int[16 + repeat + 16];
      // Alternating values around the repeat of ones, zeros next to it, so that it is exactly `repeat` long.
      for (int i = 0; i < values.length; i++) {
        int fromRepeat = i < 16 ? 15 - i : i - 16 - repeat;
        values[i] = fromRepeat < 0 ? 1 : fromRepeat % 2 == 0 ? 0 : (1 << bitWidth) - 1;
      }
      RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(KERNELS, bitWidth);
      encoder.put(values, 0, values.length);
      byte[] page = encoder.flush().toByteArray();
      assertThat(runs(page, bitWidth)).as("runs at width %d with a repeat of %d", bitWidth, repeat)
          .isEqualTo(c[2]);
      RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, bitWidth);
      decoder.init(page, 0, page.length, values.length);
      int[] decoded = new int[values.length];
      decoder.read(decoded, 0, values.length);
      assertThat(decoded).as("width %d repeat %d", bitWidth, repeat).containsExactly(values);
    }
    RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(KERNELS, 1);
    int[] leading = new int[24];
    java.util.Arrays.fill(leading, 0, 8, 1);
    encoder.put(leading, 0, leading.length);
    assertThat(runs(encoder.flush().toByteArray(), 1)).as("a leading repeat of 8, then 16 zeros").isEqualTo(2);
  }

  /** The number of runs (RLE or bit-packed) in an RLE/bit-packed hybrid stream without length prefix. */
  private static int runs(byte[] page, int bitWidth) {
    int runs = 0;
    int position = 0;
    while (position < page.length) {
      int header = 0;
      int shift = 0;
      int b;
      do {
        b = page[position++] & 0xFF;
        header |= (b & 0x7F) << shift;
        shift += 7;
      } while (b >= 0x80);
      position += (header & 1) == 1 ? (header >>> 1) * bitWidth : (bitWidth + 7) / 8;
      runs++;
    }
    return runs;
  }

  @Test
  void dictionaryIndicesAndLevelsCarryTheirPrefix() throws ParquetCorruptionException {
    RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(KERNELS, 3);
    int[] values = {0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
    encoder.put(values, 0, values.length);
    byte[] indices = encoder.flushWithBitWidth().toByteArray();
    assertThat(indices[0]).as("bit width byte").isEqualTo((byte) 3);
    DictionaryIndexDecoder indexDecoder = new DictionaryIndexDecoder(KERNELS);
    indexDecoder.init(indices, 0, indices.length, values.length);
    int[] decoded = new int[values.length];
    indexDecoder.readIndices(decoded, 0, values.length, 8);
    assertThat(decoded).containsExactly(values);

    encoder.put(values, 0, values.length);
    byte[] levels = encoder.flushWithLengthPrefix().toByteArray();
    int length = RleBitPackedHybridDecoder.readLengthPrefix(levels, 0, levels.length);
    assertThat(length).as("length prefix").isEqualTo(levels.length - 4);
    RleBitPackedHybridDecoder levelDecoder = new RleBitPackedHybridDecoder(KERNELS, 3);
    levelDecoder.init(levels, 4, length, values.length);
    levelDecoder.read(decoded, 0, values.length);
    assertThat(decoded).containsExactly(values);
  }
}
