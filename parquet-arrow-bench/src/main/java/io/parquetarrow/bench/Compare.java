package io.parquetarrow.bench;

import com.sun.management.OperatingSystemMXBean;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;

/**
 * The side-by-side runner: reads every file of the benchmark suite fully into memory with each engine in one JVM
 * (ours, Arrow C++, DuckDB, parquet-java's column path and its full record read, Hardwood), alternating engines
 * within each iteration after warm-up iterations, then does the same for writing. Prints Markdown tables: per file
 * and engine the median seconds, rows/s, uncompressed MB/s, median process CPU seconds (all threads of the process,
 * so a reader that quietly uses more threads shows), the ratios to Arrow C++ and to the fastest peer, and whether
 * the engine's {@link ValueChecksum} matches Arrow C++'s (else DuckDB's). Also prints the machine's memory copy
 * bandwidth, and for plain_ints how far below it each engine reads ({@code memcpy/2.0} means at half the copy
 * bandwidth).
 *
 * <pre>
 * Compare [--data bench-data] [--scale 0.05] [--seed 42] [--threads 1[,2]] [--iterations 5] [--warmup 10]
 *         [--datasets all|lineitem_zstd,...] [--engines all|parquet-arrow,arrow-cpp,...] [--no-read] [--no-write]
 *         [--regenerate] [--scaling]
 * </pre>
 *
 * {@code --scaling} measures instead how our reader scales with threads: each file of more than one row group is
 * read with 1 and with 2 threads (the first two of {@code --threads}, default 1,2) alternately in this one JVM,
 * after warm-up rounds, so that drift of a shared machine and the JIT touch both counts alike, and in turn with
 * two one-thread readers side by side, the machine's own ceiling for two threads ({@link #scaling}).
 *
 * Missing suite files are generated first ({@link DatasetGenerator}). Use the {@code ./bench} script, which starts
 * one JVM per thread count with Arrow C++'s pools sized by the environment (see {@link ArrowCppEngine}).
 */
public final class Compare {
  private final CompareOptions options;
  private final PrintStream out;
  private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private List<ReadEngine> readEngines = List.of();
  private List<ReadEngine> injectedEngines;
  /** Every read whose values differ from the reference engine's or from its own earlier reads. */
  private final List<String> mismatches = new ArrayList<>();
  private final WriteComparison writes;

  Compare(CompareOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
    this.writes = new WriteComparison(options, out, os);
  }

  static final String USAGE = """
      Compare [--data bench-data] [--scale 0.05] [--seed 42] [--threads 1[,2]] [--iterations 5] [--warmup 10]
              [--datasets all|lineitem_snappy,lineitem_zstd,plain_ints,nullable,strings,floats_bss,nested,list_int64]
              [--engines all|parquet-arrow,arrow-cpp,duckdb,parquet-java,parquet-java-records,hardwood,pages-only]
              [--no-read] [--no-write] [--regenerate] [--scaling]
              (--engines may also name parquet-arrow-no-read-ahead: ours without read-ahead, run only when named)
      See BENCHMARKS.md; run it through ./bench, which sizes Arrow C++'s thread pools.""";

  public static void main(String[] arguments) throws Exception {
    if (Arrays.asList(arguments).contains("--help") || Arrays.asList(arguments).contains("-h")) {
      System.out.println(USAGE);
      return;
    }
    CompareOptions options = CompareOptions.parse(arguments);
    new Compare(options, System.out).run();
  }

  /** The timings of one engine on one file. */
  static final class Measurement {
    final String engine;
    final List<Double> seconds = new ArrayList<>();
    final List<Double> cpuSeconds = new ArrayList<>();
    /** Each measured read up to the checksum, for engines whose checksum is timed apart (Arrow engines). */
    final List<Double> secondsBeforeChecksum = new ArrayList<>();
    /** Milliseconds the JIT compilers and the garbage collector spent during each measured read. */
    final List<Double> jitMillis = new ArrayList<>();
    final List<Double> gcMillis = new ArrayList<>();
    ValueChecksum checksum;
    /** Set when a later read's checksum differed from the first read's: the engine is not repeatable. */
    String readsDiffer;
    long rows;
    long bytes;
    String failure;

