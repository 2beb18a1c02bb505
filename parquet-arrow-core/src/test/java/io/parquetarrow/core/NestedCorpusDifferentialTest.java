package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The nested reader ({@code read.NestedFieldReader}) against Arrow C++ on every nested file of the parquet-testing
 * corpus: all fields, read with batches of 1, 7 and 1024 rows (a batch always ends at a record boundary, so every
 * batch size must give the same rows), compared value by value with what Arrow C++ reads.
 *
 * <p>Tolerated: the names of list elements and map entries ({@link Tolerance#NESTED_FIELD_NAMES}), which are
 * conventions, not data. Files that Arrow C++ cannot read are checked elsewhere:
 * {@code incorrect_map_schema.parquet} ({@link NestedHandCheckedTest}) and
 * {@code large_string_map.brotli.parquet} (over 2 GiB of strings in two rows; see {@link LargeStringMapTest}).
 */
class NestedCorpusDifferentialTest {

  /** The corpus files with nested fields that Arrow C++ reads. */
  static List<String> nestedFiles() {
    return List.of(
        "nested_lists.snappy.parquet",
        "nested_structs.rust.parquet",
        "nonnullable.impala.parquet",
        "null_list.parquet",
        "list_columns.parquet",
        "old_list_structure.parquet",
        "repeated_primitive_no_list.parquet",
        "map_no_value.parquet",
        "nulls.snappy.parquet");
  }

  static List<Integer> batchSizes() {
    return List.of(1, 7, 1024);
  }

  /** Skips when the corpus is absent; a name missing from a corpus that is present fails (a stale list). */
  static Path corpusFile(String name) {
    return Corpus.file(name);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nestedFiles")
  void allFieldsEqualArrowCppAtEveryBatchSize(String name) throws Exception {
    Path file = corpusFile(name);
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowBatches expected = ArrowCppOracle.read(allocator, file)) {
        for (int batchRows : batchSizes()) {
          ReadOptions options = ReadOptions.builder().batchRows(batchRows).build();
          List<VectorSchemaRoot> actual = ReaderTestSupport.readBatches(allocator, file, options);
          try {
            ArrowAssertions.assertBatchesEqual(name + " with batches of " + batchRows + " rows",
                expected.batches(), actual, Tolerance.NESTED_FIELD_NAMES);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", name).isZero();
    }
  }
}
