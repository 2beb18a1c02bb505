package io.parquetarrow.bench;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Steady-state reading with {@link ParquetArrowReader}, one batch per operation: a file of {@link #ROWS} rows of
 * optional int64, double and string columns (SNAPPY, written once by DuckDB in {@code @Setup}) is read batch by
 * batch, and when it runs out the reader is reopened. So time and {@code gc.alloc.rate.norm} (run with
 * {@code ./bench jmh ReaderBenchmark -prof gc}) are per batch, with the open (footer, schema) amortised over the
 * file's batches. Heap bytes per batch that grow with {@link #batchRows} mean the read path allocates per value.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ReaderBenchmark {
  static final int ROWS = 1_000_000;

  @Param({"4096", "65536"})
  public int batchRows;

  private Path folder;
  private Path file;
  private BufferAllocator allocator;
  private ParquetArrowReader reader;

  @Setup
  public void setUp() throws IOException, SQLException {
    folder = Files.createTempDirectory("reader-benchmark");
    file = folder.resolve("int64_double_string.snappy.parquet");
    try (Connection duckdb = DuckDbEngine.open(1); Statement statement = duckdb.createStatement()) {
      statement.execute("COPY (SELECT CASE WHEN i % 10 = 0 THEN NULL ELSE i * 7 END::BIGINT AS id,"
          + " CASE WHEN i % 13 = 0 THEN NULL ELSE i * 0.25 END::DOUBLE AS amount,"
          + " CASE WHEN i % 17 = 0 THEN NULL ELSE 'item ' || (i * 7919 % 1000003) END AS label"
          + " FROM range(" + ROWS + ") t(i)) TO '" + file.toString().replace("'", "''")
          + "' (FORMAT parquet, COMPRESSION snappy)");
    }
    allocator = new RootAllocator();
    reader = open();
  }

  private ParquetArrowReader open() throws IOException {
    return ParquetArrowReader.open(file, allocator, ReadOptions.builder().batchRows(batchRows).build());
  }

  /** Reads the next batch (reopening the file at its end) and returns its row count. */
  @Benchmark
  public int readBatch() throws IOException {
    if (!reader.loadNextBatch()) {
      reader.close();
      reader = open();
      if (!reader.loadNextBatch()) {
        throw new IllegalStateException(file + " has no rows");
      }
    }
    return reader.getVectorSchemaRoot().getRowCount();
  }

  @TearDown
  public void tearDown() throws IOException {
    reader.close();
    Files.deleteIfExists(file);
    Files.deleteIfExists(folder);
    long left = allocator.getAllocatedMemory();
    if (left != 0) {
      throw new IllegalStateException(left + " bytes of Arrow memory left after reading " + file);
    }
    allocator.close();
  }
}
