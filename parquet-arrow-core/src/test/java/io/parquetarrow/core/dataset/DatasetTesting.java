package io.parquetarrow.core.dataset;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.util.Text;

/**
 * Helpers for dataset tests: Parquet files written by DuckDB ({@code COPY ... TO}), and a reader's rows as plain
 * Java values.
 */
final class DatasetTesting {
  private DatasetTesting() {}

  /** Runs statements in a fresh in-memory DuckDB with one thread. */
  static void duckdb(String... statements) throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement()) {
      statement.execute("SET threads = 1");
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /** Writes {@code select}'s rows to the Parquet file {@code file}, creating its directories. */
  static void write(Path file, String select) throws SQLException, IOException {
    Files.createDirectories(file.getParent());
    duckdb("COPY (" + select + ") TO '" + file.toAbsolutePath() + "' (FORMAT parquet)");
  }

  /** Every row the reader returns, each as its values (integers as Long, strings as String, dates as LocalDate). */
  static List<List<Object>> rows(ArrowReader reader) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    while (reader.loadNextBatch()) {
      for (int row = 0; row < root.getRowCount(); row++) {
        List<Object> values = new ArrayList<>();
        for (FieldVector vector : root.getFieldVectors()) {
          values.add(value(vector, row));
        }
        rows.add(values);
      }
    }
    return rows;
  }

  /** One value as a plain Java value. */
  static Object value(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    if (vector instanceof DateDayVector dates) {
      return LocalDate.ofEpochDay(dates.get(row));
    }
    return plain(vector.getObject(row));
  }

  /** Integers as Long, text as String, decimals without trailing zeros. */
  static Object plain(Object value) {
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Text text) {
      return text.toString();
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.stripTrailingZeros();
    }
    return value;
  }

  /** Sorts rows by their values' text, so that reads in different orders compare equal. */
  static List<List<Object>> sorted(List<List<Object>> rows) {
    List<List<Object>> copy = new ArrayList<>(rows);
    copy.sort((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
    return copy;
  }
}
