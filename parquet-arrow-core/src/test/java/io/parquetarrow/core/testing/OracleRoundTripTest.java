package io.parquetarrow.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test utilities work: writers produce files both oracles read back equal, and differences are caught. */
class OracleRoundTripTest {
  /** What DuckDB's Arrow export changes about Arrow C++-written data of {@link TestTables#mixedSchema()}. */
  static final Tolerance[] DUCKDB_TOLERANCES = {Tolerance.LARGE_AND_SMALL_OFFSETS, Tolerance.NULLABILITY,
      Tolerance.NESTED_FIELD_NAMES, Tolerance.TIMESTAMP_TIME_ZONE_NAME};

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

  @Test
  void arrowCppWrittenFileReadsBackEqualThroughBothOracles() throws Exception {
    Path file = directory.resolve("mixed.parquet");
    try (VectorSchemaRoot expected = TestTables.mixed(allocator, 100, 0)) {
      ArrowCppWriter.write(file, expected);
      try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file);
          ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
        ArrowAssertions.assertBatchesEqual("Arrow C++ read of Arrow C++ write", java.util.List.of(expected),
            arrowCpp.batches());
        ArrowAssertions.assertBatchesEqual("DuckDB read of Arrow C++ write", java.util.List.of(expected),
            duckDb.batches(), DUCKDB_TOLERANCES);
        // inspect() reports the file's schema as written; the batches' vectors carry arrow-java's "$data$" list
        // element name instead (see ArrowBatches), so the declared schema is the one to compare with.
        assertThat(ArrowCppOracle.schema(allocator, file)).as("inferred schema").isEqualTo(expected.getSchema());
      }
    }
  }

  @Test
  void batchBoundariesDoNotMatter() throws Exception {
    Path file = directory.resolve("batches.parquet");
    try (VectorSchemaRoot first = TestTables.mixed(allocator, 40, 0);
        VectorSchemaRoot second = TestTables.mixed(allocator, 25, 0)) {
      ArrowCppWriter.write(file, first, second);
      try (ArrowBatches whole = ArrowCppOracle.read(allocator, file);
          ArrowBatches small = ArrowCppOracle.read(allocator, file, 7)) {
        assertThat(small.batches().size()).as("batches of at most 7 rows").isGreaterThan(5);
        assertThat(small.rowCount()).isEqualTo(65);
        ArrowAssertions.assertBatchesEqual("7-row batches vs whole", whole, small);
        ArrowAssertions.assertBatchesEqual("written batches vs 7-row batches", java.util.List.of(first, second),
            small.batches());
      }
    }
  }

  @Test
  void aDifferentValueFailsNamingColumnPathAndRow() throws Exception {
    try (VectorSchemaRoot expected = TestTables.mixed(allocator, 30, 0);
        VectorSchemaRoot actual = TestTables.mixed(allocator, 30, 1)) {
      // Variant 1 changes rows where i % 5 == 4; row 4 is the first, and "id" the first column.
      assertThatThrownBy(() -> ArrowAssertions.assertRootsEqual("variant", expected, actual))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("variant: row 4")
          .hasMessageContaining("id: expected '124' but found '125'");
    }
  }

  @Test
  void aDifferentNestedValueNamesTheNestedPath() throws Exception {
    try (VectorSchemaRoot expected = TestTables.mixed(allocator, 30, 0);
        VectorSchemaRoot actual = TestTables.mixed(allocator, 30, 0)) {
      actual.getVector("point").getChildrenFromFields().get(0).getField(); // structure unchanged
      ((org.apache.arrow.vector.IntVector) ((org.apache.arrow.vector.complex.ListVector) actual.getVector("numbers"))
          .getDataVector()).set(3, 999_999);
      assertThatThrownBy(() -> ArrowAssertions.assertRootsEqual("nested", expected, actual))
          .isInstanceOf(AssertionError.class)
          .hasMessageMatching("(?s)nested: row \\d+ .*numbers\\[\\d+\\]: expected '\\d+' but found '999999'.*");
    }
  }

  @Test
  void differentTypesFailUnlessTolerated() throws Exception {
    org.apache.arrow.vector.types.pojo.Schema small = new org.apache.arrow.vector.types.pojo.Schema(java.util.List.of(
        org.apache.arrow.vector.types.pojo.Field.nullable("s", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE)));
    org.apache.arrow.vector.types.pojo.Schema large = new org.apache.arrow.vector.types.pojo.Schema(java.util.List.of(
        org.apache.arrow.vector.types.pojo.Field.nullable("s", org.apache.arrow.vector.types.pojo.ArrowType.LargeUtf8.INSTANCE)));
    try (VectorSchemaRoot expected = VectorSchemaRoot.create(small, allocator);
        VectorSchemaRoot actual = VectorSchemaRoot.create(large, allocator)) {
      ((org.apache.arrow.vector.VarCharVector) expected.getVector(0)).setSafe(0, "x".getBytes());
      ((org.apache.arrow.vector.LargeVarCharVector) actual.getVector(0)).setSafe(0, "x".getBytes());
      expected.setRowCount(1);
      actual.setRowCount(1);
      assertThatThrownBy(() -> ArrowAssertions.assertRootsEqual("types", expected, actual))
          .isInstanceOf(AssertionError.class).hasMessageContaining("s: expected type Utf8 but found LargeUtf8");
      ArrowAssertions.assertRootsEqual("tolerated", expected, actual, Tolerance.LARGE_AND_SMALL_OFFSETS);
    }
  }

  @Test
  void duckDbWrittenMatrixReadsEqualThroughBothOracles() throws Exception {
    String query = "SELECT i::INTEGER AS id, CASE WHEN i % 4 = 0 THEN NULL ELSE 'v' || (i % 10) END AS name,"
        + " i / 3.0 AS ratio, [i, i + 1] AS pair FROM range(2000) t(i)";
    Path reference = directory.resolve("reference.parquet");
    DuckDbWriter.write(query, reference, DuckDbWriter.Options.defaults().compression("uncompressed"));
    try (ArrowBatches expected = ArrowCppOracle.read(allocator, reference)) {
      for (String codec : new String[] {"uncompressed", "snappy", "gzip", "zstd", "brotli", "lz4", "lz4_raw"}) {
        for (String version : new String[] {"V1", "V2"}) {
          String context = codec + " " + version;
          Path file = directory.resolve(codec + "-" + version + ".parquet");
          DuckDbWriter.write(query, file,
              DuckDbWriter.Options.defaults().compression(codec).rowGroupSize(700).parquetVersion(version));
          try (ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
            ArrowAssertions.assertBatchesEqual(context + ": DuckDB", expected, duckDb, DUCKDB_TOLERANCES);
          }
          // The arrow-dataset 18.3.0 JNI library is built without Brotli.
          if (!codec.equals("brotli")) {
            try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file)) {
              ArrowAssertions.assertBatchesEqual(context + ": Arrow C++", expected, arrowCpp);
            }
          }
        }
      }
    }
  }
}