    Measurement(String engine) {
      this.engine = engine;
    }

    double medianSeconds() {
      return median(seconds);
    }

    double medianCpuSeconds() {
      return median(cpuSeconds);
    }
  }

  void run() throws Exception {
    Path folder = DatasetGenerator.folderFor(options.data(), options.scale(), options.seed());
    printHeader(folder);
    try (BufferAllocator allocator = new RootAllocator()) {
      MemoryBandwidth.Result bandwidth = MemoryBandwidth.measure(allocator, 5);
      out.printf(Locale.ROOT, "memcpy bandwidth: %.1f GB/s on heap (System.arraycopy), %.1f GB/s off heap "
          + "(ArrowBuf), %d MiB copies%n%n", bandwidth.heapBytesPerSecond() / 1e9,
          bandwidth.offHeapBytesPerSecond() / 1e9, MemoryBandwidth.BYTES >> 20);
      DatasetGenerator generator = new DatasetGenerator(folder, options.scale(), options.seed(), System.err);
      Map<Dataset, List<Path>> files = new LinkedHashMap<>();
      for (Dataset dataset : options.datasets()) {
        List<Path> copies = new ArrayList<>();
        copies.add(generator.reference(dataset, options.regenerate()));
        Path ours = generator.ours(dataset, options.regenerate(), allocator);
        if (ours != null) {
          copies.add(ours);
        }
        files.put(dataset, copies);
      }
      if (options.scaling()) {
        scaling(files, allocator);
        return;
      }
      openEngines();
      try {
        compareAll(files, allocator, bandwidth, folder);
      } finally {
        closeEngines();
      }
      failOnMismatches();
    }
  }

  /**
   * Our reader with {@code threads[0]} and {@code threads[1]} threads on every file of more than one row group,
   * in turn with the machine's own ceiling for that many threads: {@code threads[1] / threads[0]} independent
   * readers of {@code threads[0]} threads each reading the file at the same time on threads of their own. The
   * three alternate (each in turn first) in this JVM: {@code warmup} rounds, then {@code iterations} measured ones.
   * Prints the median seconds and process CPU seconds of each count, the ratio of the medians, the median of the
   * rounds' ratios (each round read within a second, so a slow patch of a shared machine falls on all three) and
   * its quartiles, and the ceiling: the median over rounds of how many times the side-by-side readers' throughput
   * exceeds one reader's. Independent readers share nothing of ours but the allocator, so a gap between the two
   * ratios is the parallel reader's own, and what they share with it (cores that are not equally fast, memory
   * bandwidth, page faults) is the ceiling's.
   */
  private void scaling(Map<Dataset, List<Path>> files, BufferAllocator allocator) throws Exception {
    int[] counts = options.threads();
    int sideBySide = Math.max(1, counts[1] / counts[0]);
    OursEngine ours = new OursEngine();
    out.printf("%n## Thread scaling of parquet-arrow: %d against %d threads, alternating in one JVM (%d warm-up "
        + "+ %d measured rounds)%n%n", counts[1], counts[0], options.warmup(), options.iterations());
    out.printf("Ceiling: %d readers of %d thread%s each reading the file at once on threads of their own; "
        + "throughput against one reader.%n%n", sideBySide, counts[0], counts[0] == 1 ? "" : "s");
    out.printf("| file | row groups | %dt median s | %dt median s | %dt CPU s | %dt CPU s | JIT ms %dt / %dt (mean) "
        + "| %dt/%dt medians | rounds: median ratio (q1-q3) | %d side by side s | ceiling: median (q1-q3) |%n",
        counts[0], counts[1], counts[0], counts[1], counts[0], counts[1], counts[0], counts[1], sideBySide);
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    ExecutorService side = Executors.newFixedThreadPool(sideBySide, new DefaultThreadFactory("compare-side", true));
    try {
      for (List<Path> copies : files.values()) {
        for (Path file : copies) {
          int rowGroups = rowGroups(file);
          if (rowGroups < 2) {
            continue;
          }
          scaling(file, rowGroups, ours, counts, sideBySide, side, allocator);
        }
      }
    } finally {
      side.shutdownNow();
    }
  }

