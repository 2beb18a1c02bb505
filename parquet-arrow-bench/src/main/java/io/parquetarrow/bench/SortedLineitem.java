package io.parquetarrow.bench;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.format.SortingColumn;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * lineitem sorted by {@code l_shipdate}, written by our writer for {@link FilterCompare}: ZSTD, row groups of
 * {@link #ROW_GROUP_ROWS} rows, data pages of at most {@link #PAGE_ROWS} rows, the page index (our default), a
 * bloom filter on {@code l_orderkey} and {@code l_shipdate} declared as the sorting column. The rows are those of
 * the source file read by our reader, ordered by a stable counting sort of the ship date (nulls first), then
 * copied into batches in that order; the whole source is held in memory meanwhile (about 1 GiB at scale 1).
 */
final class SortedLineitem {
  /** Rows per row group: close to DuckDB's 122,880, so a point lookup reads a row group of a similar size. */
  static final long ROW_GROUP_ROWS = 131_072;
  /** Rows per data page at most: a 1 % date range at scale 1 spans a few pages of each column. */
  static final int PAGE_ROWS = 10_000;
  /** The bloom filter's false-positive probability. */
  static final double BLOOM_FPP = 0.01;
  static final String SORT_COLUMN = "l_shipdate";
  static final String BLOOM_COLUMN = "l_orderkey";
  private static final int WRITE_BATCH_ROWS = 65_536;

  private SortedLineitem() {}

  /** {@code target}, written from {@code source} first when absent. */
  static Path of(Path source, Path target, BufferAllocator allocator, PrintStream log) throws Exception {
    if (Files.exists(target)) {
      return target;
    }
    Files.createDirectories(target.getParent());
    long started = System.nanoTime();
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    long rows;
    try (RetainedBatches batches = (RetainedBatches) new OursEngine().read(source, 1, allocator)) {
      long[] order = sortedRows(batches.batches());
      rows = order.length;
      write(batches.batches(), order, partial, allocator);
    } catch (Exception | Error e) {
      Files.deleteIfExists(partial);
      throw e;
    }
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    log.printf(Locale.ROOT, "wrote %s with parquet-arrow, sorted by %s: %,d rows, %,d bytes in %.1f s%n", target,
        SORT_COLUMN, rows, Files.size(target), (System.nanoTime() - started) / 1e9);
    return target;
  }

  /**
   * Every row's place as {@code batch << 32 | index}, in ship-date order (a stable counting sort over the days;
   * nulls first).
   */
  static long[] sortedRows(List<VectorSchemaRoot> batches) {
    int low = Integer.MAX_VALUE;
    int high = Integer.MIN_VALUE;
    long rows = 0;
    for (VectorSchemaRoot batch : batches) {
      DateDayVector days = dates(batch);
      for (int index = 0; index < batch.getRowCount(); index++) {
        if (!days.isNull(index)) {
          low = Math.min(low, days.get(index));
          high = Math.max(high, days.get(index));
        }
      }
      rows += batch.getRowCount();
    }
    int buckets = low > high ? 1 : high - low + 2;
    int[] starts = new int[buckets + 1];
    for (VectorSchemaRoot batch : batches) {
      DateDayVector days = dates(batch);
      for (int index = 0; index < batch.getRowCount(); index++) {
        starts[bucket(days, index, low) + 1]++;
      }
    }
    for (int bucket = 0; bucket < buckets; bucket++) {
      starts[bucket + 1] += starts[bucket];
    }
    long[] order = new long[Math.toIntExact(rows)];
    for (int batchIndex = 0; batchIndex < batches.size(); batchIndex++) {
      DateDayVector days = dates(batches.get(batchIndex));
      for (int index = 0; index < days.getValueCount(); index++) {
        order[starts[bucket(days, index, low)]++] = (long) batchIndex << 32 | index;
      }
    }
    return order;
  }

  private static DateDayVector dates(VectorSchemaRoot batch) {
    if (!(batch.getVector(SORT_COLUMN) instanceof DateDayVector days)) {
      throw new IllegalArgumentException("the source has no DATE column " + SORT_COLUMN + ": " + batch.getSchema());
    }
    return days;
  }

  private static int bucket(DateDayVector days, int index, int low) {
    return days.isNull(index) ? 0 : days.get(index) - low + 1;
  }

  private static void write(List<VectorSchemaRoot> batches, long[] order, Path file, BufferAllocator allocator)
      throws IOException {
    Schema schema = batches.get(0).getSchema();
    int sortColumn = schema.getFields().indexOf(schema.findField(SORT_COLUMN));
    WriteOptions options = WriteOptions.builder()
        .codec(Codec.ZSTD)
        .rowGroupRowLimit(ROW_GROUP_ROWS)
        .pageRowLimit(PAGE_ROWS)
        .bloomFilter(BLOOM_COLUMN, ROW_GROUP_ROWS, BLOOM_FPP)
        .sortingColumns(List.of(new SortingColumn(sortColumn, false, true)))
        .build();
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      for (int start = 0; start < order.length; start += WRITE_BATCH_ROWS) {
        int count = Math.min(WRITE_BATCH_ROWS, order.length - start);
        try (VectorSchemaRoot out = VectorSchemaRoot.create(schema, allocator)) {
          out.allocateNew();
          for (int column = 0; column < schema.getFields().size(); column++) {
            FieldVector target = out.getVector(column);
            for (int row = 0; row < count; row++) {
              long place = order[start + row];
              target.copyFromSafe((int) place, row, batches.get((int) (place >>> 32)).getVector(column));
            }
          }
          out.setRowCount(count);
          writer.write(out);
        }
      }
    }
  }
}
