package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Statistics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow intervals written as Parquet INTERVAL (FIXED_LEN_BYTE_ARRAY(12): unsigned little-endian months, days,
 * milliseconds), read back by our reader (as fixed_size_binary(12), as Arrow C++ does), DuckDB and parquet-java;
 * no min/max statistics and no column index (undefined sort order); values INTERVAL cannot hold rejected.
 */
class IntervalWriteTest {
  @TempDir Path directory;
  private BufferAllocator allocator;

  /** Expected {months, days, milliseconds} per row of {@link #fill}; null for a null row. */
  private static final long[][] YEAR_MONTH = {{14, 0, 0}, null, {0, 0, 0}, {Integer.MAX_VALUE, 0, 0}};
  private static final long[][] DAY_TIME = {{0, 3, 86_399_999}, null, {0, 0, 0}, {0, Integer.MAX_VALUE, 5}};
  private static final long[][] MONTH_DAY_NANO = {{1, 2, 3}, null, {0, 0, 0}, {7, 8, 0xFFFF_FFFFL}};

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  private static Field interval(String name, IntervalUnit unit) {
    return new Field(name, FieldType.nullable(new ArrowType.Interval(unit)), null);
  }

  private static Schema schema() {
    return new Schema(List.of(interval("year_month", IntervalUnit.YEAR_MONTH),
        interval("day_time", IntervalUnit.DAY_TIME), interval("month_day_nano", IntervalUnit.MONTH_DAY_NANO)));
  }

  private VectorSchemaRoot fill() {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    IntervalYearVector yearMonth = (IntervalYearVector) root.getVector("year_month");
    IntervalDayVector dayTime = (IntervalDayVector) root.getVector("day_time");
    IntervalMonthDayNanoVector monthDayNano = (IntervalMonthDayNanoVector) root.getVector("month_day_nano");
    for (FieldVector vector : root.getFieldVectors()) {
      vector.allocateNew();
    }
    for (int row = 0; row < YEAR_MONTH.length; row++) {
      if (YEAR_MONTH[row] == null) {
        yearMonth.setNull(row);
        dayTime.setNull(row);
        monthDayNano.setNull(row);
        continue;
      }
      yearMonth.set(row, (int) YEAR_MONTH[row][0]);
      dayTime.set(row, (int) DAY_TIME[row][1], (int) DAY_TIME[row][2]);
      monthDayNano.set(row, (int) MONTH_DAY_NANO[row][0], (int) MONTH_DAY_NANO[row][1],
          MONTH_DAY_NANO[row][2] * 1_000_000L);
    }
    root.setRowCount(YEAR_MONTH.length);
    return root;
  }

