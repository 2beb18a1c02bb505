package io.parquetarrow.bench.simd;

import io.parquetarrow.simd.ParquetKernels;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Definition levels to Arrow validity bitmap (max level 1, 10% nulls), 4096 levels, levels/ns. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LevelsBenchmark {

  private int[] levels;
  private byte[] validity;
  private ParquetKernels vector;
  private ParquetKernels scalar;

  @Setup
  public void setUp() {
    Random random = new Random(SimdBenchmarkSupport.SEED);
    levels = new int[SimdBenchmarkSupport.VALUES];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = random.nextInt(10) == 0 ? 0 : 1;
    }
    validity = new byte[SimdBenchmarkSupport.VALUES / 8];
    vector = SimdBenchmarkSupport.vector();
    scalar = SimdBenchmarkSupport.scalar();
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int vectorLevelsToValidity() {
    return vector.levelsToValidity(levels, 0, SimdBenchmarkSupport.VALUES, 1, validity, 0);
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int scalarLevelsToValidity() {
    return scalar.levelsToValidity(levels, 0, SimdBenchmarkSupport.VALUES, 1, validity, 0);
  }
}
