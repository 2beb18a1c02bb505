package io.parquetarrow.bench;

import com.sun.management.OperatingSystemMXBean;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.flight.ParquetFlightServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Rows per second of one Parquet file read three ways: locally by our reader, through our Flight server
 * ({@link ParquetFlightServer} in a JVM of its own, {@link FlightServerMain}, started with this JVM's flags; every
 * endpoint fetched in turn by an Arrow Java {@code FlightClient}), and through a pyarrow Flight server of the same
 * file (Arrow C++ reading and serving it, {@code pyarrow_flight_server.py} in a Python process), fetched by the same
 * client. Both servers are processes of their own, so neither shares the client's heap, JIT or collector; the
 * rounds alternate between the three, so a change of load on the machine touches all of them. All on loopback, so
 * the Flight figures include gRPC's serialization and copies but no network. Prints a Markdown table of the median
 * seconds and rows per second of each, with the CPU seconds of the client's process and of the server's, and
 * where our server's CPU went by thread ({@link ThreadCpu}: decoding, the event loop, the compiler). Thirty
 * warm-up rounds by default: a server runs for long, and on lineitem our server's C2 compiler still spent 0.16–0.20
 * CPU seconds per DoGet after eight rounds, 0.03 after thirty, on the cores the read shares; pyarrow's server has
 * no JIT to warm.
 *
 * <pre>
 * FlightCompare --file F [--iterations 5] [--warmup 30] [--batch-rows 65536] [--python PATH]
 *     [--client-window BYTES] [--same-jvm] [--baseline-lib DIR] [--clients N --seconds S]
 * </pre>
 *
 * Without {@code --python} (a Python with pyarrow, which {@code ./bench flight} provides) the pyarrow server is
 * skipped; with it, a fourth row is pyarrow serving the file from a table it read at start, so no Parquet decoding
 * happens per DoGet: the time of the transport and this client alone, what no server can beat with this client.
 * {@code --client-window} gives the client's gRPC channel that HTTP/2 flow-control window (gRPC's default,
 * 1 MiB, otherwise);
 * {@code --same-jvm} adds a row of our server in the client's JVM; {@code --baseline-lib} one of our server run
 * from the jars in DIR (another build's {@code BENCH_LIB}), so two builds compare in one run. {@code --clients}
 * runs {@link FlightLoad} instead: that many clients read the whole file over and over for {@code --seconds}.
 */
public final class FlightCompare {
  static final String USAGE = """
      FlightCompare --file F [--iterations 5] [--warmup 30] [--batch-rows 65536] [--python PATH]
          [--client-window BYTES] [--same-jvm] [--baseline-lib DIR] [--clients N --seconds S]
      See BENCHMARKS.md; run it through ./bench flight FILE, which provides pyarrow.""";
  static final String LOCAL = "local read (ParquetArrowReader)";
  static final String OURS = "parquet-arrow Flight server";
  static final String OURS_SAME_JVM = "parquet-arrow Flight server, in the client's JVM";
  static final String OURS_BASELINE = "parquet-arrow Flight server, baseline jars";
  static final String PYARROW = "pyarrow Flight server";
  static final String PYARROW_IN_MEMORY = "pyarrow Flight server of a table in memory (no decoding)";

  /** How one engine reads the file: returns the rows it saw. */
  interface Read {
    long rows() throws Exception;
  }

  private final Path file;
  private final int iterations;
  private final int warmup;
  private final int batchRows;
  private final Path python;
  private final FlightClients clients;
  private final boolean sameJvm;
  private final Path baselineLib;
  private final PrintStream out;

  FlightCompare(Path file, int iterations, int warmup, int batchRows, Path python, FlightClients clients,
      boolean sameJvm, Path baselineLib, PrintStream out) {
    this.file = file;
    this.iterations = iterations;
    this.warmup = warmup;
    this.batchRows = batchRows;
    this.python = python;
    this.clients = clients;
    this.sameJvm = sameJvm;
    this.baselineLib = baselineLib;
    this.out = out;
  }

  public static void main(String[] arguments) throws Exception {
    if (arguments.length == 0 || Arrays.asList(arguments).contains("--help")) {
      System.out.println(USAGE);
      return;
    }
    Path file = null;
    int iterations = 5;
    int warmup = 30;
    int batchRows = ReadOptions.DEFAULT_BATCH_ROWS;
    Path python = null;
    int clientWindow = 0;
    boolean sameJvm = false;
    int loadClients = 0;
    int loadSeconds = 30;
    Path baselineLib = null;
    for (int index = 0; index < arguments.length; index++) {
      if (arguments[index].equals("--same-jvm")) {
        sameJvm = true;
        continue;
      }
      if (index + 1 == arguments.length) {
        throw new IllegalArgumentException("option " + arguments[index] + " needs a value; usage:\n" + USAGE);
      }
      String value = arguments[++index];
      switch (arguments[index - 1]) {
        case "--file" -> file = Path.of(value);
        case "--iterations" -> iterations = Integer.parseInt(value);
        case "--warmup" -> warmup = Integer.parseInt(value);
        case "--batch-rows" -> batchRows = Integer.parseInt(value);
        case "--python" -> python = value.isEmpty() ? null : Path.of(value);
        case "--client-window" -> clientWindow = Integer.parseInt(value);
        case "--clients" -> loadClients = Integer.parseInt(value);
        case "--seconds" -> loadSeconds = Integer.parseInt(value);
        case "--baseline-lib" -> baselineLib = Path.of(value);
        default -> throw new IllegalArgumentException("unknown option " + arguments[index - 1] + "; usage:\n"
            + USAGE);
      }
    }
    if (file == null) {
      throw new IllegalArgumentException("usage:\n" + USAGE);
    }
    FlightClients clients = new FlightClients(clientWindow);
    if (loadClients > 0) {
      new FlightLoad(file, batchRows, clients, System.out).run(loadClients, loadSeconds);
      return;
    }
    new FlightCompare(file, iterations, warmup, batchRows, python, clients, sameJvm, baselineLib,
        System.out).run();
  }

  /** Measures every engine and prints the table; returns each engine's median seconds. */
  Map<String, Double> run() throws Exception {
    Map<String, Read> engines = new LinkedHashMap<>();
    Map<String, FlightServerProcess> servers = new LinkedHashMap<>();
    long[] rows = new long[1];
    try (BufferAllocator allocator = new RootAllocator();
         ServedFile served = new ServedFile(file)) {
      ReadOptions options = ReadOptions.builder().batchRows(batchRows).build();
      engines.put(LOCAL, () -> localRows(allocator, options));
      FlightDescriptor command = served.command(batchRows);
      try (FlightServerProcess ours = FlightServerProcess.ours(served.directory(), 0, 0);
           FlightServerProcess baseline = baselineLib == null ? null
               : FlightServerProcess.ours(served.directory(), 0, 0, baselineLib.resolve("*").toString());
           ParquetFlightServer inProcess = sameJvm
               ? ParquetFlightServer.builder(served.directory(), allocator).build().start()
               : null;
           FlightServerProcess pyarrow = python == null ? null
               : FlightServerProcess.pyarrow(python, served.pyarrowScript(), file, batchRows, false);
           FlightServerProcess inMemory = python == null ? null
               : FlightServerProcess.pyarrow(python, served.pyarrowScript(), file, batchRows, true)) {
        engines.put(OURS, () -> clients.rows(allocator, ours.location(), command));
        servers.put(OURS, ours);
        if (baseline != null) {
          engines.put(OURS_BASELINE, () -> clients.rows(allocator, baseline.location(), command));
          servers.put(OURS_BASELINE, baseline);
        }
        if (inProcess != null) {
          engines.put(OURS_SAME_JVM, () -> clients.rows(allocator, inProcess.location(), command));
        }
        if (pyarrow != null) {
          engines.put(PYARROW, () -> clients.rows(allocator, pyarrow.location(),
              FlightDescriptor.path(ServedFile.NAME)));
          engines.put(PYARROW_IN_MEMORY, () -> clients.rows(allocator, inMemory.location(),
              FlightDescriptor.path(ServedFile.NAME)));
          servers.put(PYARROW, pyarrow);
          servers.put(PYARROW_IN_MEMORY, inMemory);
        }
        Measured measured = measure(engines, servers, rows);
        print(measured, rows[0]);
        return measured.seconds();
      }
    }
  }

  /**
   * Median seconds of each engine, and the median CPU seconds of this process (the client, or the local reader)
   * and of the engine's server process (empty for engines without one) during a read.
   */
  record Measured(Map<String, Double> seconds, Map<String, Double> clientCpu, Map<String, Double> serverCpu,
      ThreadCpu oursBefore, ThreadCpu oursAfter) {
  }

  private void print(Measured measured, long rows) {
    out.printf("%nFlight DoGet of %s (%,d rows, batches of %,d rows), median of %d rounds after %d warm-up rounds, "
        + "alternating; client window %s:%n%n", file.getFileName(), rows, batchRows, iterations, warmup,
        clients.describeWindow());
    out.println("| engine | seconds | rows/s | vs local | client CPU s | server CPU s |");
    out.println("|---|---:|---:|---:|---:|---:|");
    double local = measured.seconds().get(LOCAL);
    for (Map.Entry<String, Double> entry : measured.seconds().entrySet()) {
      Double server = measured.serverCpu().get(entry.getKey());
      out.printf("| %s | %.3f | %,.0f | %.2f× | %.3f | %s |%n", entry.getKey(), entry.getValue(),
          rows / entry.getValue(), local / entry.getValue(), measured.clientCpu().get(entry.getKey()),
          server == null ? "" : String.format("%.3f", server));
    }
    measured.oursAfter().printSince(measured.oursBefore(), iterations, "Our Flight server (" + OURS + ")", out);
  }

  /** Runs the warm-up rounds, then the measured ones, each engine once per round in turn. */
  private Measured measure(Map<String, Read> engines, Map<String, FlightServerProcess> servers, long[] rows)
      throws Exception {
    for (int round = 0; round < warmup; round++) {
      for (Read read : engines.values()) {
        read.rows();
      }
    }
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    ThreadCpu oursBefore = servers.get(OURS).threadCpu();
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    Map<String, List<Double>> clientCpu = new LinkedHashMap<>();
    Map<String, List<Double>> serverCpu = new LinkedHashMap<>();
    for (int round = 0; round < iterations; round++) {
      for (Map.Entry<String, Read> engine : engines.entrySet()) {
        FlightServerProcess server = servers.get(engine.getKey());
        long serverBefore = server == null ? 0 : server.cpuNanos();
        long clientBefore = os.getProcessCpuTime();
        long start = System.nanoTime();
        rows[0] = engine.getValue().rows();
        seconds.computeIfAbsent(engine.getKey(), name -> new ArrayList<>()).add((System.nanoTime() - start) / 1e9);
        clientCpu.computeIfAbsent(engine.getKey(), name -> new ArrayList<>())
            .add((os.getProcessCpuTime() - clientBefore) / 1e9);
        if (server != null) {
          serverCpu.computeIfAbsent(engine.getKey(), name -> new ArrayList<>())
              .add((server.cpuNanos() - serverBefore) / 1e9);
        }
      }
    }
    return new Measured(medians(seconds), medians(clientCpu), medians(serverCpu), oursBefore,
        servers.get(OURS).threadCpu());
  }

  private static Map<String, Double> medians(Map<String, List<Double>> values) {
    Map<String, Double> medians = new LinkedHashMap<>();
    for (Map.Entry<String, List<Double>> engine : values.entrySet()) {
      List<Double> sorted = new ArrayList<>(engine.getValue());
      sorted.sort(null);
      medians.put(engine.getKey(), sorted.get(sorted.size() / 2));
    }
    return medians;
  }

  private long localRows(BufferAllocator allocator, ReadOptions options) throws IOException {
    long rows = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }
}
