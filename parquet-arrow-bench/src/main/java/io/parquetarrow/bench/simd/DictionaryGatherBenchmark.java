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

/**
 * Dictionary gather of 4096 random indices into a 1000-entry dictionary, values/ns: ints, longs and 16-byte
 * fixed-width entries, vector vs scalar.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DictionaryGatherBenchmark {

  private static final int DICTIONARY_SIZE = 1000;

  private int[] indices;
  private int[] intDictionary;
  private long[] longDictionary;
  private byte[] fixedDictionary;
  private int[] ints;
  private long[] longs;
  private byte[] fixed;
  private ParquetKernels vector;
  private ParquetKernels scalar;

  @Setup
  public void setUp() {
    Random random = new Random(SimdBenchmarkSupport.SEED);
    indices = new int[SimdBenchmarkSupport.VALUES];
    for (int i = 0; i < indices.length; i++) {
      indices[i] = random.nextInt(DICTIONARY_SIZE);
    }
    intDictionary = random.ints(DICTIONARY_SIZE).toArray();
    longDictionary = random.longs(DICTIONARY_SIZE).toArray();
    fixedDictionary = SimdBenchmarkSupport.randomBytes(random, DICTIONARY_SIZE * 16);
    ints = new int[SimdBenchmarkSupport.VALUES];
    longs = new long[SimdBenchmarkSupport.VALUES];
    fixed = new byte[SimdBenchmarkSupport.VALUES * 16];
    vector = SimdBenchmarkSupport.vector();
    scalar = SimdBenchmarkSupport.scalar();
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int vectorInts() {
    vector.gatherInts(intDictionary, indices, 0, SimdBenchmarkSupport.VALUES, ints, 0);
    return ints[ints.length - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public int scalarInts() {
    scalar.gatherInts(intDictionary, indices, 0, SimdBenchmarkSupport.VALUES, ints, 0);
    return ints[ints.length - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public long vectorLongs() {
    vector.gatherLongs(longDictionary, indices, 0, SimdBenchmarkSupport.VALUES, longs, 0);
    return longs[longs.length - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public long scalarLongs() {
    scalar.gatherLongs(longDictionary, indices, 0, SimdBenchmarkSupport.VALUES, longs, 0);
    return longs[longs.length - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public byte vectorFixed16() {
    vector.gatherFixed(fixedDictionary, 16, indices, 0, SimdBenchmarkSupport.VALUES, fixed, 0);
    return fixed[fixed.length - 1];
  }

  @Benchmark
  @OperationsPerInvocation(SimdBenchmarkSupport.VALUES)
  public byte scalarFixed16() {
    scalar.gatherFixed(fixedDictionary, 16, indices, 0, SimdBenchmarkSupport.VALUES, fixed, 0);
    return fixed[fixed.length - 1];
  }
}
