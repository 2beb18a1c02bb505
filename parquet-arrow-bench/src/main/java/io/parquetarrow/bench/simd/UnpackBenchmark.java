package io.parquetarrow.bench.simd;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Bit unpacking of 4096 int values (one RLE / bit-packed hybrid run) in values/ns: the Vector API kernel, the
 * generated unrolled scalar kernel, and parquet-java's little-endian {@code BytePacker} (32 values per call).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class UnpackBenchmark {

  @Param({"1", "2", "3", "5", "8", "12", "16", "17", "20", "24", "32"})
  public int bitWidth;

  private byte[] packed;
  private int[] output;
  private ParquetKernels vector;
  private ParquetKernels scalar;
  private BytePacker parquetJavaPacker;

  @Setup
  public void setUp() {
    packed = SimdBenchmarkSupport.randomBytes(new Random(SimdBenchmarkSupport.SEED + bitWidth),
        SimdBenchmarkSupport.VALUES / 8 * bitWidth);
    output = new int[SimdBenchmarkSupport.VALUES];
    vector = SimdBenchmarkSupport.vector();
    scalar = SimdBenchmarkSupport.scalar();
    parquetJavaPacker = Packer.LITTLE_ENDIAN.newBytePacker(bitWidth);
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int vector() {
    vector.unpackInts(packed, 0, output, 0, SimdBenchmarkSupport.VALUES, bitWidth);
    return output[SimdBenchmarkSupport.VALUES - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int scalar() {
    scalar.unpackInts(packed, 0, output, 0, SimdBenchmarkSupport.VALUES, bitWidth);
    return output[SimdBenchmarkSupport.VALUES - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int parquetJava() {
    for (int value = 0, in = 0; value < SimdBenchmarkSupport.VALUES; value += 32, in += 4 * bitWidth) {
      parquetJavaPacker.unpack32Values(packed, in, output, value);
    }
    return output[SimdBenchmarkSupport.VALUES - 1];
  }
}
