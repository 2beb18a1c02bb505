package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.read.FilterOracles.FilterColumn;
import io.parquetarrow.core.testing.ArrowCppWriter;
import io.parquetarrow.core.testing.DuckDbWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The table the filter oracles filter: {@value #ROWS} rows of sorted and scattered integers, doubles with NaN and
 * nulls, a decimal, UTF-8 strings beyond ASCII, dates, timestamps, booleans and a struct's field, written by
 * DuckDB (data page V1, and V2 with zstd, row groups of about 3,000 rows), by our writer (row groups of 4,000 rows,
 * pages of 500, page index, bloom filters) and by Arrow C++ (its dataset defaults), with literal makers for
 * random filters over each column.
 */
final class FilterTable {
  private FilterTable() {}

  /** The files {@link #write} makes, {@code <writer>.parquet}. */
  static final List<String> WRITERS = List.of("duckdb-v1", "duckdb-v2", "ours", "arrow-cpp");
  static final int ROWS = 20_000;
  private static final String[] NAMES = {"apple", "banana", "cherry", "date", "élan", "zebra", "€uro", "😀", "b"};
  private static final LocalDateTime EPOCH = LocalDateTime.of(2021, 3, 1, 0, 0);
  private static final String TABLE = """
      SELECT i AS id,
        CASE WHEN i % 11 = 0 THEN NULL ELSE ((i * 7919) % 1000 - 500)::INTEGER END AS small,
        CASE WHEN i % 13 = 0 THEN NULL WHEN i % 17 = 0 THEN 'nan'::DOUBLE
          ELSE ((i * 37) % 1024) / 64.0 - 8 END::DOUBLE AS ratio,
        CASE WHEN i % 9 = 0 THEN NULL ELSE
          ['apple', 'banana', 'cherry', 'date', 'élan', 'zebra', '€uro', '😀'][(i // 700 + i * 3) % 8 + 1]
          END AS name,
        DATE '2020-01-01' + (i // 50)::INTEGER AS day,
        CASE WHEN i % 6 = 0 THEN NULL ELSE (((i * 104729) % 100000) / 100)::DECIMAL(9, 2) END AS price,
        CASE WHEN i % 5 = 0 THEN NULL ELSE (i * 3) % 7 < 3 END AS flag,
        TIMESTAMP '2021-03-01 00:00:00' + to_seconds(i * 37) AS ts,
        CASE WHEN i % 7 = 0 THEN NULL ELSE
          {'zip': CASE WHEN i % 4 = 0 THEN NULL ELSE (10000 + (i * 13) % 100)::INTEGER END} END AS address
      FROM range(ROWS) t(i)""".replace("ROWS", Integer.toString(ROWS));
  static final List<FilterColumn> COLUMNS = List.of(
      new FilterColumn("id", random -> (long) random.nextInt(ROWS + 100) - 50, true),
      new FilterColumn("small", random -> random.nextInt(4) == 0
          ? new BigDecimal(random.nextInt(11_000) - 5_500).movePointLeft(1) : random.nextInt(1_100) - 550, true),
      new FilterColumn("ratio", random -> random.nextBoolean() ? (random.nextInt(1_100) - 30) / 64.0 - 8
          : new BigDecimal(random.nextInt(200) - 100).movePointLeft(1), true),
      new FilterColumn("name", random -> random.nextInt(6) == 0 ? "zzz" : NAMES[random.nextInt(NAMES.length)],
          true),
      new FilterColumn("day", random -> LocalDate.of(2020, 1, 1).plusDays(random.nextInt(420) - 10), true),
      new FilterColumn("price", random -> BigDecimal.valueOf(random.nextInt(100_000), random.nextInt(4)), true),
      new FilterColumn("flag", Random::nextBoolean, false),
      new FilterColumn("ts", random -> EPOCH.plusSeconds(random.nextInt(ROWS * 37 + 2_000) - 1_000), true),
      new FilterColumn("address.zip", random -> 10_000 + random.nextInt(110) - 5, true));

  /** Writes the table as {@code <writer>.parquet} in {@code directory} for each of {@link #WRITERS}. */
  static void write(Path directory, BufferAllocator allocator) throws Exception {
    DuckDbWriter.write(TABLE, directory.resolve("duckdb-v1.parquet"),
        DuckDbWriter.Options.defaults().rowGroupSize(3_000));
    DuckDbWriter.write(TABLE, directory.resolve("duckdb-v2.parquet"),
        DuckDbWriter.Options.defaults().rowGroupSize(3_000).parquetVersion("V2").compression("zstd"));
    // One row group, so that one batch holds the table for the other two writers.
    Path source = directory.resolve("source.parquet");
    DuckDbWriter.write(TABLE, source, DuckDbWriter.Options.defaults());
    try (ParquetArrowReader reader = ParquetArrowReader.open(source, allocator,
        ReadOptions.builder().batchRows(ROWS).build())) {
      assertThat(reader.loadNextBatch()).isTrue();
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertThat(root.getRowCount()).isEqualTo(ROWS);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(directory.resolve("ours.parquet"),
          root.getSchema(), WriteOptions.builder().rowGroupRowLimit(4_000).pageRowLimit(500)
              .bloomFilter("name", 16, 0.01).bloomFilter("small", 1_000, 0.01).build())) {
        writer.write(root);
      }
      ArrowCppWriter.write(allocator, directory.resolve("arrow-cpp.parquet"), root);
    }
  }
}
