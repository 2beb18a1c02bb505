package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.BoundaryOrder;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.Statistics;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statistics, size statistics and the page index as stored in our footer, read back with the thrift records
 * and through DuckDB's {@code parquet_metadata()}: min/max under each column order, NaN and ±0 rules, null
 * counts, truncation of long strings with the exactness flags.
 */
class WriterStatisticsTest {
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

  private static final String LONG_TEXT = "日本語テキストです"; // 27 bytes, 3 per character

  private Path writeSample(WriteOptions options) throws Exception {
    Schema schema = new Schema(List.of(
        FlatTables.nullable("i", new ArrowType.Int(32, true)),
        FlatTables.nullable("u", new ArrowType.Int(32, false)),
        FlatTables.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        FlatTables.nullable("z", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        FlatTables.nullable("nan", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        FlatTables.nullable("s", ArrowType.Utf8.INSTANCE),
        FlatTables.nullable("d", new ArrowType.Decimal(5, 2, 128)),
        FlatTables.nullable("b", ArrowType.Bool.INSTANCE),
        FlatTables.nullable("n", ArrowType.Null.INSTANCE),
        FlatTables.nullable("h", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF))));
    Path file = directory.resolve("statistics.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      IntVector i = (IntVector) root.getVector("i");
      i.setSafe(0, 5);
      i.setSafe(1, -3);
      i.setNull(2);
      UInt4Vector u = (UInt4Vector) root.getVector("u");
      u.setSafe(0, 1);
      u.setSafe(1, -1);
      u.setSafe(2, 2);
      Float4Vector f = (Float4Vector) root.getVector("f");
      f.setSafe(0, Float.NaN);
      f.setSafe(1, -0.0f);
      f.setSafe(2, 3.5f);
      Float8Vector z = (Float8Vector) root.getVector("z");
      z.setSafe(0, 0.0);
      z.setSafe(1, -0.0);
      z.setNull(2);
      Float8Vector nan = (Float8Vector) root.getVector("nan");
      nan.setSafe(0, Double.NaN);
      nan.setSafe(1, Double.NaN);
      nan.setNull(2);
      VarCharVector s = (VarCharVector) root.getVector("s");
      s.setSafe(0, "b".getBytes(StandardCharsets.UTF_8));
      s.setSafe(1, LONG_TEXT.getBytes(StandardCharsets.UTF_8));
      s.setSafe(2, "a".getBytes(StandardCharsets.UTF_8));
      DecimalVector d = (DecimalVector) root.getVector("d");
      d.setSafe(0, new BigDecimal("-1.00"));
      d.setSafe(1, new BigDecimal("2.00"));
      d.setSafe(2, new BigDecimal("-3.50"));
      BitVector b = (BitVector) root.getVector("b");
      b.setSafe(0, 1);
      b.setSafe(1, 1);
      b.setNull(2);
      Float2Vector h = (Float2Vector) root.getVector("h");
      h.setSafeWithPossibleTruncate(0, Float.NaN);
      h.setSafeWithPossibleTruncate(1, 1.5f);
      h.setSafeWithPossibleTruncate(2, -2.0f);
      for (FieldVector vector : root.getFieldVectors()) {
        vector.setValueCount(3);
      }
      root.setRowCount(3);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
        writer.write(root);
      }
    }
    return file;
  }

  private static Statistics statistics(WrittenFile file, String column) {
    return file.chunk(0, file.columnIndexOf(column)).metaData().statistics();
  }

  private static byte[] intBytes(int value) {
    return ColumnStatistics.littleEndian(value, 4);
  }

  private static byte[] longBytes(long value) {
    return ColumnStatistics.littleEndian(value, 8);
  }

