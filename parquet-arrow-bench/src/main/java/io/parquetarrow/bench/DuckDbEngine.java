package io.parquetarrow.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * DuckDB's Parquet reader through JDBC: {@code SELECT * FROM read_parquet(?)} on an in-memory database with
 * {@code SET threads = N}, fully materialised by exporting the result through the Arrow C stream interface
 * ({@code arrowExportStream}, batches of {@link OursEngine#BATCH_ROWS} rows) into batches kept in memory. The
 * export converts DuckDB's vectors to Arrow, which is part of the measured time, as a Java caller would pay it.
 * One database per thread count is opened on first use and kept, so opening it is not timed.
 */
final class DuckDbEngine implements ReadEngine {
  private final Map<Integer, Connection> connections = new HashMap<>();

  @Override
  public String name() {
    return "duckdb";
  }

  @Override
  public String unavailableReason() {
    return null;
  }

  @Override
  public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
    Connection connection = connections.get(threads);
    if (connection == null) {
      connection = open(threads);
      connections.put(threads, connection);
    }
    try (PreparedStatement statement = connection.prepareStatement("SELECT * FROM read_parquet(?)")) {
      statement.setString(1, file.toAbsolutePath().toString());
      try (DuckDBResultSet result = statement.executeQuery().unwrap(DuckDBResultSet.class);
          ArrowReader reader = (ArrowReader) result.arrowExportStream(allocator, OursEngine.BATCH_ROWS)) {
        return RetainedBatches.drain(reader, allocator);
      }
    }
  }

  @Override
  public void close() {
    try {
      for (Connection connection : connections.values()) {
        connection.close();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("closing a DuckDB connection failed", e);
    } finally {
      connections.clear();
    }
  }

  /** A fresh in-memory database limited to {@code threads} worker threads. */
  static Connection open(int threads) throws SQLException {
    Connection connection = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET threads = " + threads);
      // 64-bit offsets: a batch with over 2 GiB of strings would otherwise fail inside the export callback.
      statement.execute("SET arrow_large_buffer_size = true");
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return connection;
  }
}