  private void scaling(Path file, int rowGroups, OursEngine ours, int[] counts, int sideBySide,
      ExecutorService side, BufferAllocator allocator) throws Exception {
    List<List<Double>> seconds = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    List<List<Double>> cpu = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    List<List<Double>> jit = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    List<Double> ratios = new ArrayList<>();
    List<Double> ceilings = new ArrayList<>();
    startFile();
    for (int round = 0; round < options.warmup() + options.iterations(); round++) {
      double[] roundSeconds = new double[3];
      for (int turn = 0; turn < 3; turn++) {
        int which = (turn + round) % 3;
        settle();
        long jitBefore = jitMillis();
        long cpuBefore = os.getProcessCpuTime();
        long started = System.nanoTime();
        if (which < 2) {
          try (ReadEngine.Materialized read = ours.read(file, counts[which], allocator)) {
            roundSeconds[which] = (System.nanoTime() - started) / 1e9;
          }
        } else {
          List<Future<ReadEngine.Materialized>> reads = new ArrayList<>();
          for (int r = 0; r < sideBySide; r++) {
            reads.add(side.submit(() -> ours.read(file, counts[0], allocator)));
          }
          List<ReadEngine.Materialized> results = new ArrayList<>();
          try {
            for (Future<ReadEngine.Materialized> read : reads) {
              results.add(read.get());
            }
            roundSeconds[2] = (System.nanoTime() - started) / 1e9;
          } finally {
            for (ReadEngine.Materialized result : results) {
              result.close();
            }
          }
        }
        if (round >= options.warmup()) {
          seconds.get(which).add(roundSeconds[which]);
          cpu.get(which).add((os.getProcessCpuTime() - cpuBefore) / 1e9);
          jit.get(which).add((double) (jitMillis() - jitBefore));
        }
      }
      if (round >= options.warmup()) {
        ratios.add(roundSeconds[0] / roundSeconds[1]);
        ceilings.add(sideBySide * roundSeconds[0] / roundSeconds[2]);
      }
    }
    double first = median(seconds.get(0));
    double second = median(seconds.get(1));
    out.printf(Locale.ROOT, "| %s | %d | %.3f | %.3f | %.3f | %.3f | %.0f / %.0f | %.2f | %.2f (%.2f-%.2f) | %.3f "
            + "| %.2f (%.2f-%.2f) |%n",
        file.getFileName(), rowGroups, first, second, median(cpu.get(0)), median(cpu.get(1)),
        mean(jit.get(0)), mean(jit.get(1)), first / second,
        median(ratios), quantile(ratios, 0.25), quantile(ratios, 0.75),
        median(seconds.get(2)), median(ceilings), quantile(ceilings, 0.25), quantile(ceilings, 0.75));
    out.flush();
  }

  /**
   * Fails the run when any engine read values other than the reference engine's, or other values in different
   * reads: the tables are printed first, but a wrong result must not pass as a timing.
   */
  void failOnMismatches() {
    if (!mismatches.isEmpty()) {
      out.flush();
      throw new IllegalStateException("checksum MISMATCH in " + mismatches.size() + " read(s):\n"
          + String.join("\n", mismatches));
    }
  }

  /** Creates the selected read engines; {@link #closeEngines()} releases what they keep between reads. */
  void openEngines() {
    readEngines = injectedEngines != null ? injectedEngines : readEngines();
  }

  /** Runs these engines instead of the selected ones; for tests of the runner itself. */
  void useEngines(List<ReadEngine> engines) {
    injectedEngines = List.copyOf(engines);
  }

