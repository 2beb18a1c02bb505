package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.dataset.ParquetDataset;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A native consumer reads our batches through the C Data Interface: a {@link ParquetArrowReader} exported with
 * {@code Data.exportArrayStream} is an {@code ArrowArrayStream} that DuckDB's JDBC driver registers as a table
 * ({@code registerArrowStream}) and queries, and its answers equal DuckDB's answers over the file itself.
 * A dataset's reader travels the same way. Equality is checked in SQL, both ways, with {@code EXCEPT ALL}, so
 * duplicates and nulls count.
 */
class DuckDbArrowStreamTest {

  @TempDir static Path temporary;

  /** A file DuckDB writes with numbers, decimals, dates, timestamps, strings, nulls, a list and a struct. */
  private static Path generated() throws Exception {
    Path file = temporary.resolve("generated.parquet");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement()) {
      statement.execute("COPY (SELECT i AS id, CASE WHEN i % 7 = 0 THEN NULL ELSE i % 1000 END AS small,"
          + " (i * 1.25)::DECIMAL(15, 2) AS price, DATE '2024-01-01' + (i % 400)::INTEGER AS day,"
          + " TIMESTAMP '2024-01-01 00:00:00' + to_seconds(i) AS at,"
          + " CASE WHEN i % 11 = 0 THEN NULL ELSE 'name-' || (i % 97) END AS name, i % 3 = 0 AS flag,"
          + " i / 3.0 AS score, [i, i + 1] AS pair, {'a': i % 5, 'b': 'x' || (i % 13)} AS rec"
          + " FROM range(50000) t(i)) TO '" + file + "' (FORMAT parquet, ROW_GROUP_SIZE 20000)");
    }
    return file;
  }

  @Test
  void duckDbQueriesTheExportedStreamAsItQueriesTheFile() throws Exception {
    Path file = generated();
    assertSameRows(file, ReadOptions.builder().batchRows(4_096).build(), "SELECT * FROM read_parquet(?)");
  }

  @Test
  void projectionAndFilterTravelWithTheStream() throws Exception {
    Path file = generated();
    // the projection keeps the file's column order, so the expected query lists them in that order
    ReadOptions options = ReadOptions.builder().columns("id", "price", "name")
        .filter("small BETWEEN 10 AND 20 AND name IS NOT NULL").build();
    assertSameRows(file, options,
        "SELECT id, price, name FROM read_parquet(?) WHERE small BETWEEN 10 AND 20 AND name IS NOT NULL");
  }

  @ParameterizedTest
  @ValueSource(strings = {"alltypes_plain.parquet", "alltypes_tiny_pages.parquet", "nested_structs.rust.parquet",
      "data_index_bloom_encoding_stats.parquet", "delta_byte_array.parquet"})
  void corpusFiles(String name) throws Exception {
    Path file = Corpus.file(name);
    assertSameRows(file, ReadOptions.defaults(), "SELECT * FROM read_parquet(?)");
  }

  @Test
  void aDatasetTravelsAsOneStream() throws Exception {
    Path directory = temporary.resolve("partitioned");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement()) {
      statement.execute("COPY (SELECT i AS id, 'name-' || (i % 31) AS name, (i % 4)::INTEGER AS k FROM range(30000)"
          + " t(i)) TO '" + directory + "' (FORMAT parquet, PARTITION_BY (k))");
    }
    ParquetDataset dataset = ParquetDataset.open(directory);
    ReadOptions options = ReadOptions.builder().filter("k >= 2 AND id < 20000").threads(2).build();
    assertSameRows(directory, allocator -> dataset.reader(allocator, options),
        "SELECT id, name, k::INTEGER FROM read_parquet(? || '/**/*.parquet', hive_partitioning = true)"
            + " WHERE k >= 2 AND id < 20000");
  }

  private static void assertSameRows(Path file, ReadOptions options, String expectedSql) throws Exception {
    assertSameRows(file, allocator -> ParquetArrowReader.open(file, allocator, options), expectedSql);
  }

  /** Opens the reader a test exports. */
  private interface ReaderSource {
    ArrowReader open(BufferAllocator allocator) throws Exception;
  }

  /**
   * Registers our reader of {@code file} with DuckDB as table {@code ours} and checks that it holds the rows of
   * {@code expectedSql} (its one parameter is the file's path), and nothing else.
   */
  private static void assertSameRows(Path file, ReaderSource source, String expectedSql) throws Exception {
    try (BufferAllocator allocator = TestAllocators.root();
        DuckDBConnection connection = DriverManager.getConnection("jdbc:duckdb:").unwrap(DuckDBConnection.class)) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET threads = 1");
      }
      try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        // the stream owns the reader from here on and closes it when its consumer releases it
        Data.exportArrayStream(allocator, source.open(allocator), stream);
        connection.registerArrowStream("ours", stream);
        try (PreparedStatement copy = connection.prepareStatement("CREATE TABLE expected AS " + expectedSql)) {
          copy.setString(1, file.toAbsolutePath().toString());
          copy.execute();
        }
        try (Statement statement = connection.createStatement()) {
          // an Arrow stream is read once: materialize it, then compare
          statement.execute("CREATE TABLE streamed AS SELECT * FROM ours");
          long expected = count(statement, "SELECT count(*) FROM expected");
          assertThat(count(statement, "SELECT count(*) FROM streamed")).as("rows of %s", file.getFileName())
              .isEqualTo(expected);
          assertThat(count(statement, "SELECT count(*) FROM (SELECT * FROM streamed EXCEPT ALL SELECT * FROM expected)"))
              .as("rows of the stream DuckDB does not find in %s", file.getFileName()).isZero();
          assertThat(count(statement, "SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM streamed)"))
              .as("rows of %s missing from the stream", file.getFileName()).isZero();
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  private static long count(Statement statement, String sql) throws Exception {
    try (ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getLong(1);
    }
  }
}
