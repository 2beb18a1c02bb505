package io.parquetarrow.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * pyarrow 25 for the tests that use it as an oracle: a virtual environment made once under {@code target/pyenv}
 * ({@code pip install pyarrow==25.0.1}, from the machine's package index), and a way to run commands in it. A test
 * is skipped only when there is no {@code python3}; a failing install fails it.
 */
public final class PyArrowEnvironment {
  private static final Path VIRTUAL_ENVIRONMENT = Path.of("target", "pyenv");

  private PyArrowEnvironment() {}

  /** A finished command: its exit code (-1 when it could not start, -2 when it timed out) and its output. */
  public record Result(int exitCode, String output) {}

  /** The environment's {@code python}, with pyarrow importable; made first when missing. */
  public static Path python() throws IOException, InterruptedException {
    assumeTrue(run(List.of("python3", "--version")).exitCode() == 0, "python3 is not installed: pyarrow skipped");
    Path python = VIRTUAL_ENVIRONMENT.resolve("bin").resolve("python");
    if (!Files.isExecutable(python) || run(List.of(python.toString(), "-c", "import pyarrow")).exitCode() != 0) {
      Result venv = run(List.of("python3", "-m", "venv", VIRTUAL_ENVIRONMENT.toString()));
      assertThat(venv.exitCode()).as("python3 -m venv: %s", venv.output()).isZero();
      Result pip = run(List.of(VIRTUAL_ENVIRONMENT.resolve("bin").resolve("pip").toString(), "install", "-q",
          "--retries", "1", "pyarrow==25.0.1"));
      assertThat(pip.exitCode()).as("pip install pyarrow==25.0.1: %s", pip.output()).isZero();
    }
    return python;
  }

  /** Runs {@code command} to its end (at most ten minutes), its output and errors collected together. */
  public static Result run(List<String> command) throws IOException, InterruptedException {
    Path log = Files.createTempFile("pyarrow", ".log");
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
