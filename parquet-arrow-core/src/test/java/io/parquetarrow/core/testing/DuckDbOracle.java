package io.parquetarrow.core.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * Test oracle: reads a Parquet file with DuckDB's own Parquet reader (duckdb_jdbc,
 * {@code SELECT * FROM read_parquet(?)}) and exports the result through the Arrow C stream interface into the
 * caller's allocator, as {@link ArrowBatches}. A second implementation independent of Arrow C++ and parquet-java.
 *
 * <p>Each call opens its own in-memory database with one thread, so row order is the file's and the shared
 * machine is not flooded. DuckDB maps Parquet to its own SQL types first and exports those, which shapes what
 * comes back (see the quirks listed in the test report and {@code OracleQuirksTest}).
 */
public final class DuckDbOracle {
  private DuckDbOracle() {}

  /** Rows per exported batch unless told otherwise. */
  public static final long DEFAULT_BATCH_SIZE = 64 * 1024;

  /** Reads the whole file. */
  public static ArrowBatches read(BufferAllocator allocator, Path file) throws Exception {
    return read(allocator, file, DEFAULT_BATCH_SIZE);
  }

  /** Reads the whole file in batches of at most {@code batchSize} rows. */
  public static ArrowBatches read(BufferAllocator allocator, Path file, long batchSize) throws Exception {
    return query(allocator, "SELECT * FROM read_parquet(?)", file.toAbsolutePath().toString(), batchSize);
  }

  /**
   * Runs {@code sql} with one string parameter (for instance a path) and returns the result as Arrow, for
   * tests that need DuckDB's view of a file through a projection or a cast.
   */
  public static ArrowBatches query(BufferAllocator allocator, String sql, String parameter, long batchSize)
      throws Exception {
    try (Connection connection = open();
        PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, parameter);
      try (DuckDBResultSet result = statement.executeQuery().unwrap(DuckDBResultSet.class);
          ArrowReader reader = (ArrowReader) result.arrowExportStream(allocator, batchSize)) {
        return ArrowBatches.drain(reader, allocator);
      }
    }
  }

  /** A fresh in-memory DuckDB with one worker thread and insertion order preserved. */
  static Connection open() throws SQLException {
    Connection connection = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET threads = 1");
      statement.execute("SET preserve_insertion_order = true");
      // With 32-bit offsets, a batch holding over 2 GiB of string data makes DuckDB throw inside the Arrow
      // stream callback, which terminates the JVM (large_string_map.brotli.parquet does it). 64-bit offsets
      // cannot overflow, so strings and blobs always come back as large_utf8 / large_binary.
      statement.execute("SET arrow_large_buffer_size = true");
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return connection;
  }
}
