package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.KernelProvider;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY, compared with parquet-java's writers. */
class ByteArrayDecodersTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  @Test
  void decodesParquetJavaDeltaLengthByteArray() throws ParquetCorruptionException {
    long seed = TestData.seed("DELTA_LENGTH_BYTE_ARRAY");
    Random random = new Random(seed);
    DeltaLengthByteArrayDecoder decoder = new DeltaLengthByteArrayDecoder(KERNELS);
    for (int size : TestData.SIZES) {
      byte[][] values = TestData.binaries(random, size);
      byte[] page = ParquetJavaEncoders.deltaLengthByteArray(values);
      DecoderHarness.check(decoder, page, ExpectedValues.binaries(values), random.nextLong(),
          "DELTA_LENGTH_BYTE_ARRAY size " + size);
    }
  }

  @Test
  void decodesParquetJavaDeltaByteArray() throws ParquetCorruptionException {
    long seed = TestData.seed("DELTA_BYTE_ARRAY");
    Random random = new Random(seed);
    DeltaByteArrayDecoder decoder = new DeltaByteArrayDecoder(KERNELS);
    for (int size : TestData.SIZES) {
      byte[][] values = TestData.binaries(random, size);
      byte[] page = ParquetJavaEncoders.deltaByteArray(values);
      DecoderHarness.check(decoder, page, ExpectedValues.binaries(values), random.nextLong(),
          "DELTA_BYTE_ARRAY size " + size);
    }
  }

  @Test
  void decodesParquetJavaDeltaByteArrayOfFixedLengthValues() throws ParquetCorruptionException {
    long seed = TestData.seed("DELTA_BYTE_ARRAY FIXED_LEN_BYTE_ARRAY");
    Random random = new Random(seed);
    for (int width : new int[] {1, 3, 12, 16}) {
      DeltaByteArrayDecoder.FixedLength decoder = new DeltaByteArrayDecoder.FixedLength(KERNELS, width);
      for (int size : TestData.SIZES) {
        byte[] values = TestData.fixed(random, size, width);
        byte[][] split = new byte[size][];
        for (int i = 0; i < size; i++) {
          split[i] = java.util.Arrays.copyOfRange(values, i * width, (i + 1) * width);
        }
        byte[] page = ParquetJavaEncoders.deltaByteArray(split);
        DecoderHarness.check(decoder, page, ExpectedValues.fixed(values, width), random.nextLong(),
            "DELTA_BYTE_ARRAY FIXED(" + width + ") size " + size);
      }
    }
  }

  @Test
  void rejectsFixedLengthValuesOfTheWrongLength() {
    byte[][] values = {{1, 2, 3}, {1, 2}};
    byte[] page = ParquetJavaEncoders.deltaByteArray(values);
    DeltaByteArrayDecoder.FixedLength decoder = new DeltaByteArrayDecoder.FixedLength(KERNELS, 3);
    assertThatThrownBy(() -> {
      decoder.init(page, 0, page.length, 2);
      decoder.read(new byte[6], 0, 2);
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("value 1 is 2 bytes long");
  }

  @Test
  void rejectsLengthsThatOverrunTheData() {
    byte[][] values = {{1, 2, 3}, {4, 5, 6, 7}};
    byte[] page = ParquetJavaEncoders.deltaLengthByteArray(values);
    DeltaLengthByteArrayDecoder decoder = new DeltaLengthByteArrayDecoder(KERNELS);
    assertThatThrownBy(() -> decoder.init(page, 0, page.length - 1, 2))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("lengths add up to 7 bytes");
  }
}
