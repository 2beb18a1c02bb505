package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The worked examples of apache/parquet-format Encodings.md, as golden bytes. */
class SpecExamplesTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  private static byte[] bytes(int... values) {
    byte[] result = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      result[i] = (byte) values[i];
    }
    return result;
  }

  private static byte[] concat(byte[]... parts) {
    int length = 0;
    for (byte[] part : parts) {
      length += part.length;
    }
    byte[] result = new byte[length];
    int position = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, result, position, part.length);
      position += part.length;
    }
    return result;
  }

  @Test
  void hybridBitPackedExampleDecodesZeroToSeven() throws ParquetCorruptionException {
    // "bit value: 10001000 11000110 11111010" after the header for one group of 8 values.
    byte[] page = bytes(0x03, 0b10001000, 0b11000110, 0b11111010);
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 3);
    decoder.init(page, 0, page.length, 8);
    int[] values = new int[8];
    decoder.read(values, 0, 8);
    assertThat(values).as("RLE/bit-packed hybrid spec example").containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
  }

  @Test
  void hybridRleRunRepeatsItsValue() throws ParquetCorruptionException {
    byte[] page = bytes(8 << 1, 5, 2 << 1, 1);
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 3);
    decoder.init(page, 0, page.length, 10);
    int[] values = new int[10];
    decoder.read(values, 0, 10);
    assertThat(values).as("two RLE runs").containsExactly(5, 5, 5, 5, 5, 5, 5, 5, 1, 1);
  }

  @Test
  void deprecatedBitPackedExampleIsMostSignificantBitFirst() throws ParquetCorruptionException {
    // "bit value: 00000101 00111001 01110111"
    byte[] page = bytes(0b00000101, 0b00111001, 0b01110111);
    BitPackedLevelDecoder decoder = new BitPackedLevelDecoder(3);
    decoder.init(page, 0, page.length, 8);
    int[] values = new int[8];
    decoder.read(values, 0, 8);
    assertThat(values).as("BIT_PACKED spec example").containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
  }

  @Test
  void deltaBinaryPackedExampleOne() throws ParquetCorruptionException {
    // header: 8 (block size), 1 (miniblock count), 5 (value count), 1 (first value, zigzag 2)
    // block: 1 (minimum delta, zigzag 2), 0 (bitwidth), no data
    byte[] page = bytes(8, 1, 5, 2, 2, 0);
    DeltaBinaryPackedDecoder.Int32 decoder = new DeltaBinaryPackedDecoder.Int32(KERNELS);
    decoder.init(page, 0, page.length, 5);
    int[] values = new int[5];
    decoder.read(values, 0, 5);
    assertThat(values).as("DELTA_BINARY_PACKED example 1").containsExactly(1, 2, 3, 4, 5);
    assertThat(decoder.position()).as("stream end").isEqualTo(page.length);
  }

  @Test
  void deltaBinaryPackedExampleTwo() throws ParquetCorruptionException {
    // header: 8, 1, 8, 7 (zigzag 14); block: -2 (zigzag 3), bit width 2, then 0,0,0,3,3,3,3 (+ padding) on 2 bits
    byte[] page = bytes(8, 1, 8, 14, 3, 2, 0b11000000, 0b00111111);
    DeltaBinaryPackedDecoder.Int64 decoder = new DeltaBinaryPackedDecoder.Int64(KERNELS);
    decoder.init(page, 0, page.length, 8);
    long[] values = new long[8];
    decoder.read(values, 0, 8);
    assertThat(values).as("DELTA_BINARY_PACKED example 2").containsExactly(7, 5, 3, 1, 2, 3, 4, 5);
  }

  @Test
  void deltaLengthByteArrayExample() throws ParquetCorruptionException {
    // DeltaEncoding(5, 5, 6, 6): block 128, 4 miniblocks, 4 values, first 5; min delta 0; widths 1,0,0,0;
    // deltas 0, 1, 0 on one bit in a 32-value miniblock (4 bytes).
    byte[] lengths = bytes(0x80, 0x01, 4, 4, 10, 0, 1, 0, 0, 0, 0b010, 0, 0, 0);
    byte[] page = concat(lengths, "HelloWorldFoobarABCDEF".getBytes(StandardCharsets.US_ASCII));
    DeltaLengthByteArrayDecoder decoder = new DeltaLengthByteArrayDecoder(KERNELS);
    decoder.init(page, 0, page.length, 4);
    BinaryBuffer buffer = new BinaryBuffer();
    decoder.read(buffer, 0, 4);
    assertThat(strings(buffer)).as("DELTA_LENGTH_BYTE_ARRAY example")
        .containsExactly("Hello", "World", "Foobar", "ABCDEF");
  }

  @Test
  void deltaByteArrayExample() throws ParquetCorruptionException {
    // DeltaEncoding(0, 2, 0, 3): first 0; deltas 2, -2, 3; min -2 (zigzag 3); relative 4, 0, 5 on 3 bits.
    byte[] prefixes = concat(bytes(0x80, 0x01, 4, 4, 0, 3, 3, 0, 0, 0, 0x44, 0x01), new byte[10]);
    // DeltaEncoding(4, 2, 6, 5): first 4 (zigzag 8); deltas -2, 4, -1; min -2; relative 0, 6, 1 on 3 bits.
    byte[] suffixLengths = concat(bytes(0x80, 0x01, 4, 4, 8, 3, 3, 0, 0, 0, 0x70, 0x00), new byte[10]);
    byte[] page = concat(prefixes, suffixLengths, "axislebabbleyhood".getBytes(StandardCharsets.US_ASCII));
    DeltaByteArrayDecoder decoder = new DeltaByteArrayDecoder(KERNELS);
    decoder.init(page, 0, page.length, 4);
    BinaryBuffer buffer = new BinaryBuffer();
    decoder.read(buffer, 0, 4);
    assertThat(strings(buffer)).as("DELTA_BYTE_ARRAY example").containsExactly("axis", "axle", "babble", "babyhood");
  }

  @Test
  void byteStreamSplitExample() throws ParquetCorruptionException {
    byte[] page = bytes(0xAA, 0x00, 0xA3, 0xBB, 0x11, 0xB4, 0xCC, 0x22, 0xC5, 0xDD, 0x33, 0xD6);
    ByteStreamSplitDecoder.IntValues decoder = new ByteStreamSplitDecoder.IntValues(KERNELS);
    decoder.init(page, 0, page.length, 3);
    int[] values = new int[3];
    decoder.read(values, 0, 3);
    assertThat(values).as("BYTE_STREAM_SPLIT example, raw float bits")
        .containsExactly(0xDDCCBBAA, 0x33221100, 0xD6C5B4A3);
  }

  @Test
  void dictionaryIndicesStartWithTheirBitWidth() throws ParquetCorruptionException {
    byte[] page = bytes(3, 0x03, 0b10001000, 0b11000110, 0b11111010);
    DictionaryIndexDecoder decoder = new DictionaryIndexDecoder(KERNELS);
    decoder.init(page, 0, page.length, 8);
    int[] indices = new int[8];
    decoder.readIndices(indices, 0, 8, 8);
    assertThat(decoder.bitWidth()).as("bit width byte").isEqualTo(3);
    assertThat(indices).as("dictionary indices").containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
  }

  private static String[] strings(BinaryBuffer buffer) {
    String[] result = new String[buffer.size()];
    for (int i = 0; i < result.length; i++) {
      result[i] = new String(buffer.valueBytes(i), StandardCharsets.US_ASCII);
    }
    return result;
  }
}