  @Test
  void chunkStatisticsFollowEachColumnOrder() throws Exception {
    WrittenFile file = new WrittenFile(writeSample(WriteOptions.builder().statisticsTruncateLength(8).build()));

    Statistics i = statistics(file, "i");
    assertThat(i.minValue()).as("signed int32 min").isEqualTo(intBytes(-3));
    assertThat(i.maxValue()).as("signed int32 max").isEqualTo(intBytes(5));
    assertThat(i.nullCount()).as("int32 null count").isEqualTo(1L);
    assertThat(i.min()).as("legacy min is written where its order agrees").isEqualTo(intBytes(-3));

    Statistics u = statistics(file, "u");
    assertThat(u.minValue()).as("uint32 min under unsigned order").isEqualTo(intBytes(1));
    assertThat(u.maxValue()).as("uint32 max under unsigned order").isEqualTo(intBytes(-1));
    assertThat(u.min()).as("no legacy min for unsigned order").isNull();

    Statistics f = statistics(file, "f");
    assertThat(f.minValue()).as("float min ignores NaN, zero written as -0.0")
        .isEqualTo(intBytes(Float.floatToRawIntBits(-0.0f)));
    assertThat(f.maxValue()).as("float max ignores NaN").isEqualTo(intBytes(Float.floatToRawIntBits(3.5f)));

    Statistics z = statistics(file, "z");
    assertThat(z.minValue()).as("zero min is -0.0").isEqualTo(longBytes(Double.doubleToRawLongBits(-0.0)));
    assertThat(z.maxValue()).as("zero max is +0.0").isEqualTo(longBytes(0L));

    Statistics nan = statistics(file, "nan");
    assertThat(nan.minValue()).as("NaN-only column has no min").isNull();
    assertThat(nan.maxValue()).as("NaN-only column has no max").isNull();
    assertThat(nan.nullCount()).as("NaN-only column null count").isEqualTo(1L);

    Statistics s = statistics(file, "s");
    assertThat(s.minValue()).as("string min").isEqualTo("a".getBytes(StandardCharsets.UTF_8));
    assertThat(s.isMinValueExact()).as("short min is exact").isTrue();
    // The max (27 bytes) is cut at a character boundary within 8 bytes ("日本", 6 bytes) and its last
    // character incremented: "日杭" (U+672C + 1 = U+672D).
    assertThat(new String(s.maxValue(), StandardCharsets.UTF_8)).as("truncated string max")
        .isEqualTo("日" + new String(Character.toChars(0x672D)));
    assertThat(s.isMaxValueExact()).as("truncated max is inexact").isFalse();
    assertThat(compareUnsigned(s.maxValue(), LONG_TEXT.getBytes(StandardCharsets.UTF_8)))
        .as("truncated max is still an upper bound").isPositive();

    Statistics d = statistics(file, "d");
    assertThat(d.minValue()).as("decimal min, signed big-endian in 3 bytes")
        .isEqualTo(new byte[] {(byte) 0xFF, (byte) 0xFE, (byte) 0xA2});
    assertThat(d.maxValue()).as("decimal max").isEqualTo(new byte[] {0, 0, (byte) 200});

    Statistics b = statistics(file, "b");
    assertThat(b.minValue()).as("boolean min").isEqualTo(new byte[] {1});
    assertThat(b.maxValue()).as("boolean max").isEqualTo(new byte[] {1});

    Statistics n = statistics(file, "n");
    assertThat(n.nullCount()).as("null column null count").isEqualTo(3L);
    assertThat(n.minValue()).as("null column has no min").isNull();

    Statistics h = statistics(file, "h");
    assertThat(h.minValue()).as("float16 min -2.0 (0xC000)").isEqualTo(new byte[] {0, (byte) 0xC0});
    assertThat(h.maxValue()).as("float16 max 1.5 (0x3E00)").isEqualTo(new byte[] {0, (byte) 0x3E});
  }

  @Test
  void pageIndexAndSizeStatisticsAreWritten() throws Exception {
    WrittenFile file = new WrittenFile(writeSample(WriteOptions.defaults()));
    ColumnIndex i = file.columnIndex(0, file.columnIndexOf("i"));
    assertThat(i).as("column index of i").isNotNull();
    assertThat(i.nullPages()).as("null pages of i").containsExactly(false);
    assertThat(i.minValues().get(0)).as("page min of i").isEqualTo(intBytes(-3));
    assertThat(i.nullCounts()).as("page null counts of i").containsExactly(1L);
    assertThat(i.boundaryOrder()).as("single page is ascending").isEqualTo(BoundaryOrder.ASCENDING);
    assertThat(i.definitionLevelHistograms()).as("definition level histogram of i").containsExactly(1L, 2L);

    assertThat(file.columnIndex(0, file.columnIndexOf("nan"))).as("no column index for a NaN-only page").isNull();
    assertThat(file.offsetIndex(0, file.columnIndexOf("nan"))).as("offset index is still written").isNotNull();

    ColumnIndex n = file.columnIndex(0, file.columnIndexOf("n"));
    assertThat(n.nullPages()).as("all-null page").containsExactly(true);

    ColumnMetaData s = file.chunk(0, file.columnIndexOf("s")).metaData();
    assertThat(s.sizeStatistics().unencodedByteArrayDataBytes()).as("unencoded byte array bytes")
        .isEqualTo(1L + LONG_TEXT.getBytes(StandardCharsets.UTF_8).length + 1);
    assertThat(file.offsetIndex(0, file.columnIndexOf("s")).unencodedByteArrayDataBytes())
        .as("per-page unencoded bytes").containsExactly(s.sizeStatistics().unencodedByteArrayDataBytes());
  }

  @Test
  void duckDbReadsTheStatistics() throws Exception {
    Path path = writeSample(WriteOptions.defaults());
    Map<String, List<Object>> byColumn = new HashMap<>();
    try (ArrowBatches metadata = DuckDbOracle.query(allocator,
        "SELECT path_in_schema, stats_min_value, stats_max_value, stats_null_count FROM parquet_metadata(?)",
        path.toString(), 1024)) {
      for (VectorSchemaRoot batch : metadata.batches()) {
        for (int row = 0; row < batch.getRowCount(); row++) {
          String column = String.valueOf(batch.getVector(0).getObject(row));
          byColumn.put(column, List.of(String.valueOf(batch.getVector(1).getObject(row)),
              String.valueOf(batch.getVector(2).getObject(row)), String.valueOf(batch.getVector(3).getObject(row))));
        }
      }
    }
    assertThat(byColumn.get("i")).as("DuckDB's view of i's statistics").containsExactly("-3", "5", "1");
    assertThat(byColumn.get("u")).as("DuckDB's view of u's statistics").containsExactly("1", "4294967295", "0");
    assertThat(byColumn.get("d")).as("DuckDB's view of d's statistics").containsExactly("-3.50", "2.00", "0");
    assertThat(byColumn.get("s")).as("DuckDB's view of s's statistics").containsExactly("a", LONG_TEXT, "0");
  }

  private static int compareUnsigned(byte[] left, byte[] right) {
    return java.util.Arrays.compareUnsigned(left, right);
  }
}