  void closeEngines() {
    for (ReadEngine engine : readEngines) {
      engine.close();
    }
    readEngines = List.of();
  }

  private void compareAll(Map<Dataset, List<Path>> files, BufferAllocator allocator,
      MemoryBandwidth.Result bandwidth, Path folder) throws Exception {
    for (int threads : options.threads()) {
      if (options.read()) {
        String warning = ArrowCppEngine.threadWarning(threads);
        if (warning != null) {
          out.println("WARNING: " + warning);
        }
        out.printf("%n## Read, %d thread%s%n%n", threads, threads == 1 ? "" : "s");
        printReadHeader();
        for (List<Path> copies : files.values()) {
          for (Path file : copies) {
            printRead(file, measureRead(file, threads, allocator), bandwidth);
          }
        }
      }
      if (options.write()) {
        out.printf("%n## Write, %d thread%s (from data in memory)%n%n", threads, threads == 1 ? "" : "s");
        out.println("| dataset | engine | median s | rows/s | MB/s | CPU s | x arrow-cpp | file MB "
            + "| size x arrow-cpp |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Map.Entry<Dataset, List<Path>> entry : files.entrySet()) {
          writes.measure(entry.getKey(), entry.getValue().get(0), threads, allocator, folder);
        }
      }
    }
  }

