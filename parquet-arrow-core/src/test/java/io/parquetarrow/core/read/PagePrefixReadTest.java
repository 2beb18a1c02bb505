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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered reads that keep a few rows of ZSTD pages holding a whole row group each, so that the other columns'
 * pages are decompressed only as far as the kept rows need (a prefix), and whole when a later batch reads past it:
 * every row returned equals the same row of a read without a filter, for PLAIN INT32, INT64, DOUBLE,
 * FIXED_LEN_BYTE_ARRAY, BOOLEAN and strings, dictionary-encoded strings and INT64, with nulls, in v1 and v2 pages,
 * in small batches and large ones. One string column holds long values in its first half and short ones after, so
 * that a prefix guessed from the page's sizes falls short and the whole page is read instead.
 */
class PagePrefixReadTest {
  private static final int ROWS = 100_000;

  @TempDir Path directory;

  @ParameterizedTest
  @EnumSource(WriteOptions.DataPageVersion.class)
  void keptRowsEqualTheRowsOfAWholeRead(WriteOptions.DataPageVersion version) throws Exception {
    Path file = directory.resolve("prefix-" + version + ".parquet");
    write(file, version);
    List<List<Object>> all = read(file, null, ReadOptions.DEFAULT_BATCH_ROWS, null);
    assertThat(all).hasSize(ROWS);
    Random random = new Random(20_261_203L);
    List<String> filters = new ArrayList<>(List.of("id = 0", "id = 1", "id = 41000", "id = " + (ROWS - 1),
        "id IN (10, 50000)", "id IN (3000, 3001, 70000)", "id IN (20000, 20001, 90000, 95000)",
        "id BETWEEN 60000 AND 60010", "id IN (12, 30000, 30001, 52000, 99990)"));
    for (int round = 0; round < 8; round++) {
      StringJoiner ids = new StringJoiner(", ", "id IN (", ")");
      int count = 1 + random.nextInt(6);
      for (int i = 0; i < count; i++) {
        ids.add(Integer.toString(random.nextInt(ROWS)));
      }
      filters.add(ids.toString());
    }
    long inPart = 0;
    for (int batchRows : new int[] {4_000, ReadOptions.DEFAULT_BATCH_ROWS}) {
      for (String filter : filters) {
        List<List<Object>> expected = new ArrayList<>();
        expectedIds(filter).forEach(row -> expected.add(all.get(row)));
        long[] pagesInPart = new long[1];
        assertThat(read(file, filter, batchRows, pagesInPart)).as("%s, batches of %d", filter, batchRows)
            .isEqualTo(expected);
        inPart += pagesInPart[0];
      }
    }
    assertThat(inPart).as("pages decompressed in part").isPositive();
  }

  private static TreeSet<Integer> expectedIds(String filter) {
    TreeSet<Integer> ids = new TreeSet<>();
    if (filter.startsWith("id = ")) {
      ids.add(Integer.parseInt(filter.substring(5)));
    } else if (filter.startsWith("id BETWEEN ")) {
      String[] bounds = filter.substring(11).split(" AND ");
      for (int id = Integer.parseInt(bounds[0]); id <= Integer.parseInt(bounds[1]); id++) {
        ids.add(id);
      }
    } else {
      for (String id : filter.substring(7, filter.length() - 1).split(", ")) {
        ids.add(Integer.parseInt(id));
      }
    }
    return ids;
  }

  /** The rows read; with a filter, its scan's pages decompressed in part into {@code pagesInPart[0]}. */
  private static List<List<Object>> read(Path file, String filter, int batchRows, long[] pagesInPart)
      throws Exception {
    ReadOptions.Builder options = ReadOptions.builder().batchRows(batchRows).threads(1);
    if (filter != null) {
      options.filter(filter);
    }
    ScanStatistics[] statistics = new ScanStatistics[1];
    List<List<Object>> rows = FilteredRowsAsText.read(file, options.build(), statistics);
    if (pagesInPart != null) {
      pagesInPart[0] = statistics[0].pagesDecompressedInPart();
    }
    return rows;
  }

  /** One row group in ZSTD pages of all its rows; only {@code cat} and {@code big} dictionary encoded. */
  private static void write(Path file, WriteOptions.DataPageVersion version) throws Exception {
    Schema schema = new Schema(List.of(
        field("id", false, new ArrowType.Int(64, true)),
        field("num", true, new ArrowType.Int(32, true)),
        field("price", false, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        field("code", true, new ArrowType.FixedSizeBinary(6)),
        field("flag", true, ArrowType.Bool.INSTANCE),
        field("text", true, ArrowType.Utf8.INSTANCE),
        field("skewed", false, ArrowType.Utf8.INSTANCE),
        field("cat", true, ArrowType.Utf8.INSTANCE),
        field("big", false, new ArrowType.Int(64, true))));
    WriteOptions options = WriteOptions.builder().codec(Codec.ZSTD).dataPageVersion(version)
        .pageRowLimit(ROWS).pageSizeBytes(64L << 20).rowGroupRowLimit(ROWS).dictionaryEnabled(false)
        .dictionaryEnabled("cat", true).dictionaryEnabled("big", true).build();
    int batch = 10_000;
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      for (int start = 0; start < ROWS; start += batch) {
        root.getFieldVectors().forEach(vector -> vector.setInitialCapacity(batch));
        root.allocateNew();
        for (int slot = 0; slot < batch; slot++) {
          int i = slot;
          int row = start + i;
          long hash = (row * 0x9E3779B97F4A7C15L) >>> 40;
          ((BigIntVector) root.getVector("id")).set(i, row);
          setOrNull(root.getVector("num"), i, row % 7 == 3, () -> ((IntVector) root.getVector("num"))
              .set(i, (int) hash));
          ((Float8Vector) root.getVector("price")).set(i, hash / 8.0);
          setOrNull(root.getVector("code"), i, row % 11 == 2, () -> ((FixedSizeBinaryVector) root.getVector("code"))
              .set(i, new byte[] {(byte) hash, (byte) (hash >> 8), (byte) (hash >> 16), 1, 2, 3}));
          setOrNull(root.getVector("flag"), i, row % 5 == 1, () -> ((BitVector) root.getVector("flag"))
              .set(i, (int) (hash & 1)));
          setOrNull(root.getVector("text"), i, row % 9 == 4, () -> ((VarCharVector) root.getVector("text"))
              .setSafe(i, ("text-" + Long.toString(hash, 36).repeat(1 + (int) (hash % 4)))
                  .getBytes(StandardCharsets.UTF_8)));
          String skewed = row < ROWS / 2 ? "long-" + Long.toString(hash, 36).repeat(20) : "s" + hash % 10;
          ((VarCharVector) root.getVector("skewed")).setSafe(i, skewed.getBytes(StandardCharsets.UTF_8));
          setOrNull(root.getVector("cat"), i, row % 13 == 6, () -> ((VarCharVector) root.getVector("cat"))
              .setSafe(i, ("cat-" + hash % 3_000).getBytes(StandardCharsets.UTF_8)));
          ((BigIntVector) root.getVector("big")).set(i, hash % 20_000 * 1_000_003L);
        }
        root.setRowCount(batch);
        writer.write(root);
      }
    }
  }
}
