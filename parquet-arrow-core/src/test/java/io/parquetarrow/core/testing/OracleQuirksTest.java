package io.parquetarrow.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.ArrowAssertions.Tolerance;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the two oracles do with corpus files, pinned as tests so that differential tests know which differences
 * to expect and an upgrade that changes them is noticed. Skips when the corpus is absent.
 */
class OracleQuirksTest {
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

  @ParameterizedTest
  @ValueSource(strings = {"alltypes_plain.parquet", "int32_decimal.parquet", "fixed_length_decimal.parquet",
      "byte_array_decimal.parquet", "nested_lists.snappy.parquet", "nulls.snappy.parquet",
      "lz4_raw_compressed.parquet", "datapage_v2_empty_datapage.snappy.parquet", "old_list_structure.parquet",
      "repeated_primitive_no_list.parquet", "unknown-logical-type.parquet", "delta_byte_array.parquet",
      "list_columns.parquet", "column_chunk_key_value_metadata.parquet"})
  void bothOraclesAgreeWithinTheUsualTolerances(String name) throws Exception {
    Path file = Corpus.file(name);
    try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file);
        ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
      ArrowAssertions.assertBatchesEqual(name + ": Arrow C++ vs DuckDB", arrowCpp, duckDb,
          Tolerance.LARGE_AND_SMALL_OFFSETS, Tolerance.NULLABILITY, Tolerance.NESTED_FIELD_NAMES,
          Tolerance.TIMESTAMP_TIME_ZONE_NAME, Tolerance.TIMESTAMP_UNIT);
    }
  }

  @Test
  void arrowCppOfArrowDatasetIsBuiltWithoutBrotli() {
    Path file = Corpus.file("large_string_map.brotli.parquet");
    assertThatThrownBy(() -> ArrowCppOracle.read(allocator, file).close())
        .hasMessageContaining("Support for codec 'brotli' not built");
  }

  @Test
  void duckDbRejectsTheDeprecatedLz4Codec() {
    for (String name : new String[] {"hadoop_lz4_compressed.parquet", "non_hadoop_lz4_compressed.parquet"}) {
      Path file = Corpus.file(name);
      assertThatThrownBy(() -> DuckDbOracle.read(allocator, file).close()).as(name)
          .hasMessageContaining("Unsupported compression codec \"LZ4\"");
    }
  }

  @Test
  void duckDbRejectsByteStreamSplitOutsideFloatingPoint() {
    Path file = Corpus.file("byte_stream_split_extended.gzip.parquet");
    assertThatThrownBy(() -> DuckDbOracle.read(allocator, file).close())
        .hasMessageContaining("BYTE_STREAM_SPLIT encoding is only supported for FLOAT or DOUBLE");
  }

  @Test
  void duckDbWidensFloat16AndLosesFixedSizeBinary() throws Exception {
    try (ArrowBatches half = DuckDbOracle.read(allocator, Corpus.file("float16_zeros_and_nans.parquet"));
        ArrowBatches fixed = DuckDbOracle.read(allocator, Corpus.file("fixed_length_byte_array.parquet"))) {
      assertThat(half.schema().getFields().get(0).getType())
          .isEqualTo(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
      assertThat(fixed.schema().getFields().get(0).getType()).isEqualTo(ArrowType.LargeBinary.INSTANCE);
    }
    try (ArrowBatches half = ArrowCppOracle.read(allocator, Corpus.file("float16_zeros_and_nans.parquet"))) {
      assertThat(half.schema().getFields().get(0).getType())
          .isEqualTo(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF));
    }
  }

  @Test
  void int96TimestampsDifferInUnitAndOutOfRangeValues() throws Exception {
    Path file = Corpus.file("int96_from_spark.parquet");
    try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file);
        ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
      assertThat(arrowCpp.schema().getFields().get(0).getType())
          .isEqualTo(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null));
      assertThat(duckDb.schema().getFields().get(0).getType())
          .isEqualTo(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
      // Values beyond the nanosecond range wrap in Arrow C++ and saturate differently in DuckDB.
      assertThatThrownBy(() -> ArrowAssertions.assertBatchesEqual("int96", arrowCpp, duckDb, Tolerance.TIMESTAMP_UNIT))
          .isInstanceOf(AssertionError.class).hasMessageContaining("row 2");
    }
  }

  @Test
  void duckDbRejectsAMapWithoutValuesAndArrowCppAMapWithOptionalKeys() {
    Path mapWithoutValues = Corpus.file("map_no_value.parquet");
    Path mapWithOptionalKeys = Corpus.file("incorrect_map_schema.parquet");
    assertThatThrownBy(() -> DuckDbOracle.read(allocator, mapWithoutValues).close())
        .hasMessageContaining("MAP_KEY_VALUE requires two children");
    assertThatThrownBy(() -> ArrowCppOracle.read(allocator, mapWithOptionalKeys).close())
        .hasMessageContaining("Map keys must be annotated as required");
  }
}
