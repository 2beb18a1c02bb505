package io.parquetarrow.bench;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.flight.ParquetFlightServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
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
 * Rows per second of one Parquet file read three ways, one reader at a time: locally by our reader, through our
 * Flight server ({@link ParquetFlightServer}, in this JVM, every endpoint fetched in turn by an Arrow Java
 * {@code FlightClient}), and through a pyarrow Flight server of the same file (Arrow C++ reading and serving it,
 * {@code pyarrow_flight_server.py} in a Python subprocess), fetched by the same client. All on loopback, so the
 * Flight figures include gRPC's serialization and copies but no network. Prints a Markdown table of the median
 * seconds and rows per second of each.
 *
 * <pre>
 * FlightCompare --file F [--iterations 5] [--warmup 2] [--batch-rows 65536] [--python PATH]
 * </pre>
 *
 * Without {@code --python} (a Python with pyarrow, which {@code ./bench flight} provides) the pyarrow server is
 * skipped.
 */
public final class FlightCompare {
  static final String USAGE = """
      FlightCompare --file F [--iterations 5] [--warmup 2] [--batch-rows 65536] [--python PATH]
      See BENCHMARKS.md; run it through ./bench flight FILE, which provides pyarrow.""";

  /** How one engine reads the file: returns the rows it saw. */
  private interface Read {
    long rows() throws Exception;
  }

  private final Path file;
  private final int iterations;
  private final int warmup;
  private final int batchRows;
  private final Path python;
  private final PrintStream out;

  FlightCompare(Path file, int iterations, int warmup, int batchRows, Path python, PrintStream out) {
    this.file = file;
    this.iterations = iterations;
    this.warmup = warmup;
    this.batchRows = batchRows;
    this.python = python;
    this.out = out;
  }

  public static void main(String[] arguments) throws Exception {
    if (arguments.length == 0 || Arrays.asList(arguments).contains("--help")) {
      System.out.println(USAGE);
      return;
    }
    Path file = null;
    int iterations = 5;
    int warmup = 2;
    int batchRows = ReadOptions.DEFAULT_BATCH_ROWS;
    Path python = null;
    for (int index = 0; index + 1 < arguments.length; index += 2) {
      String value = arguments[index + 1];
      switch (arguments[index]) {
        case "--file" -> file = Path.of(value);
        case "--iterations" -> iterations = Integer.parseInt(value);
        case "--warmup" -> warmup = Integer.parseInt(value);
        case "--batch-rows" -> batchRows = Integer.parseInt(value);
        case "--python" -> python = value.isEmpty() ? null : Path.of(value);
        default -> throw new IllegalArgumentException("unknown option " + arguments[index] + "; usage:\n" + USAGE);
      }
    }
    if (file == null || arguments.length % 2 != 0) {
      throw new IllegalArgumentException("usage:\n" + USAGE);
    }
    new FlightCompare(file, iterations, warmup, batchRows, python, System.out).run();
  }

  /** Measures every engine and prints the table; returns each engine's median seconds. */
  Map<String, Double> run() throws Exception {
    Map<String, Double> medians = new LinkedHashMap<>();
    long[] rows = new long[1];
    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions options = ReadOptions.builder().batchRows(batchRows).build();
      medians.put("local read (ParquetArrowReader)", measure(() -> localRows(allocator, options), rows));
      Path served = Files.createTempDirectory("flight-compare");
      Path copy = served.resolve("data.parquet");
      try {
        Files.createLink(copy, file.toAbsolutePath());
      } catch (IOException | UnsupportedOperationException e) {
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      try (ParquetFlightServer server = ParquetFlightServer.builder(served, allocator).build().start()) {
        String command = "{\"path\": \"data.parquet\", \"batch_rows\": " + batchRows + "}";
        FlightDescriptor descriptor = FlightDescriptor.command(command.getBytes(StandardCharsets.UTF_8));
        medians.put("parquet-arrow Flight server", measure(() -> flightRows(allocator, server.location(),
            descriptor), rows));
      } finally {
        Files.deleteIfExists(copy);
        Files.deleteIfExists(served);
      }
      if (python != null) {
        medians.put("pyarrow Flight server", measurePyarrow(allocator, rows));
      }
    }
    out.printf("%nFlight DoGet of %s (%,d rows, batches of %,d rows), median of %d after %d warm-up rounds:%n%n",
        file.getFileName(), rows[0], batchRows, iterations, warmup);
    out.println("| engine | seconds | rows/s |");
    out.println("|---|---:|---:|");
    for (Map.Entry<String, Double> entry : medians.entrySet()) {
      out.printf("| %s | %.3f | %,.0f |%n", entry.getKey(), entry.getValue(), rows[0] / entry.getValue());
    }
    return medians;
  }

  private double measurePyarrow(BufferAllocator allocator, long[] rows) throws Exception {
    Path script = Files.createTempFile("pyarrow_flight_server", ".py");
    try (InputStream resource = FlightCompare.class.getResourceAsStream("pyarrow_flight_server.py")) {
      Files.copy(resource, script, StandardCopyOption.REPLACE_EXISTING);
    }
    Process process = new ProcessBuilder(python.toString(), script.toString(), file.toAbsolutePath().toString(),
        Integer.toString(batchRows)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8));
      String line = lines.readLine();
      if (line == null || !line.startsWith("port ")) {
        throw new IOException("the pyarrow Flight server did not start: " + line);
      }
      Location location = Location.forGrpcInsecure("127.0.0.1", Integer.parseInt(line.substring(5).trim()));
      return measure(() -> flightRows(allocator, location, FlightDescriptor.path("data.parquet")), rows);
    } finally {
      process.getOutputStream().close();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      Files.deleteIfExists(script);
    }
  }

  private double measure(Read read, long[] rows) throws Exception {
    for (int round = 0; round < warmup; round++) {
      read.rows();
    }
    List<Double> seconds = new ArrayList<>();
    for (int round = 0; round < iterations; round++) {
      long start = System.nanoTime();
      rows[0] = read.rows();
      seconds.add((System.nanoTime() - start) / 1e9);
    }
    seconds.sort(null);
    return seconds.get(seconds.size() / 2);
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

  private static long flightRows(BufferAllocator allocator, Location location, FlightDescriptor descriptor)
      throws Exception {
    long rows = 0;
    try (FlightClient client = FlightClient.builder(allocator, location).build()) {
      FlightInfo info = client.getInfo(descriptor);
      for (FlightEndpoint endpoint : info.getEndpoints()) {
        try (FlightStream stream = client.getStream(endpoint.getTicket())) {
          while (stream.next()) {
            rows += stream.getRoot().getRowCount();
          }
        }
      }
    }
    return rows;
  }
}
