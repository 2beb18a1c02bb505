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
 * The nested-level kernels on the levels of an optional {@code list<optional int64>} column, in two shapes
 * ({@link #lists}): {@code long}, as the {@code list_int64} benchmark dataset, records of 1–19 elements with 1% null
 * lists, 1% empty lists; {@code short}, as the {@code nested} dataset's lists, records of 0–3 elements (a quarter
 * empty) and 10% null lists, so most blocks of 32 entries mix slots and non-slots. 1% null elements in both;
 * definition levels 0–3, repetition levels 0–1. {@link SimdBenchmarkSupport#VALUES} level entries per invocation,
 * results in level entries/ns, scalar and vector side by side.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NestedLevelsBenchmark {
  private static final int COUNT = SimdBenchmarkSupport.VALUES;

  @Param({"long", "short"})
  public String lists;

  private int[] definitionLevels;
  private int[] repetitionLevels;
  private byte[] validity;
  private int[] offsets;
  private int[] valueSlots;
  private ParquetKernels vector;
  private ParquetKernels scalar;

  @Setup
  public void setUp() {
    Random random = new Random(SimdBenchmarkSupport.SEED);
    definitionLevels = new int[COUNT];
    repetitionLevels = new int[COUNT];
    boolean shortLists = lists.equals("short");
    int i = 0;
    while (i < COUNT) {
      int kind = random.nextInt(100);
      int length = !shortLists ? (kind < 2 ? 0 : 1 + random.nextInt(19)) : kind < 10 ? 0 : random.nextInt(4);
      if (length == 0) {
        // A null (definition level 0) or empty (1) list: one entry.
        definitionLevels[i] = shortLists ? (kind < 10 ? 0 : 1) : kind;
        repetitionLevels[i++] = 0;
        continue;
      }
      for (int element = 0; element < length && i < COUNT; element++, i++) {
        definitionLevels[i] = random.nextInt(100) == 0 ? 2 : 3;
        repetitionLevels[i] = element == 0 ? 0 : 1;
      }
    }
    validity = new byte[(COUNT + 7) / 8];
    offsets = new int[COUNT + 1];
    valueSlots = new int[COUNT];
    vector = SimdBenchmarkSupport.vector();
    scalar = SimdBenchmarkSupport.scalar();
  }

  /** The list node: slots at repetition level 0, valid from definition level 1, elements from 2. */
  private static int listNode(ParquetKernels kernels, int[] definition, int[] repetition, byte[] validity,
      int[] offsets) {
    return kernels.nodeValidityAndOffsets(definition, repetition, 0, COUNT, 0, 0, 1, 2, 1, validity, offsets);
  }

  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int vectorListOffsets() {
    return listNode(vector, definitionLevels, repetitionLevels, validity, offsets);
  }

  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int scalarListOffsets() {
    return listNode(scalar, definitionLevels, repetitionLevels, validity, offsets);
  }

  /** The leaf node: slots from definition level 2 (inside a non-empty list), valid at 3. */
  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int vectorLeafValidity() {
    return vector.nodeValidity(definitionLevels, null, 0, COUNT, 2, 1, 3, validity);
  }

  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int scalarLeafValidity() {
    return scalar.nodeValidity(definitionLevels, null, 0, COUNT, 2, 1, 3, validity);
  }

  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int vectorValueSlots() {
    return vector.valueSlots(definitionLevels, 0, COUNT, 2, 3, valueSlots);
  }

  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int scalarValueSlots() {
    return scalar.valueSlots(definitionLevels, 0, COUNT, 2, 3, valueSlots);
  }

  /** Counting values (entries at the maximum definition level) or record starts (repetition level 0). */
  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int vectorCountEqual() {
    return vector.countEqual(definitionLevels, 0, COUNT, 3);
  }

  @Benchmark
  @OperationsPerInvocation(COUNT)
  public int scalarCountEqual() {
    return scalar.countEqual(definitionLevels, 0, COUNT, 3);
  }
}
