package io.parquetarrow.bench.simd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keeps {@link NestedLevelsBenchmark} from rotting, as {@link SimdBenchmarksTest} does for the other SIMD
 * benchmarks: runs its set-up and each benchmark method once for each list shape, and checks that the vector and scalar kernels agree on
 * the benchmark's input. No timing is asserted.
 */
class NestedLevelsBenchmarkTest {

  @ParameterizedTest
  @ValueSource(strings = {"long", "short"})
  void everyBenchmarkMethodRunsAndBothKernelsAgree(String lists) {
    NestedLevelsBenchmark benchmark = new NestedLevelsBenchmark();
    benchmark.lists = lists;
    benchmark.setUp();
    assertThat(benchmark.vectorListOffsets()).as("list slots").isEqualTo(benchmark.scalarListOffsets())
        .isPositive();
    assertThat(benchmark.vectorLeafValidity()).as("leaf slots").isEqualTo(benchmark.scalarLeafValidity())
        .isPositive();
    assertThat(benchmark.vectorValueSlots()).as("values").isEqualTo(benchmark.scalarValueSlots()).isPositive();
    assertThat(benchmark.vectorCountEqual()).as("entries at definition level 3")
        .isEqualTo(benchmark.scalarCountEqual()).isPositive();
  }
}
