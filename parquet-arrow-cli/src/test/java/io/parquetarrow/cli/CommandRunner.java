package io.parquetarrow.cli;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Runs {@code parquet-arrow} in-process, exactly as {@link ParquetArrowCommand#main} would but with standard
 * output and error captured, and returns what it printed.
 */
final class CommandRunner {

  private CommandRunner() {}

  /** What one run printed and returned. */
  record Result(String[] args, int exitCode, byte[] stdoutBytes, String stderr) {
    String stdout() {
      return new String(stdoutBytes, StandardCharsets.UTF_8);
    }

    /** A description for assertion messages. */
    String describe() {
      return "parquet-arrow " + String.join(" ", args) + " -> exit " + exitCode + "\nstderr: " + stderr
          + "\nstdout (first 2000 chars): " + stdout().substring(0, Math.min(2000, stdout().length()));
    }

    @Override
    public String toString() {
      return describe() + " args=" + Arrays.toString(args);
    }
  }

  static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exitCode = ParquetArrowCommand.run(args, out, err);
    return new Result(args, exitCode, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
  }
}
