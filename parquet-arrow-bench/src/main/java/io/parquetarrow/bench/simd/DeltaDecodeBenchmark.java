package io.parquetarrow.bench.simd;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Random;
import java.util.concurrent.TimeUnit;
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
 * DELTA_BINARY_PACKED miniblock decode in values/ns, as a decoder calls it: per miniblock of {@code miniblock}
 * values, unpack the deltas and run the prefix sum with the block's min delta. Ints and longs, vector vs scalar.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DeltaDecodeBenchmark {

  private static final int BIT_WIDTH = 11;

  @Param({"32", "4096"})
  public int miniblock;

  private byte[] packed;
  private int[] ints;
  private long[] longs;
  private ParquetKernels vector;
  private ParquetKernels scalar;

  @Setup
  public void setUp() {
    packed = SimdBenchmarkSupport.randomBytes(new Random(SimdBenchmarkSupport.SEED),
        SimdBenchmarkSupport.VALUES / 8 * BIT_WIDTH);
    ints = new int[SimdBenchmarkSupport.VALUES];
    longs = new long[SimdBenchmarkSupport.VALUES];
    vector = SimdBenchmarkSupport.vector();
    scalar = SimdBenchmarkSupport.scalar();
  }

  private int decodeInts(ParquetKernels kernels) {
    int previous = 7;
    for (int value = 0, in = 0; value < SimdBenchmarkSupport.VALUES; value += miniblock, in += miniblock / 8 * BIT_WIDTH) {
      kernels.unpackInts(packed, in, ints, value, miniblock, BIT_WIDTH);
      previous = kernels.deltaPrefixSumInts(ints, value, miniblock, -1000, previous);
    }
    return previous;
  }

  private long decodeLongs(ParquetKernels kernels) {
    long previous = 7;
    for (int value = 0, in = 0; value < SimdBenchmarkSupport.VALUES; value += miniblock, in += miniblock / 8 * BIT_WIDTH) {
      kernels.unpackLongs(packed, in, longs, value, miniblock, BIT_WIDTH);
      previous = kernels.deltaPrefixSumLongs(longs, value, miniblock, -1000L, previous);
    }
    return previous;
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int vectorInts() {
    return decodeInts(vector);
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int scalarInts() {
    return decodeInts(scalar);
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public long vectorLongs() {
    return decodeLongs(vector);
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public long scalarLongs() {
    return decodeLongs(scalar);
  }
}
