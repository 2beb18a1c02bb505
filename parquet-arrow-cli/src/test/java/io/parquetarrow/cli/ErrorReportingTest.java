package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gives one line on stderr and exit 1; bad usage gives picocli's usage message and exit 2. */
class ErrorReportingTest {

  @TempDir Path temporary;

  @Test
  void missingFileIsOneLine() {
    Path missing = temporary.resolve("missing.parquet");
    for (String command : new String[] {"schema", "meta"}) {
      CommandRunner.Result result = CommandRunner.run(command, missing.toString());
      assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
      assertThat(result.stderr()).as(result.describe())
          .isEqualTo("parquet-arrow: " + missing + ": no such file" + System.lineSeparator());
      assertThat(result.stdout()).as("stdout of " + command).isEmpty();
    }
  }

  @Test
  void directoryIsOneLine() {
    CommandRunner.Result result = CommandRunner.run("meta", temporary.toString());
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
    assertThat(result.stderr()).as(result.describe())
        .isEqualTo("parquet-arrow: " + temporary + ": is a directory" + System.lineSeparator());
  }

  @Test
  void notParquetIsOneLineWithoutStackTrace() throws IOException {
    Path text = temporary.resolve("notes.parquet");
    Files.writeString(text, "this is not a parquet file, just some text\n", StandardCharsets.UTF_8);
    CommandRunner.Result result = CommandRunner.run("meta", "--json", text.toString());
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
    assertThat(result.stdout()).as("stdout").isEmpty();
    assertOneErrorLine(result, text);
    assertThat(result.stderr()).as(result.describe()).contains("magic");
  }

  @Test
  void tooSmallFileIsOneLine() throws IOException {
    Path tiny = temporary.resolve("tiny.parquet");
    Files.write(tiny, new byte[] {'P', 'A', 'R', '1'});
    CommandRunner.Result result = CommandRunner.run("schema", tiny.toString());
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
    assertOneErrorLine(result, tiny);
  }

  @Test
  void verbosePrintsTheStackTrace() throws IOException {
    Path text = temporary.resolve("notes.parquet");
    Files.writeString(text, "not parquet at all, long enough for a footer\n", StandardCharsets.UTF_8);
    for (String[] args : new String[][] {
        {"meta", "--verbose", text.toString()}, {"--verbose", "meta", text.toString()}}) {
      CommandRunner.Result result = CommandRunner.run(args);
      assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
      assertThat(result.stderr()).as(result.describe()).contains("\tat io.parquetarrow.")
          .contains("parquet-arrow: " + text + ": ");
    }
  }

  @Test
  void usageErrorsExitWithTwo() {
    CommandRunner.Result noFile = CommandRunner.run("meta");
    assertThat(noFile.exitCode()).as(noFile.describe()).isEqualTo(2);
    assertThat(noFile.stderr()).as(noFile.describe()).contains("Missing required parameter", "Usage:");
    CommandRunner.Result unknownOption = CommandRunner.run("meta", "--frobnicate", "x.parquet");
    assertThat(unknownOption.exitCode()).as(unknownOption.describe()).isEqualTo(2);
    CommandRunner.Result unknownCommand = CommandRunner.run("frobnicate");
    assertThat(unknownCommand.exitCode()).as(unknownCommand.describe()).isEqualTo(2);
    CommandRunner.Result noCommand = CommandRunner.run();
    assertThat(noCommand.exitCode()).as(noCommand.describe()).isEqualTo(2);
  }

  @Test
  void helpListsTheCommands() {
    CommandRunner.Result help = CommandRunner.run("--help");
    assertThat(help.exitCode()).as(help.describe()).isZero();
    assertThat(help.stdout()).as(help.describe()).contains("schema", "meta", "version");
  }

  static void assertOneErrorLine(CommandRunner.Result result, Path file) {
    String stderr = result.stderr();
    assertThat(stderr).as(result.describe()).startsWith("parquet-arrow: " + file + ": ")
        .endsWith(System.lineSeparator());
    assertThat(stderr.strip().lines().count()).as("stderr lines of %s", result.describe()).isEqualTo(1);
    assertThat(stderr).as(result.describe()).doesNotContain("\tat ", "Exception:");
  }
}
