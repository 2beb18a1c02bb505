package io.parquetarrow.simd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.BytePackerForLong;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential test against an independent implementation: parquet-java's little-endian byte packers
 * ({@code Packer.LITTLE_ENDIAN}), which write the RLE / bit-packed hybrid layout in blocks of 8 values. Our packing
 * must produce their bytes and our unpacking must read their bytes, for both kernel implementations.
 */
class ParquetJavaPackerTest {

  private static final long SEED = Long.getLong("parquet.arrow.test.seed", System.nanoTime());
  private static final int COUNT = 4096 + 8 * 3; // whole blocks of 8, as parquet-java packs them

  private final ParquetKernels[] implementations = {ScalarKernels.INSTANCE, new VectorKernels()};

  static IntStream intWidths() {
    return IntStream.rangeClosed(0, 32);
  }

  static IntStream longWidths() {
    return IntStream.rangeClosed(0, 64);
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("intWidths")
  void intsMatchBytePacker(int width) {
    Random random = new Random(SEED + width);
    int[] values = new int[COUNT];
    for (int i = 0; i < COUNT; i++) {
      values[i] = width == 32 ? random.nextInt() : random.nextInt() & (int) ((1L << width) - 1);
    }
    BytePacker packer = Packer.LITTLE_ENDIAN.newBytePacker(width);
    byte[] theirs = new byte[COUNT / 8 * width];
    for (int block = 0; block < COUNT / 8; block++) {
      packer.pack8Values(values, block * 8, theirs, block * width);
    }
    for (ParquetKernels kernels : implementations) {
      String where = String.format("%s width %d (seed %d)", kernels.name(), width, SEED);
      byte[] ours = new byte[theirs.length];
      kernels.packInts(values, 0, COUNT, width, ours, 0);
      assertThat(ours).as("packInts vs parquet-java " + where).containsExactly(theirs);
      int[] unpacked = new int[COUNT];
      kernels.unpackInts(theirs, 0, unpacked, 0, COUNT, width);
      assertThat(unpacked).as("unpackInts of parquet-java bytes " + where).containsExactly(values);
    }
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("longWidths")
  void longsMatchBytePackerForLong(int width) {
    Random random = new Random(SEED - width);
    long[] values = new long[COUNT];
    for (int i = 0; i < COUNT; i++) {
      values[i] = width == 64 ? random.nextLong() : random.nextLong() & ((1L << width) - 1);
    }
    BytePackerForLong packer = Packer.LITTLE_ENDIAN.newBytePackerForLong(width);
    byte[] theirs = new byte[COUNT / 8 * width];
    for (int block = 0; block < COUNT / 8; block++) {
      packer.pack8Values(values, block * 8, theirs, block * width);
    }
    for (ParquetKernels kernels : implementations) {
      String where = String.format("%s width %d (seed %d)", kernels.name(), width, SEED);
      byte[] ours = new byte[theirs.length];
      kernels.packLongs(values, 0, COUNT, width, ours, 0);
      assertThat(ours).as("packLongs vs parquet-java " + where).containsExactly(theirs);
      long[] unpacked = new long[COUNT];
      kernels.unpackLongs(theirs, 0, unpacked, 0, COUNT, width);
      assertThat(unpacked).as("unpackLongs of parquet-java bytes " + where).containsExactly(values);
    }
  }
}
