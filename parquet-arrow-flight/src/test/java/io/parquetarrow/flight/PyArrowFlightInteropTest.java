package io.parquetarrow.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server with pyarrow's Flight client (Arrow C++), {@code flight_interop.py}: listing, every endpoint compared
 * with {@code pyarrow.parquet.read_table} of the same file, projection with a filter, and uploads read back both
 * through Flight and by pyarrow from the written file.
 *
 * <p>pyarrow runs from a virtual environment made once under {@code target/pyenv} ({@code pip install
 * pyarrow==25.0.1}, from the machine's package index). Skipped only when there is no {@code python3}.
 */
class PyArrowFlightInteropTest {
  private static final Path VIRTUAL_ENVIRONMENT = Path.of("target", "pyenv");

  @TempDir Path directory;
  private static Path python;

  @BeforeAll
  static void pyarrow() throws IOException, InterruptedException {
    assumeTrue(run(List.of("python3", "--version")).exitCode == 0, "python3 is not installed: pyarrow interop skipped");
    python = VIRTUAL_ENVIRONMENT.resolve("bin").resolve("python");
    if (!Files.isExecutable(python) || run(List.of(python.toString(), "-c", "import pyarrow.flight")).exitCode != 0) {
      Result venv = run(List.of("python3", "-m", "venv", VIRTUAL_ENVIRONMENT.toString()));
      assertThat(venv.exitCode).as("python3 -m venv: %s", venv.output).isZero();
      Result pip = run(List.of(VIRTUAL_ENVIRONMENT.resolve("bin").resolve("pip").toString(), "install", "-q",
          "--retries", "1", "pyarrow==25.0.1"));
      assertThat(pip.exitCode).as("pip install pyarrow==25.0.1: %s", pip.output).isZero();
    }
  }

  @Test
  void pyarrowListsReadsFiltersAndUploads() throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      FlightTestData.write(directory.resolve("data.parquet"), 45_000, 0, allocator);
      Files.createDirectories(directory.resolve("sub"));
      FlightTestData.write(directory.resolve("sub/more.parquet"), 123, 7, allocator);
      try (ParquetFlightServer server = ParquetFlightServer.builder(directory, allocator).sliceBytes(100_000)
          .build().start()) {
        Result result = run(List.of(python.toString(), script().toString(), Integer.toString(server.port()),
            directory.toString()));
        assertThat(result.exitCode).as("flight_interop.py:%n%s", result.output).isZero();
        assertThat(result.output).contains("all checks passed");
        assertThat(server.allocator().getAllocatedMemory()).isZero();
      }
    }
  }

  private static Path script() throws URISyntaxException {
    return Path.of(PyArrowFlightInteropTest.class.getResource("/pyarrow/flight_interop.py").toURI());
  }

  private record Result(int exitCode, String output) {}

  private static Result run(List<String> command) throws IOException, InterruptedException {
    Path log = Files.createTempFile("pyarrow-flight", ".log");
    try {
      Process process;
      try {
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      } catch (IOException e) {
        return new Result(-1, e.getMessage());
      }
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        return new Result(-2, "timed out: " + command);
      }
      return new Result(process.exitValue(), Files.readString(log));
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
