package io.parquetarrow.core.read;

import static io.parquetarrow.core.read.FilteredRowsAsText.field;
import static io.parquetarrow.core.read.FilteredRowsAsText.setOrNull;
import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.core.testing.TestAllocators;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered reads that pick a few rows of ZSTD pages whose columns are dictionary encoded with many entries, so
 * that each dictionary is decoded only as far as the picked indices need, and further when a later page's picks
 * climb past it: every row returned equals the same row of a read without a filter, for every fixed-width type
 * the prefix applies to (INT32, INT64, DOUBLE, dates, decimals, fixed-size binary, with nulls) and for strings,
 * which are decoded whole.
 */
class SparseDictionaryPicksTest {
  private static final int ROWS = 60_000;

  @TempDir Path directory;

  @Test
  void pickedRowsEqualTheRowsOfAWholeRead() throws Exception {
    Path file = directory.resolve("picks.parquet");
    write(file);
    List<List<Object>> all = read(file, null);
    assertThat(all).hasSize(ROWS);
    Random random = new Random(20_261_202L);
    List<String> filters = new ArrayList<>();
    filters.add("id = 0");
    filters.add("id = " + (ROWS - 1));
    filters.add("id IN (5, 2999, 3000, 29999, 30000, 59998)");
    filters.add("id BETWEEN 1000 AND 1010");
    filters.add("id BETWEEN 10000 AND 24000");
    for (int round = 0; round < 12; round++) {
      StringJoiner ids = new StringJoiner(", ", "id IN (", ")");
      int count = 1 + random.nextInt(round < 6 ? 3 : 40);
      for (int i = 0; i < count; i++) {
        ids.add(Integer.toString(random.nextInt(ROWS)));
      }
      filters.add(ids.toString());
    }
    for (String filter : filters) {
      TreeSet<Integer> expectedIds = new TreeSet<>();
      for (int row = 0; row < ROWS; row++) {
        if (matches(filter, row)) {
          expectedIds.add(row);
        }
      }
      List<List<Object>> expected = new ArrayList<>();
      expectedIds.forEach(row -> expected.add(all.get(row)));
      assertThat(read(file, filter)).as(filter).isEqualTo(expected);
    }
  }

  /** Whether {@code row} (its id) passes one of the test's filters. */
  private static boolean matches(String filter, int row) {
    if (filter.startsWith("id = ")) {
      return row == Integer.parseInt(filter.substring(5));
    }
    if (filter.startsWith("id BETWEEN ")) {
      String[] bounds = filter.substring(11).split(" AND ");
      return row >= Integer.parseInt(bounds[0]) && row <= Integer.parseInt(bounds[1]);
    }
    for (String id : filter.substring(7, filter.length() - 1).split(", ")) {
      if (row == Integer.parseInt(id)) {
        return true;
      }
    }
    return false;
  }

  private static List<List<Object>> read(Path file, String filter) throws Exception {
    ReadOptions.Builder options = ReadOptions.builder().batchRows(4_000);
    if (filter != null) {
      options.filter(filter);
    }
    return FilteredRowsAsText.read(file, options.build(), new ScanStatistics[1]);
  }

  /** Two row groups of 30,000 rows in ZSTD pages of 3,000, every column but the id dictionary encoded. */
  private static void write(Path file) throws Exception {
    Schema schema = new Schema(List.of(
        field("id", false, new ArrowType.Int(64, true)),
        field("big", false, new ArrowType.Int(64, true)),
        field("num", true, new ArrowType.Int(32, true)),
        field("price", true, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        field("amount", true, new ArrowType.Decimal(15, 2, 128)),
        field("code", true, new ArrowType.FixedSizeBinary(6)),
        field("day", false, new ArrowType.Date(DateUnit.DAY)),
        field("name", true, ArrowType.Utf8.INSTANCE)));
    WriteOptions options = WriteOptions.builder().codec(Codec.ZSTD).pageRowLimit(3_000)
        .rowGroupRowLimit(30_000).dictionaryEnabled(true).dictionaryEnabled("id", false).build();
    int batch = 5_000;
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      for (int start = 0; start < ROWS; start += batch) {
        root.getFieldVectors().forEach(vector -> vector.setInitialCapacity(batch));
        root.allocateNew();
        for (int slot = 0; slot < batch; slot++) {
          int i = slot;
          int row = start + i;
          // Values repeat rarely, so that each row group's dictionaries hold thousands of entries.
          long hash = (row * 0x9E3779B97F4A7C15L) >>> 40;
          boolean isNull = row % 7 == 3;
          ((BigIntVector) root.getVector("id")).set(i, row);
          ((BigIntVector) root.getVector("big")).set(i, hash % 20_000 * 1_000_003L);
          setOrNull(root.getVector("num"), i, isNull, () -> ((IntVector) root.getVector("num"))
              .set(i, (int) (hash % 15_000)));
          setOrNull(root.getVector("price"), i, isNull, () -> ((Float8Vector) root.getVector("price"))
              .set(i, hash % 10_000 / 8.0));
          setOrNull(root.getVector("amount"), i, row % 5 == 1, () -> ((DecimalVector) root.getVector("amount"))
              .set(i, BigDecimal.valueOf(hash % 12_000, 2)));
          setOrNull(root.getVector("code"), i, row % 11 == 2, () -> ((FixedSizeBinaryVector) root.getVector("code"))
              .set(i, new byte[] {(byte) hash, (byte) (hash >> 8), (byte) (hash >> 16), 1, 2, 3}));
          ((DateDayVector) root.getVector("day")).set(i, (int) (hash % 9_000));
          setOrNull(root.getVector("name"), i, isNull, () -> ((VarCharVector) root.getVector("name"))
              .setSafe(i, ("name-" + hash % 8_000).getBytes(StandardCharsets.UTF_8)));
        }
        root.setRowCount(batch);
        writer.write(root);
      }
    }
  }
}
