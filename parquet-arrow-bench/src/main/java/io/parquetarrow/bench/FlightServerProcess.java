package io.parquetarrow.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.Location;

/**
 * A Flight server that {@link FlightCompare} runs as a child process on loopback: ours ({@link FlightServerMain}
 * in a JVM started with this JVM's own flags and class path) or pyarrow's ({@code pyarrow_flight_server.py}).
 * Either prints {@code port N} once it listens and stops when its standard input closes; ours then prints
 * {@code peak BYTES}, which {@link #stop()} returns.
 */
final class FlightServerProcess implements AutoCloseable {
  private final Process process;
  private final BufferedReader lines;
  private final Location location;

  private FlightServerProcess(List<String> command) throws IOException {
    this.process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    this.lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line = lines.readLine();
    if (line == null || !line.startsWith("port ")) {
      process.destroyForcibly();
      throw new IOException("the Flight server " + command.get(command.size() - 1) + " did not start: " + line);
    }
    this.location = Location.forGrpcInsecure("127.0.0.1", Integer.parseInt(line.substring(5).trim()));
  }

  /**
   * Our server of {@code directory} in a child JVM with this JVM's flags (less a flight recording of its own);
   * {@code threads} and {@code maxStreams} are the server's settings, or 0 for its defaults.
   */
  static FlightServerProcess ours(Path directory, int threads, int maxStreams) throws IOException {
    return ours(directory, threads, maxStreams, System.getProperty("java.class.path"));
  }

  /** {@link #ours(Path, int, int)} with the server's classes from {@code classPath}. */
  static FlightServerProcess ours(Path directory, int threads, int maxStreams, String classPath)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!flag.startsWith("-XX:StartFlightRecording") && !flag.startsWith("-agentlib")
          && !flag.startsWith("-javaagent")) {
        command.add(flag);
      }
    }
    command.add("-cp");
    command.add(classPath);
    command.add(FlightServerMain.class.getName());
    command.add(directory.toAbsolutePath().toString());
    command.add(Integer.toString(threads));
    command.add(Integer.toString(maxStreams));
    return new FlightServerProcess(command);
  }

  /**
   * pyarrow's server of {@code file}, streaming batches of {@code batchRows}: read from the file at every DoGet,
   * or with {@code inMemory} from a table it read once at start.
   */
  static FlightServerProcess pyarrow(Path python, Path script, Path file, int batchRows, boolean inMemory)
      throws IOException {
    List<String> command = new ArrayList<>(List.of(python.toString(), script.toString(),
        file.toAbsolutePath().toString(), Integer.toString(batchRows)));
    if (inMemory) {
      command.add("memory");
    }
    return new FlightServerProcess(command);
  }

  /** The CPU time the server process has used so far, all its threads; 0 where the system does not tell. */
  long cpuNanos() {
    return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
  }

  /** The CPU time of the server's threads so far, by thread name. */
  ThreadCpu threadCpu() {
    return ThreadCpu.of(process.pid());
  }

  Location location() {
    return location;
  }

  /** Stops the server; returns the allocator peak it printed, or -1 (pyarrow's, or a server that died). */
  long stop() throws IOException, InterruptedException {
    process.getOutputStream().close();
    long peak = -1;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.startsWith("peak ")) {
        peak = Long.parseLong(line.substring(5).trim());
      }
    }
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    return peak;
  }

  @Override
  public void close() throws IOException, InterruptedException {
    if (process.isAlive()) {
      stop();
    }
  }
}
