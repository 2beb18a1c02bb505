package io.parquetarrow.bench;

import com.sun.management.OperatingSystemMXBean;
import io.parquetarrow.core.Codec;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The write half of the side-by-side runner ({@link Compare}): each engine writes a dataset's rows from memory in
 * its own form (Arrow batches for ours and Arrow C++, a DuckDB table for DuckDB), uncompressed and, where the
 * dataset has one, in its codec, under the runner's protocol (warm-up rounds, engines alternating, an idle process
 * before each timed write).
 */
final class WriteComparison {
  private final CompareOptions options;
  private final PrintStream out;
  private final OperatingSystemMXBean os;

  WriteComparison(CompareOptions options, PrintStream out, OperatingSystemMXBean os) {
    this.options = options;
    this.out = out;
    this.os = os;
  }

  /**
   * Writes {@code source}'s rows (read into memory once, as Arrow batches and as a DuckDB table) with each selected
   * engine, alternating, and prints one table row per engine and codec.
   */
  void measure(Dataset dataset, Path source, int threads, BufferAllocator allocator, Path folder) throws Exception {
    Path scratch = folder.resolve("write-scratch");
    Files.createDirectories(scratch);
    long uncompressed = Compare.uncompressedBytes(source);
    try (RetainedBatches batches = DatasetGenerator.readWithArrowCpp(source, allocator);
        Connection duckdb = DuckDbEngine.open(threads)) {
      try (PreparedStatement load = duckdb.prepareStatement(
          "CREATE TABLE source AS SELECT * FROM read_parquet(?)")) {
        load.setString(1, source.toAbsolutePath().toString());
        load.execute();
      }
      List<WriteEngine> engines = new ArrayList<>();
      if (selected("parquet-arrow")) {
        engines.add(new WriteEngine.Ours(dataset, batches.batches(), Codec.UNCOMPRESSED));
      }
      if (selected("arrow-cpp")) {
        engines.add(new WriteEngine.ArrowCpp(allocator, batches.batches()));
      }
      if (selected("duckdb")) {
        engines.add(new WriteEngine.DuckDb(duckdb, "source", Codec.UNCOMPRESSED));
      }
      if (dataset.codec() != Codec.UNCOMPRESSED) {
        if (selected("parquet-arrow")) {
          engines.add(new WriteEngine.Ours(dataset, batches.batches(), dataset.codec()));
        }
        if (selected("duckdb")) {
          engines.add(new WriteEngine.DuckDb(duckdb, "source", dataset.codec()));
        }
      }
      List<Compare.Measurement> measurements = new ArrayList<>();
      engines.forEach(engine -> measurements.add(new Compare.Measurement(engine.name())));
      int rounds = options.warmup() + options.iterations();
      Compare.startFile();
      for (int round = 0; round < rounds; round++) {
        for (int turn = 0; turn < engines.size(); turn++) {
          int index = (turn + round) % engines.size();
          Compare.Measurement measurement = measurements.get(index);
          if (measurement.failure != null) {
            continue;
          }
          Path target = scratch.resolve(dataset.label() + "." + measurement.engine.replace(' ', '.') + ".parquet");
          Compare.settle();
          long cpuBefore = os.getProcessCpuTime();
          long started = System.nanoTime();
          try {
            engines.get(index).write(target);
            if (round >= options.warmup()) {
              measurement.seconds.add((System.nanoTime() - started) / 1e9);
              measurement.cpuSeconds.add((os.getProcessCpuTime() - cpuBefore) / 1e9);
            }
            measurement.bytes = Files.size(target);
            measurement.rows = batches.rows();
          } catch (Exception | LinkageError | AssertionError e) {
            measurement.failure = DatasetGenerator.firstLine(e);
          } finally {
            Files.deleteIfExists(target);
          }
        }
      }
      Compare.Measurement arrow = Compare.find(measurements, "arrow-cpp uncompressed");
      double arrowSeconds = arrow == null || arrow.failure != null ? Double.NaN : arrow.medianSeconds();
      double arrowBytes = arrow == null || arrow.failure != null ? Double.NaN : arrow.bytes;
      for (int index = 0; index < engines.size(); index++) {
        Compare.Measurement measurement = measurements.get(index);
        if (measurement.failure != null) {
          out.printf("| %s | %s | – | – | – | – | – | – | %s |%n", dataset.label(), measurement.engine,
              measurement.failure.replace('|', '/'));
          continue;
        }
        double seconds = measurement.medianSeconds();
        // Arrow C++ writes UNCOMPRESSED only (see WriteEngine.ArrowCpp): rows in another codec are still set
        // against it, in parentheses, since "ours compressed vs Arrow C++'s file" is what a user would compare.
        boolean sameCodec = engines.get(index).codec() == Codec.UNCOMPRESSED;
        String timeRatio = Compare.ratio(seconds, arrowSeconds);
        String sizeRatio = Compare.ratio(measurement.bytes, arrowBytes);
        out.printf(Locale.ROOT, "| %s | %s | %.3f | %,.0f | %.0f | %.3f | %s | %.1f | %s |%n", dataset.label(),
            measurement.engine, seconds, measurement.rows / seconds, uncompressed / seconds / 1e6,
            measurement.medianCpuSeconds(), sameCodec || timeRatio.equals("–") ? timeRatio : "(" + timeRatio + ")",
            measurement.bytes / 1e6, sameCodec || sizeRatio.equals("–") ? sizeRatio : "(" + sizeRatio + ")");
      }
      out.flush();
    } catch (Exception | LinkageError e) {
      out.printf("| %s | (set-up) | – | – | – | – | – | – | %s |%n", dataset.label(),
          DatasetGenerator.firstLine(e));
    }
  }

  private boolean selected(String engine) {
    return options.engines().isEmpty() || options.engines().contains(engine);
  }
}
