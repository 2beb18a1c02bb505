package io.parquetarrow.bench;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.Pruning;
import io.parquetarrow.core.filter.ScanStatistics;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * Filtered reads side by side: lineitem (ZSTD) as written by us sorted by {@code l_shipdate} with the page index
 * and a bloom filter on {@code l_orderkey} ({@link SortedLineitem}), and as written by DuckDB in generation order
 * (ship dates unsorted), each read with the queries of {@link FilterQuery} (a 1 % date range, a point lookup, a
 * 10 % and a 50 % predicate on quantities) and without a filter, all columns, on one thread, by our reader
 * ({@link ReadOptions#filter()}), DuckDB ({@code SELECT * ... WHERE}, exported as Arrow) and pyarrow (Arrow C++'s
 * {@code read_table} with a filter expression, in a Python subprocess). Ours and DuckDB take turns in each round
 * after warm-up rounds; pyarrow then runs the same reads in its own process, timed inside Python. Prints one
 * Markdown table per file with median seconds and their spread, our scan statistics (rows decoded against rows
 * returned, row groups pruned by each means, the rows and row ranges pruning leaves), and the targets.
 *
 * <pre>
 * FilterCompare [--data bench-data] [--scale 1] [--seed 42] [--iterations 5] [--warmup 3] [--python PATH]
 *               [--queries full,q1,q2,q3,q4]
 * </pre>
 *
 * {@code --python} names a Python with pyarrow ({@code ./bench filter} makes a virtual environment with pyarrow
 * 25); without it pyarrow is skipped. The sorted file is kept in {@code SUITE/filter/} and written only when absent.
 */
public final class FilterCompare {
  /** Our full read over our sorted 1 % query's time should be at least this. */
  static final double FULL_READ_FACTOR = 20;
  static final String OURS = "parquet-arrow";
  static final String DUCKDB = "duckdb";
  static final String PYARROW = "pyarrow";
  static final List<String> ENGINES = List.of(OURS, DUCKDB, PYARROW);

  static final String USAGE = """
      FilterCompare [--data bench-data] [--scale 1] [--seed 42] [--iterations 5] [--warmup 3] [--python PATH]
                    [--queries full,q1,q2,q3,q4]
      See BENCHMARKS.md; run it through ./bench filter, which provides pyarrow.""";

  private final Path data;
  private final double scale;
  private final long seed;
  private final int iterations;
  private final int warmup;
  private final Path python;
  private final PrintStream out;
  /** The keys of the queries to run ({@code full}, {@code q1} ... {@code q4}); empty for all. */
  private List<String> only = List.of();

  FilterCompare(Path data, double scale, long seed, int iterations, int warmup, Path python, PrintStream out) {
    this.data = data;
    this.scale = scale;
    this.seed = seed;
    this.iterations = iterations;
    this.warmup = warmup;
    this.python = python;
    this.out = out;
  }

  public static void main(String[] arguments) throws Exception {
    if (Arrays.asList(arguments).contains("--help") || Arrays.asList(arguments).contains("-h")) {
      System.out.println(USAGE);
      return;
    }
    Path data = Path.of("bench-data");
    double scale = 1;
    long seed = 42;
    int iterations = 5;
    int warmup = 3;
    Path python = null;
    List<String> only = List.of();
    for (int index = 0; index < arguments.length; index++) {
      String option = arguments[index];
      if (index + 1 >= arguments.length) {
        throw new IllegalArgumentException(option + " needs a value; usage:\n" + USAGE);
      }
      String value = arguments[++index];
      switch (option) {
        case "--data" -> data = Path.of(value);
        case "--scale" -> scale = Double.parseDouble(value);
        case "--seed" -> seed = Long.parseLong(value);
        case "--iterations" -> iterations = Integer.parseInt(value);
        case "--warmup" -> warmup = Integer.parseInt(value);
        case "--python" -> python = value.isEmpty() ? null : Path.of(value);
        case "--queries" -> only = List.of(value.split(","));
        default -> throw new IllegalArgumentException("unknown option " + option + "; usage:\n" + USAGE);
      }
    }
    if (scale <= 0 || iterations < 1 || warmup < 0) {
      throw new IllegalArgumentException("scale must be positive, iterations at least 1, warm-up at least 0");
    }
    FilterCompare compare = new FilterCompare(data, scale, seed, iterations, warmup, python, System.out);
    compare.only = only;
    compare.run();
  }

  /** One file of the comparison. */
  record Subject(String label, Path path, boolean sorted, String description) {}

  /** One engine's reads of one query on one file. */
  static final class Cell {
    final List<Double> seconds = new ArrayList<>();
    long rows = -1;
    ValueChecksum checksum;
    ScanStatistics statistics;
    /** Our reader's {@code explain()}: the rows pruning leaves to read, and the row ranges they form. */
    long rowsLeft = -1;
    long ranges;
    String failure;

    double median() {
      return failure != null || seconds.isEmpty() ? Double.NaN : Compare.median(seconds);
    }
  }

  /** Cells by file label, query key and engine. */
  private final Map<String, Map<String, Map<String, Cell>>> cells = new LinkedHashMap<>();

  Cell cell(String file, String query, String engine) {
    return cells.computeIfAbsent(file, key -> new LinkedHashMap<>())
        .computeIfAbsent(query, key -> new LinkedHashMap<>())
        .computeIfAbsent(engine, key -> new Cell());
  }

  void run() throws Exception {
    double startLoad = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    Path folder = DatasetGenerator.folderFor(data, scale, seed);
    Path unsorted = new DatasetGenerator(folder, scale, seed, System.err).reference(Dataset.LINEITEM_ZSTD, false);
    List<Subject> subjects;
    List<FilterQuery> queries;
    try (BufferAllocator allocator = new RootAllocator();
        Connection connection = DuckDbEngine.open(1)) {
      Path sorted = SortedLineitem.of(unsorted, folder.resolve("filter").resolve("lineitem_sorted.parquet"),
          allocator, System.err);
      subjects = List.of(
          new Subject("sorted", sorted, true, String.format(Locale.ROOT, "written by parquet-arrow sorted by "
              + "l_shipdate: ZSTD, row groups of %,d rows, pages of at most %,d rows, page index, bloom filter on "
              + "l_orderkey (fpp %.2f)", SortedLineitem.ROW_GROUP_ROWS, SortedLineitem.PAGE_ROWS,
              SortedLineitem.BLOOM_FPP)),
          new Subject("unsorted", unsorted, false, "written by DuckDB in generation order (l_orderkey ascending, "
              + "l_shipdate unsorted): ZSTD, row groups of 122,880 rows, no page index, bloom filters only on its "
              + "dictionary-encoded columns"));
      queries = FilterQuery.pick(connection, unsorted).stream()
          .filter(query -> only.isEmpty() || only.contains(query.key())).toList();
      printHeader(subjects, queries);
      for (Subject subject : subjects) {
        Compare.startFile();
        for (FilterQuery query : queries) {
          measureJava(subject, query, allocator, connection);
        }
      }
    }
    measurePyarrow(subjects, queries);
    new FilterReport(out, cells, subjects, queries).print();
    out.printf(Locale.ROOT, "%nLoad average (1 min) at the start %.2f, at the end %.2f (%d cores).%n", startLoad,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().availableProcessors());
    out.flush();
  }

  private void printHeader(List<Subject> subjects, List<FilterQuery> queries) throws IOException {
    out.printf("# Filtered reads side by side, %s%n%n",
        ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf("JDK %s, %s %s, %d cores available, max heap %d MiB; one thread per engine; %d warm-up + %d measured "
            + "rounds; all columns returned%n%n", System.getProperty("java.version"), System.getProperty("os.name"),
        System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20, warmup, iterations);
    for (Subject subject : subjects) {
      out.printf(Locale.ROOT, "- %s: %s (%,d bytes), %s%n", subject.label(), subject.path(),
          Files.size(subject.path()), subject.description());
    }
    out.println();
    for (FilterQuery query : queries) {
      if (query.sql() != null) {
        out.printf("- %s: `%s`%n", query.title(), query.sql());
      }
    }
    out.println();
    out.flush();
  }

  /** Ours and DuckDB on one query of one file, taking turns going first. */
  private void measureJava(Subject subject, FilterQuery query, BufferAllocator allocator, Connection connection) {
    Filter filter = query.filter();
    Cell ours = cell(subject.label(), query.key(), OURS);
    Cell duckdb = cell(subject.label(), query.key(), DUCKDB);
    explain(subject.path(), filter, allocator, ours);
    for (int round = 0; round < warmup + iterations; round++) {
      boolean measured = round >= warmup;
      double first;
      double second;
      if (round % 2 == 0) {
        first = time(ours, measured, () -> readOurs(subject.path(), filter, allocator, ours));
        second = time(duckdb, measured, () -> readDuckDb(subject.path(), query.sql(), allocator, connection));
      } else {
        second = time(duckdb, measured, () -> readDuckDb(subject.path(), query.sql(), allocator, connection));
        first = time(ours, measured, () -> readOurs(subject.path(), filter, allocator, ours));
      }
      System.err.printf(Locale.ROOT, "%s %s round %d%s: ours %.4f s, duckdb %.4f s%n", subject.label(), query.key(),
          round, measured ? "" : " (warm-up)", first, second);
    }
  }

  /** A timed read producing batches held until timed. */
  @FunctionalInterface
  interface TimedRead {
    ReadEngine.Materialized read() throws Exception;
  }

  private static double time(Cell cell, boolean measured, TimedRead read) {
    if (cell.failure != null) {
      return Double.NaN;
    }
    Compare.settle();
    long started = System.nanoTime();
    try (ReadEngine.Materialized result = read.read()) {
      double seconds = (System.nanoTime() - started) / 1e9;
      if (cell.checksum == null) {
        cell.checksum = result.checksum();
        cell.rows = result.rows();
      }
      if (measured) {
        cell.seconds.add(seconds);
      }
      return seconds;
    } catch (Exception | LinkageError | AssertionError e) {
      cell.failure = DatasetGenerator.firstLine(e);
      return Double.NaN;
    }
  }

  /** Our reader, all columns, one thread, the filter (or none); keeps the read's scan statistics in {@code cell}. */
  private static ReadEngine.Materialized readOurs(Path file, Filter filter, BufferAllocator allocator, Cell cell)
      throws IOException {
    ReadOptions options = ReadOptions.builder().batchRows(OursEngine.BATCH_ROWS).threads(1).filter(filter).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      RetainedBatches batches = RetainedBatches.drain(reader, allocator);
      cell.statistics = reader.scanStatistics();
      return batches;
    }
  }

  /** What pruning leaves of {@code file} for {@code filter} (none for no filter), found before the timed reads. */
  private static void explain(Path file, Filter filter, BufferAllocator allocator, Cell cell) {
    if (filter == null) {
      return;
    }
    ReadOptions options = ReadOptions.builder().threads(1).filter(filter).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      long rows = 0;
      long ranges = 0;
      for (Pruning pruning : reader.explain()) {
        rows += pruning.rowsLeft();
        ranges += pruning.ranges();
      }
      cell.rowsLeft = rows;
      cell.ranges = ranges;
    } catch (IOException | RuntimeException e) {
      System.err.println("explain failed on " + file + ": " + DatasetGenerator.firstLine(e));
    }
  }

  /** DuckDB's {@code SELECT * FROM read_parquet(?) WHERE ...} exported as Arrow batches (see {@link DuckDbEngine}). */
  private static ReadEngine.Materialized readDuckDb(Path file, String where, BufferAllocator allocator,
      Connection connection) throws Exception {
    String sql = "SELECT * FROM read_parquet(?)" + (where == null ? "" : " WHERE " + where);
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, file.toAbsolutePath().toString());
      try (DuckDBResultSet result = statement.executeQuery().unwrap(DuckDBResultSet.class);
          ArrowReader reader = (ArrowReader) result.arrowExportStream(allocator, OursEngine.BATCH_ROWS)) {
        return RetainedBatches.drain(reader, allocator);
      }
    }
  }

  /** pyarrow on every file and query in a Python process of one thread, or why it could not run. */
  private void measurePyarrow(List<Subject> subjects, List<FilterQuery> queries)
      throws IOException, InterruptedException {
    String skipped = python == null ? "skipped: no Python with pyarrow (python3 absent or pyarrow not installed)"
        : !Files.isExecutable(python) ? "skipped: " + python + " is not executable" : null;
    if (skipped != null) {
      markPyarrow(subjects, queries, skipped);
      return;
    }
    Path script = Files.createTempFile("pyarrow_filtered_read", ".py");
    try (InputStream resource = FilterCompare.class.getResourceAsStream("pyarrow_filtered_read.py")) {
      Files.write(script, resource.readAllBytes());
    }
    try {
      List<String> command = new ArrayList<>(List.of(python.toString(), script.toString(),
          Integer.toString(warmup + iterations)));
      for (Subject subject : subjects) {
        command.add(subject.label() + "=" + subject.path().toAbsolutePath());
      }
      command.add("--");
      for (FilterQuery query : queries) {
        command.add(query.key() + "=" + query.pyarrow());
      }
      ProcessBuilder builder = new ProcessBuilder(command);
      builder.environment().put("OMP_NUM_THREADS", "1");
      builder.environment().put("ARROW_IO_THREADS", "1");
      builder.redirectError(ProcessBuilder.Redirect.INHERIT);
      Process process = builder.start();
      try (BufferedReader lines = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          String[] fields = line.trim().split(" ");
          if (fields.length != 5) {
            System.err.println(line);
            continue;
          }
          Cell cell = cell(fields[0], fields[1], PYARROW);
          int round = Integer.parseInt(fields[2]);
          cell.rows = Long.parseLong(fields[4]);
          if (round >= warmup) {
            cell.seconds.add(Double.parseDouble(fields[3]));
          }
          System.err.printf("pyarrow %s %s round %d: %s s%n", fields[0], fields[1], round, fields[3]);
        }
      }
      int exit = process.waitFor();
      markPyarrow(subjects, queries, exit != 0 ? "pyarrow process exited with " + exit
          : "pyarrow printed fewer reads than asked for");
    } finally {
      Files.deleteIfExists(script);
    }
  }

  /** Marks every pyarrow cell without all its measured reads as failed with {@code reason}. */
  private void markPyarrow(List<Subject> subjects, List<FilterQuery> queries, String reason) {
    for (Subject subject : subjects) {
      for (FilterQuery query : queries) {
        Cell cell = cell(subject.label(), query.key(), PYARROW);
        if (cell.seconds.size() < iterations) {
          cell.failure = reason;
        }
      }
    }
  }
}
