package io.parquetarrow.core.testdata;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/**
 * Writes {@code testdata/sample.parquet}, the small file the README's first command shows, with DuckDB (an
 * independent writer, so the sample does not depend on our own writer being right). Deterministic: DuckDB's
 * {@code setseed} fixes {@code random()}.
 *
 * <p>Run from the repository root: {@code java -cp <core test classpath> io.parquetarrow.core.testdata.SampleFileGenerator testdata/sample.parquet}.
 */
public final class SampleFileGenerator {
  private SampleFileGenerator() {}

  public static void main(String[] args) throws Exception {
    Path target = Path.of(args.length > 0 ? args[0] : "testdata/sample.parquet").toAbsolutePath();
    Files.deleteIfExists(target);
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement()) {
      statement.execute("SELECT setseed(0.42)");
      statement.execute(
          "COPY (SELECT i::BIGINT AS id,"
              + " 'item-' || (i % 37)::VARCHAR AS name,"
              + " CASE WHEN i % 10 = 3 THEN NULL ELSE (i * 7) % 1000 END::INTEGER AS quantity,"
              + " ((i * 1237) % 100000 / 100.0)::DECIMAL(10,2) AS price,"
              + " DATE '2024-01-01' + (i % 366)::INTEGER AS ship_date,"
              + " TIMESTAMP '2024-01-01 00:00:00' + to_seconds(i * 3607) AS updated_at,"
              + " i % 3 = 0 AS flag,"
              + " (i * 0.25)::DOUBLE AS score"
              + " FROM range(1000) t(i))"
              + " TO '" + target.toString().replace("'", "''") + "'"
              + " (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 400)");
    }
    System.out.println("wrote " + target + " (" + Files.size(target) + " bytes)");
  }
}
