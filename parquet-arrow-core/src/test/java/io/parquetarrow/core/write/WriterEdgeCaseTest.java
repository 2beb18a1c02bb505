package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edge cases of the write path: empty batches and files, all-null and NaN-only columns, the conversions Arrow
 * C++ also makes (date64, time32[s], timestamp[s]), stream output, and failures that must not leave a file.
 */
class WriterEdgeCaseTest {
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

  private void assertBothOraclesRead(String context, Path file, VectorSchemaRoot expected) throws Exception {
    try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file);
        ArrowBatches duckDb = DuckDbOracle.read(allocator, file)) {
      ArrowAssertions.assertBatchesEqual(context + " (Arrow C++)", List.of(expected), arrowCpp.batches());
      ArrowAssertions.assertBatchesEqual(context + " (DuckDB)", List.of(expected), duckDb.batches(),
          ArrowAssertions.Tolerance.LARGE_AND_SMALL_OFFSETS, ArrowAssertions.Tolerance.NULLABILITY);
    }
  }

  private static final Schema SMALL = new Schema(List.of(
      FlatTables.nullable("id", new ArrowType.Int(32, true)),
      FlatTables.nullable("text", ArrowType.Utf8.INSTANCE),
      FlatTables.nullable("ratio", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

  @Test
  void zeroRowFileHasTheSchemaAndNoRows() throws Exception {
    Path file = directory.resolve("empty.parquet");
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SMALL, WriteOptions.defaults())) {
      // nothing written
    }
    WrittenFile written = new WrittenFile(file);
    assertThat(written.footer.numRows()).as("rows").isZero();
    assertThat(written.footer.rowGroups()).as("row groups").isEmpty();
    try (VectorSchemaRoot expected = VectorSchemaRoot.create(SMALL, allocator)) {
      expected.setRowCount(0);
      assertBothOraclesRead("zero-row file", file, expected);
    }
  }

  @Test
  void emptyBatchesBetweenDataChangeNothing() throws Exception {
    Path file = directory.resolve("batches.parquet");
    try (VectorSchemaRoot empty = FlatTables.fill(allocator, SMALL, 0, 1, 0.0);
        VectorSchemaRoot data = FlatTables.fill(allocator, SMALL, 500, 2, 0.3)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SMALL, WriteOptions.defaults())) {
        writer.write(empty);
        writer.write(data);
        writer.write(empty);
      }
      assertThat(new WrittenFile(file).footer.rowGroups()).as("one row group").hasSize(1);
      assertBothOraclesRead("empty batches", file, data);
    }
  }

  @Test
  void allNullAndNanOnlyColumnsRoundTrip() throws Exception {
    Path file = directory.resolve("nulls.parquet");
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SMALL, 300, 3, 1.0)) {
      Float8Vector ratio = (Float8Vector) root.getVector("ratio");
      for (int row = 0; row < 300; row++) {
        ratio.setSafe(row, Double.NaN);
      }
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SMALL, WriteOptions.defaults())) {
        writer.write(root);
      }
      WrittenFile written = new WrittenFile(file);
      assertThat(written.chunk(0, 0).metaData().statistics().nullCount()).as("all-null null count")
          .isEqualTo(300L);
      assertThat(written.chunk(0, 2).metaData().statistics().minValue()).as("NaN-only has no min").isNull();
      assertBothOraclesRead("all-null and NaN-only", file, root);
    }
  }

  @Test
  void unicodeStringsRoundTrip() throws Exception {
    Path file = directory.resolve("unicode.parquet");
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SMALL, 2000, 4, 0.1)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SMALL, WriteOptions.builder()
          .statisticsTruncateLength(5).build())) {
        writer.write(root);
      }
      assertBothOraclesRead("unicode", file, root);
    }
  }

  @Test
  void conversionsMatchArrowCpp() throws Exception {
    Schema schema = new Schema(List.of(
        FlatTables.nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)),
        FlatTables.nullable("time32_s", new ArrowType.Time(TimeUnit.SECOND, 32)),
        FlatTables.nullable("timestamp_s", new ArrowType.Timestamp(TimeUnit.SECOND, null))));
    Path file = directory.resolve("conversions.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      ((DateMilliVector) root.getVector("date64")).setSafe(0, 19_000L * 86_400_000L);
      ((DateMilliVector) root.getVector("date64")).setNull(1);
      ((TimeSecVector) root.getVector("time32_s")).setSafe(0, 3723);
      ((TimeSecVector) root.getVector("time32_s")).setNull(1);
      ((TimeStampSecVector) root.getVector("timestamp_s")).setSafe(0, 1_700_000_000L);
      ((TimeStampSecVector) root.getVector("timestamp_s")).setNull(1);
      for (FieldVector vector : root.getFieldVectors()) {
        vector.setValueCount(2);
      }
      root.setRowCount(2);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
        writer.write(root);
      }
      try (ArrowBatches arrowCpp = ArrowCppOracle.read(allocator, file)) {
        VectorSchemaRoot batch = arrowCpp.batches().get(0);
        // Arrow C++ writes these units the same way and reads them back in the stored unit (its ARROW:schema
        // restoration does not convert them back), so these are the values a file from Arrow C++ would give.
        assertThat(((DateDayVector) batch.getVector("date64")).get(0)).as("date64 stored as days")
            .isEqualTo(19_000);
        assertThat(((TimeMilliVector) batch.getVector("time32_s")).get(0)).as("time32[s] stored as milliseconds")
            .isEqualTo(3_723_000);
        assertThat(((org.apache.arrow.vector.TimeStampMilliVector) batch.getVector("timestamp_s")).get(0))
            .as("timestamp[s] stored as milliseconds").isEqualTo(1_700_000_000_000L);
        assertThat(batch.getVector("date64").isNull(1)).as("null stays null").isTrue();
      }
    }
  }

  @Test
  void streamOutputIsAParquetFile() throws Exception {
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    try (VectorSchemaRoot root = FlatTables.fill(allocator, SMALL, 700, 5, 0.2)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(stream, SMALL, WriteOptions.defaults())) {
        writer.write(root);
      }
      Path file = directory.resolve("stream.parquet");
      Files.write(file, stream.toByteArray());
      assertBothOraclesRead("stream output", file, root);
    }
  }

  @Test
  void failedWriteLeavesNoFile() throws Exception {
    Path file = directory.resolve("failed.parquet");
    Schema required = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)),
        null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(required, allocator)) {
      root.allocateNew();
      IntVector id = (IntVector) root.getVector("id");
      id.setSafe(0, 1);
      id.setNull(1);
      id.setValueCount(2);
      root.setRowCount(2);
      ParquetArrowWriter writer = ParquetArrowWriter.open(file, required, WriteOptions.defaults());
      assertThatThrownBy(() -> writer.write(root)).as("null in a required column")
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not nullable");
      writer.close();
    }
    assertThat(file).as("no file after a failed write").doesNotExist();
    try (Stream<Path> left = Files.list(directory)) {
      assertThat(left).as("no temporary file left behind").isEmpty();
    }
  }

  @Test
  void mismatchedBatchSchemaIsRejected() throws Exception {
    Path file = directory.resolve("mismatch.parquet");
    try (VectorSchemaRoot other = FlatTables.fill(allocator, new Schema(List.of(
        FlatTables.nullable("id", new ArrowType.Int(64, true)))), 3, 6, 0.0);
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, SMALL, WriteOptions.defaults())) {
      assertThatThrownBy(() -> writer.write(other)).as("batch of another schema")
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("differs");
    }
    assertThat(file).as("no file after a failed write").doesNotExist();
  }

  @Test
  void encodingsThatDoNotFitTheColumnAreRejectedAtOpen() {
    WriteOptions options = WriteOptions.builder().columnEncoding("text", io.parquetarrow.format.Encoding.BYTE_STREAM_SPLIT)
        .build();
    assertThatThrownBy(() -> ParquetArrowWriter.open(directory.resolve("encoding.parquet"), SMALL, options))
        .as("BYTE_STREAM_SPLIT on a string column").isInstanceOf(UnsupportedParquetFeatureException.class)
        .hasMessageContaining("BYTE_STREAM_SPLIT");
    assertThat(directory.resolve("encoding.parquet")).as("no file when open fails").doesNotExist();
  }

  @Test
  void unsupportedTypesAreRejectedAtOpen() {
    Schema union = new Schema(List.of(new Field("union", FieldType.nullable(new ArrowType.Union(
        org.apache.arrow.vector.types.UnionMode.Sparse, new int[] {0})),
        List.of(FlatTables.nullable("int", new ArrowType.Int(32, true))))));
    assertThatThrownBy(() -> ParquetArrowWriter.open(directory.resolve("union.parquet"), union,
        WriteOptions.defaults())).as("unions have no Parquet equivalent")
        .isInstanceOf(UnsupportedParquetFeatureException.class).hasMessageContaining("union");
    assertThat(directory.resolve("union.parquet")).as("no file when open fails").doesNotExist();
  }
}