  private Path writeSample() throws Exception {
    Path file = directory.resolve("intervals.parquet");
    try (VectorSchemaRoot root = fill();
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, root.getSchema(),
            WriteOptions.builder().build())) {
      writer.write(root);
    }
    return file;
  }

  private static long unsigned(byte[] bytes, int at) {
    return (bytes[at] & 0xFFL) | (bytes[at + 1] & 0xFFL) << 8 | (bytes[at + 2] & 0xFFL) << 16
        | (bytes[at + 3] & 0xFFL) << 24;
  }

  @Test
  void schemaIsIntervalWithNullCountOnlyAndNoColumnIndex() throws Exception {
    WrittenFile written = new WrittenFile(writeSample());
    List<SchemaElement> schema = written.footer.schema();
    for (int column = 0; column < 3; column++) {
      SchemaElement element = schema.get(column + 1);
      assertThat(element.type()).as("physical type of %s", element.name())
          .isEqualTo(io.parquetarrow.format.Type.FIXED_LEN_BYTE_ARRAY);
      assertThat(element.typeLength()).as("type length of %s", element.name()).isEqualTo(12);
      assertThat(element.convertedType()).as("converted type of %s", element.name())
          .isEqualTo(ConvertedType.INTERVAL);
      assertThat(element.logicalType()).as("logical type of %s (INTERVAL has none)", element.name()).isNull();
      ColumnChunk chunk = written.chunk(0, column);
      Statistics statistics = chunk.metaData().statistics();
      assertThat(statistics).as("statistics of %s", element.name()).isNotNull();
      assertThat(statistics.nullCount()).as("null count of %s", element.name()).isEqualTo(1L);
      assertThat(statistics.minValue()).as("min_value of %s (undefined order)", element.name()).isNull();
      assertThat(statistics.maxValue()).as("max_value of %s (undefined order)", element.name()).isNull();
      assertThat(statistics.min()).as("legacy min of %s", element.name()).isNull();
      assertThat(statistics.max()).as("legacy max of %s", element.name()).isNull();
      assertThat(written.columnIndex(0, column)).as("column index of %s (parquet-java writes none)",
          element.name()).isNull();
    }
  }

  @Test
  void ourReaderReadsFixedSizeBinaryTwelve() throws Exception {
    Path file = writeSample();
    long[][][] expected = {YEAR_MONTH, DAY_TIME, MONTH_DAY_NANO};
    int rows = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        for (int column = 0; column < 3; column++) {
          FieldVector vector = batch.getVector(column);
          // Like Arrow C++ 18, the reader keeps INTERVAL as fixed_size_binary(12) even though ARROW:schema
          // says interval: the three unsigned parts do not match any Arrow interval layout.
          assertThat(vector.getField().getType()).as("Arrow type our reader gives column %d", column)
              .isEqualTo(new ArrowType.FixedSizeBinary(12));
          FixedSizeBinaryVector binary = (FixedSizeBinaryVector) vector;
          for (int row = 0; row < batch.getRowCount(); row++) {
            long[] triple = expected[column][rows + row];
            if (triple == null) {
              assertThat(binary.isNull(row)).as("column %d row %d is null", column, rows + row).isTrue();
              continue;
            }
            byte[] bytes = binary.getObject(row);
            assertThat(new long[] {unsigned(bytes, 0), unsigned(bytes, 4), unsigned(bytes, 8)})
                .as("months, days, milliseconds of column %d row %d", column, rows + row).containsExactly(triple);
          }
        }
        rows += batch.getRowCount();
      }
    }
    assertThat(rows).as("rows read").isEqualTo(YEAR_MONTH.length);
  }

  @Test
  void duckDbReadsIntervals() throws Exception {
    Path file = writeSample();
    long[][][] expected = {YEAR_MONTH, DAY_TIME, MONTH_DAY_NANO};
    try (ArrowBatches batches = DuckDbOracle.read(allocator, file)) {
      List<long[]> seen = new ArrayList<>();
      for (int column = 0; column < 3; column++) {
        int rows = 0;
        for (VectorSchemaRoot batch : batches.batches()) {
          FieldVector vector = batch.getVector(column);
          assertThat(vector).as("DuckDB's Arrow export of INTERVAL column %d", column)
              .isInstanceOf(IntervalMonthDayNanoVector.class);
          IntervalMonthDayNanoVector intervals = (IntervalMonthDayNanoVector) vector;
          for (int row = 0; row < batch.getRowCount(); row++) {
            long[] triple = expected[column][rows + row];
            if (triple == null) {
              assertThat(intervals.isNull(row)).as("DuckDB column %d row %d is null", column, rows + row)
                  .isTrue();
              continue;
            }
            var holder = new org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder();
            intervals.get(row, holder);
            // DuckDB keeps months and days apart and microseconds for the time part (exported as nanoseconds).
            assertThat(new long[] {holder.months, holder.days, holder.nanoseconds / 1_000_000L})
                .as("DuckDB months, days, milliseconds of column %d row %d", column, rows + row)
                .containsExactly(triple);
            seen.add(triple);
          }
          rows += batch.getRowCount();
        }
        assertThat(rows).as("DuckDB rows of column %d", column).isEqualTo(YEAR_MONTH.length);
      }
      assertThat(seen).as("non-null values checked").hasSize(9);
    }
  }

  @Test
  void parquetJavaSeesIntervalAnnotationWithoutMinMax() throws Exception {
    Path file = writeSample();
    try (ParquetFileReader reader = ParquetFileReader.open(new org.apache.parquet.io.LocalInputFile(file))) {
      var schema = reader.getFooter().getFileMetaData().getSchema();
      for (String name : List.of("year_month", "day_time", "month_day_nano")) {
        PrimitiveType type = schema.getType(name).asPrimitiveType();
        assertThat(type.getPrimitiveTypeName()).as("parquet-java physical type of %s", name)
            .isEqualTo(PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY);
        assertThat(type.getTypeLength()).as("parquet-java type length of %s", name).isEqualTo(12);
        assertThat(type.getLogicalTypeAnnotation()).as("parquet-java annotation of %s", name)
            .isInstanceOf(LogicalTypeAnnotation.IntervalLogicalTypeAnnotation.class);
      }
      var columns = reader.getFooter().getBlocks().get(0).getColumns();
      for (var column : columns) {
        assertThat(column.getStatistics().hasNonNullValue()).as("parquet-java min/max of %s", column.getPath())
            .isFalse();
        assertThat(column.getStatistics().getNumNulls()).as("parquet-java null count of %s", column.getPath())
            .isEqualTo(1L);
      }
    }
  }

  @Test
  void arrowCppReadsIntervalAsFixedSizeBinary() throws Exception {
    Path file = writeSample();
    Schema schema = ArrowCppOracle.schema(allocator, file);
    for (Field field : schema.getFields()) {
      assertThat(field.getType()).as("Arrow C++ type of %s", field.getName())
          .isEqualTo(new ArrowType.FixedSizeBinary(12));
    }
  }

  private void assertRejected(VectorSchemaRoot root, String... fragments) {
    Path file = directory.resolve("rejected.parquet");
    assertThatThrownBy(() -> {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, root.getSchema(),
          WriteOptions.builder().build())) {
        writer.write(root);
      }
    }).as("writing a value Parquet INTERVAL cannot hold").isInstanceOf(IllegalArgumentException.class)
        .hasMessageContainingAll(fragments);
  }

  private VectorSchemaRoot single(String name, IntervalUnit unit) {
    VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(interval(name, unit))), allocator);
    root.getVector(0).allocateNew();
    return root;
  }

  @Test
  void negativeDayTimeIsRejected() {
    try (VectorSchemaRoot root = single("elapsed", IntervalUnit.DAY_TIME)) {
      IntervalDayVector vector = (IntervalDayVector) root.getVector(0);
      vector.set(0, 1, 2);
      vector.setNull(1);
      vector.set(2, -1, 0);
      root.setRowCount(3);
      assertRejected(root, "'elapsed'", "row 2", "days -1");
    }
    try (VectorSchemaRoot root = single("elapsed", IntervalUnit.DAY_TIME)) {
      IntervalDayVector vector = (IntervalDayVector) root.getVector(0);
      vector.set(0, 1, -5);
      root.setRowCount(1);
      assertRejected(root, "'elapsed'", "row 0", "milliseconds -5");
    }
  }

  @Test
  void negativeYearMonthIsRejected() {
    try (VectorSchemaRoot root = single("span", IntervalUnit.YEAR_MONTH)) {
      IntervalYearVector vector = (IntervalYearVector) root.getVector(0);
      vector.set(0, 3);
      vector.set(1, -3);
      root.setRowCount(2);
      assertRejected(root, "'span'", "row 1", "months -3");
    }
  }

  @Test
  void monthDayNanoOutsideIntervalIsRejected() {
    try (VectorSchemaRoot root = single("gap", IntervalUnit.MONTH_DAY_NANO)) {
      IntervalMonthDayNanoVector vector = (IntervalMonthDayNanoVector) root.getVector(0);
      vector.set(0, 1, 1, 1_000_000L);
      vector.set(1, 1, 1, 1_000_001L);
      root.setRowCount(2);
      assertRejected(root, "'gap'", "row 1", "not a whole number of milliseconds");
    }
    try (VectorSchemaRoot root = single("gap", IntervalUnit.MONTH_DAY_NANO)) {
      IntervalMonthDayNanoVector vector = (IntervalMonthDayNanoVector) root.getVector(0);
      vector.set(0, 0, 0, 0x1_0000_0000L * 1_000_000L);
      root.setRowCount(1);
      assertRejected(root, "'gap'", "row 0", "milliseconds 4294967296");
    }
    try (VectorSchemaRoot root = single("gap", IntervalUnit.MONTH_DAY_NANO)) {
      IntervalMonthDayNanoVector vector = (IntervalMonthDayNanoVector) root.getVector(0);
      vector.set(0, 0, -2, 0);
      root.setRowCount(1);
      assertRejected(root, "'gap'", "row 0", "days -2");
    }
  }
}
