package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential rewrite of the parquet-testing corpus: each data file Arrow C++ reads is rewritten by our writer
 * from Arrow C++'s batches (nested types included), and the rewrite must read back equal — through Arrow C++
 * against the original batches, and through DuckDB against DuckDB's reading of the original file (so DuckDB's
 * own type mapping cancels out).
 */
class CorpusRewriteTest {
  /** Files above this size are left to the other corpus tests, to keep this one quick. */
  private static final long MAXIMUM_SIZE = 4L * 1024 * 1024;

  /**
   * Files whose DuckDB comparison cannot hold because Arrow C++'s batches — our writer's input — already differ
   * from DuckDB's reading of the original; the Arrow C++ comparison still runs for them.
   */
  private static final java.util.Map<String, String> DUCKDB_DIVERGENCES = java.util.Map.of(
      "int96_from_spark.parquet", "Arrow C++ reads INT96 9999-12-31 as an overflowed timestamp[ns]; DuckDB reads"
          + " the original correctly, so the rewrite (of the overflowed value) differs",
      "nested_structs.rust.parquet", "the legacy TIMESTAMP_MICROS annotation means UTC-adjusted to Arrow C++ and"
          + " local to DuckDB; the rewrite stores Arrow C++'s reading (adjusted), which DuckDB then types with a"
          + " zone");

  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  static Stream<Path> corpusFiles() throws Exception {
    return Corpus.dataFiles().stream().filter(file -> {
      try {
        return Files.size(file) <= MAXIMUM_SIZE;
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void rewriteReadsBackEqual(Path original) throws Exception {
    ArrowBatches source;
    try {
      source = ArrowCppOracle.read(allocator, original);
    } catch (Exception e) {
      Assumptions.abort("Arrow C++ does not read " + original.getFileName() + " (" + e.getMessage()
          + "), so there is nothing to rewrite");
      return;
    }
    Path rewritten = directory.resolve("rewritten.parquet");
    try (source) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(rewritten, source.schema(),
          WriteOptions.builder().codec(Codec.ZSTD).pageRowLimit(1000).build())) {
        for (VectorSchemaRoot batch : source.batches()) {
          writer.write(batch);
        }
      }
      try (ArrowBatches back = ArrowCppOracle.read(allocator, rewritten)) {
        ArrowAssertions.assertBatchesEqual("Arrow C++ read of our rewrite of " + original.getFileName(), source,
            back, Tolerance.NESTED_FIELD_NAMES);
      }
    }
    String divergence = DUCKDB_DIVERGENCES.get(original.getFileName().toString());
    if (divergence != null) {
      System.out.println("DuckDB comparison of " + original.getFileName() + " skipped: " + divergence);
      return;
    }
    ArrowBatches duckDbOriginal;
    try {
      duckDbOriginal = DuckDbOracle.read(allocator, original);
    } catch (Exception e) {
      // Arrow C++ has already compared the rewrite above; say plainly that the second oracle did not.
      Assumptions.abort("Arrow C++ read the rewrite back equal, but DuckDB does not read the original "
          + original.getFileName() + " (" + e.getMessage() + "), so there is no DuckDB comparison");
      return;
    }
    try (duckDbOriginal; ArrowBatches duckDbRewritten = DuckDbOracle.read(allocator, rewritten)) {
      ArrowAssertions.assertBatchesEqual("DuckDB read of our rewrite of " + original.getFileName(), duckDbOriginal,
          duckDbRewritten, Tolerance.NESTED_FIELD_NAMES, Tolerance.NULLABILITY, Tolerance.LARGE_AND_SMALL_OFFSETS,
          Tolerance.TIMESTAMP_TIME_ZONE_NAME, Tolerance.TIMESTAMP_UNIT);
    }
  }

  /**
   * Nested corpus tables written many times over with tiny pages and row groups, in both page versions: pages
   * must end on row boundaries and levels must continue correctly across pages and row groups.
   */
  @ParameterizedTest(name = "{0} {1}")
  @org.junit.jupiter.params.provider.CsvSource({
      "nested_lists.snappy.parquet, V1", "nested_lists.snappy.parquet, V2",
      "list_columns.parquet, V1", "list_columns.parquet, V2",
      "null_list.parquet, V2", "map_no_value.parquet, V2", "nonnullable.impala.parquet, V1",
      "nonnullable.impala.parquet, V2", "repeated_primitive_no_list.parquet, V2", "old_list_structure.parquet, V1",
      "map_no_value.parquet, V1"})
  void nestedTablesSpanManyPagesAndRowGroups(String name, WriteOptions.DataPageVersion version) throws Exception {
    Path original = Corpus.file(name);
    Path rewritten = directory.resolve("repeated.parquet");
    int copies = 40;
    try (ArrowBatches source = ArrowCppOracle.read(allocator, original)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(rewritten, source.schema(), WriteOptions.builder()
          .dataPageVersion(version).pageRowLimit(3).rowGroupRowLimit(25).pageChecksums(true).build())) {
        for (int copy = 0; copy < copies; copy++) {
          for (VectorSchemaRoot batch : source.batches()) {
            writer.write(batch);
          }
        }
      }
      java.util.List<VectorSchemaRoot> expected = new java.util.ArrayList<>();
      for (int copy = 0; copy < copies; copy++) {
        expected.addAll(source.batches());
      }
      try (ArrowBatches back = ArrowCppOracle.read(allocator, rewritten)) {
        ArrowAssertions.assertBatchesEqual("Arrow C++ read of " + copies + " copies of " + name + " " + version,
            expected, back.batches(), Tolerance.NESTED_FIELD_NAMES);
      }
      WrittenFile file = new WrittenFile(rewritten);
      assertThat(file.footer.rowGroups().size()).as("row groups of at most 25 rows").isGreaterThan(1);
      for (int group = 0; group < file.footer.rowGroups().size(); group++) {
        for (int column = 0; column < file.footer.rowGroups().get(group).columns().size(); column++) {
          java.util.List<io.parquetarrow.format.PageLocation> pages =
              file.offsetIndex(group, column).pageLocations();
          for (int page = 1; page < pages.size(); page++) {
            assertThat(pages.get(page).firstRowIndex() - pages.get(page - 1).firstRowIndex())
                .as("rows in page %d of column %d, row group %d", page - 1, column, group).isBetween(1L, 3L);
          }
        }
      }
    }
  }
}