  private void printHeader(Path folder) {
    out.printf("# parquet-arrow side by side, %s%n%n",
        ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf("JDK %s (%s), %s %s, %d cores available, max heap %d MiB%n", System.getProperty("java.version"),
        System.getProperty("java.vm.name"), System.getProperty("os.name"), System.getProperty("os.arch"),
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
    out.printf(Locale.ROOT, "data %s (scale %s, seed %d), %d warm-up + %d measured iterations, engines "
        + "alternating%n", folder, DatasetGenerator.formatScale(options.scale()), options.seed(), options.warmup(),
        options.iterations());
  }

  private List<ReadEngine> readEngines() {
    List<ReadEngine> engines = new ArrayList<>();
    for (ReadEngine engine : Engines.all()) {
      if (options.engines().isEmpty() || options.engines().contains(engine.name())) {
        engines.add(engine);
      }
    }
    for (ReadEngine engine : Engines.optional()) {
      if (options.engines().contains(engine.name())) {
        // Beside ours in the tables.
        engines.add(Math.min(1, engines.size()), engine);
      }
    }
    return engines;
  }

  List<Measurement> measureRead(Path file, int threads, BufferAllocator allocator) {
    List<ReadEngine> engines = readEngines;
    List<Measurement> measurements = new ArrayList<>();
    for (ReadEngine engine : engines) {
      Measurement measurement = new Measurement(engine.name());
      measurement.failure = engine.unavailableReason() == null ? null : "not available: "
          + engine.unavailableReason();
      measurements.add(measurement);
    }
    int rounds = options.warmup() + options.iterations();
    startFile();
    for (int round = 0; round < rounds; round++) {
      // Rotate who goes first so no engine always runs right after the same neighbour.
      for (int turn = 0; turn < engines.size(); turn++) {
        int index = (turn + round) % engines.size();
        Measurement measurement = measurements.get(index);
        if (measurement.failure != null) {
          continue;
        }
        settle();
        long jitBefore = jitMillis();
        long gcBefore = gcMillis();
        long cpuBefore = os.getProcessCpuTime();
        long started = System.nanoTime();
        try (ReadEngine.Materialized read = engines.get(index).read(file, threads, allocator)) {
          // The checksum is part of every timed read, for every engine: the pure-Java engines compute theirs
          // while reading, so the Arrow engines' walk over their batches is timed too. Theirs is also timed apart.
          long beforeChecksum = System.nanoTime() - started;
          ValueChecksum checksum = read.checksum();
          long elapsed = System.nanoTime() - started;
          long cpu = os.getProcessCpuTime() - cpuBefore;
          if (round >= options.warmup()) {
            measurement.seconds.add(elapsed / 1e9);
            if (read.checksumsOnCall()) {
              measurement.secondsBeforeChecksum.add(beforeChecksum / 1e9);
            }
            measurement.cpuSeconds.add(cpu / 1e9);
            measurement.jitMillis.add((double) (jitMillis() - jitBefore));
            measurement.gcMillis.add((double) (gcMillis() - gcBefore));
          }
          if (measurement.checksum == null) {
            measurement.checksum = checksum;
            measurement.rows = read.rows();
          } else if (!checksum.matches(measurement.checksum)) {
            // Every read must return the same values, not only the first one.
            measurement.checksum = checksum;
            measurement.readsDiffer = "MISMATCH between reads: round " + round + " gave " + checksum;
          }
        } catch (Exception | LinkageError | AssertionError e) {
          measurement.failure = DatasetGenerator.firstLine(e);
        }
      }
    }
    return measurements;
  }

  /**
   * Before each timed run: a wait (at most {@link #SETTLE_LIMIT_NANOS}) until the process is idle, so that no timed
   * run shares the cores with the JIT compiling what an earlier engine ran or with another engine's threads winding
   * down. On two cores this matters for a two-thread run, whose read the compilers would otherwise share (the read
   * tables' JIT column shows it; decision record 0034). Idle = under
   * {@link #IDLE_CPU_NANOS} of process CPU time in a {@link #IDLE_WINDOW_MILLIS} ms window (the JVM counts process
   * CPU time in 10 ms ticks).
   *
   * <p>No full collection here unless the heap is over {@link #FULL_GC_HEAP_FRACTION} full: a {@code System.gc()}
   * arms the entry barrier of every compiled method, and the next run pays to heal each method it enters, a cost
   * that falls on the Java engines only (decision record 0034). {@link #startFile} collects once before a file's
   * warm-up instead.
   */
  static void settle() {
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Runtime runtime = Runtime.getRuntime();
    if (runtime.totalMemory() - runtime.freeMemory() > FULL_GC_HEAP_FRACTION * runtime.maxMemory()) {
      System.gc();
    }
    long deadline = System.nanoTime() + SETTLE_LIMIT_NANOS;
    try {
      while (System.nanoTime() < deadline) {
        long before = os.getProcessCpuTime();
        Thread.sleep(IDLE_WINDOW_MILLIS);
        if (os.getProcessCpuTime() - before <= IDLE_CPU_NANOS) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Before the warm-up of a file: a full collection, so each file starts from a clean heap. */
  static void startFile() {
    System.gc();
  }

  private static final double FULL_GC_HEAP_FRACTION = 0.6;
  private static final long SETTLE_LIMIT_NANOS = 3_000_000_000L;
  private static final int IDLE_WINDOW_MILLIS = 50;
  private static final long IDLE_CPU_NANOS = 10_000_000L;

  /**
   * Milliseconds of JIT compilation so far (all compiler threads; on two cores a compilation during a
   * two-thread read takes a core from it, so the read tables show it per read).
   */
  private static long jitMillis() {
    return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
  }

  private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

  /** Milliseconds of garbage collection so far, all collectors. */
  private static long gcMillis() {
    long total = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, collector.getCollectionTime());
    }
    return total;
  }

  private void printReadHeader() {
    out.println("| file | engine | median s | without checksum s | rows/s | MB/s | CPU s | JIT / GC ms (mean) "
        + "| x arrow-cpp | x best peer | checksum |");
    out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  }

  private void printRead(Path file, List<Measurement> measurements, MemoryBandwidth.Result bandwidth) {
    long uncompressed = uncompressedBytes(file);
    Measurement arrow = find(measurements, "arrow-cpp");
    ValueChecksum reference = arrow != null && arrow.checksum != null ? arrow.checksum : null;
    if (reference == null) {
      Measurement duckdb = find(measurements, "duckdb");
      reference = duckdb != null ? duckdb.checksum : null;
    }
    double bestPeer = Double.NaN;
    for (Measurement measurement : measurements) {
      if (!measurement.engine.startsWith("parquet-arrow") && !measurement.engine.equals(PagesOnlyEngine.NAME)
          && measurement.failure == null
          && !measurement.seconds.isEmpty()
          && (Double.isNaN(bestPeer) || measurement.medianSeconds() < bestPeer)) {
        bestPeer = measurement.medianSeconds();
      }
    }
    double arrowSeconds = arrow == null || arrow.failure != null || arrow.seconds.isEmpty()
        ? Double.NaN : arrow.medianSeconds();
    String name = file.getFileName().toString();
    for (Measurement measurement : measurements) {
      if (measurement.failure != null) {
        // Failures name the file, which the first column already does.
        out.printf("| %s | %s | – | – | – | – | – | – | – | – | %s |%n", name, measurement.engine,
            measurement.failure.replace(file + ": ", "").replace('|', '/'));
        continue;
      }
      double seconds = measurement.medianSeconds();
      String check = measurement.engine.equals(PagesOnlyEngine.NAME) ? "floor: pages read and decompressed only"
          : measurement.readsDiffer != null ? measurement.readsDiffer
          : reference == null ? "no reference"
          : measurement.checksum.matches(reference) ? "ok " + Long.toHexString(measurement.checksum.digest())
          : "MISMATCH " + measurement.checksum + " against " + reference;
      if (check.startsWith("MISMATCH")) {
        mismatches.add(name + " " + measurement.engine + ": " + check);
      }
      String memcpy = "";
      if (name.startsWith("plain_ints")) {
        memcpy = String.format(Locale.ROOT, " (memcpy/%.1f)", bandwidth.best() / (uncompressed / seconds));
      }
      // The floor has no values to checksum; an engine that checksums while reading cannot be timed without it.
      String beforeChecksum = measurement.engine.equals(PagesOnlyEngine.NAME) ? String.format(Locale.ROOT, "%.3f",
          seconds) : measurement.secondsBeforeChecksum.isEmpty() ? "–"
          : String.format(Locale.ROOT, "%.3f", median(measurement.secondsBeforeChecksum));
      out.printf(Locale.ROOT, "| %s | %s | %.3f | %s | %,.0f | %.0f%s | %.3f | %.0f / %.0f | %s | %s | %s |%n", name,
          measurement.engine, seconds, beforeChecksum, measurement.rows / seconds, uncompressed / seconds / 1e6,
          memcpy,
          measurement.medianCpuSeconds(), mean(measurement.jitMillis), mean(measurement.gcMillis),
          ratio(seconds, arrowSeconds), ratio(seconds, bestPeer), check);
    }
    out.flush();
  }

  static int rowGroups(Path file) {
    return footerBlocks(file).size();
  }

  /** The sum of the column chunks' uncompressed sizes in the footer (parquet-java's reading of it). */
  static long uncompressedBytes(Path file) {
    long total = 0;
    for (BlockMetaData block : footerBlocks(file)) {
      for (ColumnChunkMetaData column : block.getColumns()) {
        total += column.getTotalUncompressedSize();
      }
    }
    return total;
  }

  /** The row groups of {@code file}'s footer as parquet-java reads them. */
  private static List<BlockMetaData> footerBlocks(Path file) {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file),
        ParquetReadOptions.builder().build())) {
      return reader.getFooter().getBlocks();
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the footer of " + file + ": " + e.getMessage(), e);
    }
  }

  static Measurement find(List<Measurement> measurements, String engine) {
    return measurements.stream().filter(measurement -> measurement.engine.equals(engine)).findFirst().orElse(null);
  }

  static String ratio(double seconds, double reference) {
    return Double.isNaN(reference) ? "–" : String.format(Locale.ROOT, "%.2f", seconds / reference);
  }

  /** The {@code q} quantile of {@code values} (nearest rank). */
  static double quantile(List<Double> values, double q) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return sorted[(int) Math.round(q * (sorted.length - 1))];
  }

  static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
