package io.parquetarrow.spark;

import static io.parquetarrow.spark.SparkTestSupport.assertNoArrowMemoryHeld;
import static io.parquetarrow.spark.SparkTestSupport.canonicalRows;
import static io.parquetarrow.spark.SparkTestSupport.spark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.DataFrameWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every save mode of {@code df.write().format("parquet-arrow")}, and the default one, on a path that does not
 * exist, on directories that hold nothing a reader sees, and on a directory holding an earlier write. What each
 * write leaves is read back with Spark's built-in Parquet reader.
 */
class SparkSaveModeTest {
  /** The modes as a user names them; {@code null} is no {@code .mode(...)} call, Spark's default. */
  private static final List<String> MODES = Arrays.asList("errorifexists", "ignore", "append", "overwrite", null);

  @TempDir
  Path directory;

  @AfterEach
  void noMemoryHeld() {
    assertNoArrowMemoryHeld();
  }

  @Test
  void everyModeWritesWhereNothingVisibleExists() throws IOException {
    for (String mode : MODES) {
      Path missing = directory.resolve("missing-" + mode);
      Path empty = Files.createDirectories(directory.resolve("empty-" + mode));
      Path leftovers = Files.createDirectories(directory.resolve("leftovers-" + mode));
      Files.createDirectories(leftovers.resolve("_temporary").resolve("an-aborted-job"));
      Files.writeString(leftovers.resolve(".hidden"), "not data");
      for (Path out : List.of(missing, empty, leftovers)) {
        write(0, 5, mode, out);
        assertThat(builtInIds(out)).as("mode %s on %s", mode, out.getFileName()).isEqualTo(ids(0, 5));
        assertThat(visibleNames(out)).as("only data files are visible").allMatch(name -> name.endsWith(".parquet"));
      }
      assertThat(Files.exists(missing.resolve(ParquetArrowBatchWrite.TEMPORARY)))
          .as("the job's temporary directory is removed").isFalse();
    }
  }

  @Test
  void errorIfExistsFailsOnAnExistingPathNamingItAndLeavesItsFiles() throws IOException {
    Path out = directory.resolve("explicit");
    write(0, 5, "append", out);
    Map<String, String> before = contents(out);
    assertThatThrownBy(() -> write(100, 110, "errorifexists", out))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("PATH_ALREADY_EXISTS")
        .hasMessageContaining(out.toString())
        .hasMessageContaining("overwrite")
        .satisfies(thrown -> assertThat(((AnalysisException) thrown).getCondition())
            .isEqualTo("PATH_ALREADY_EXISTS"));
    assertThat(contents(out)).as("the existing files are untouched").isEqualTo(before);
    assertThat(builtInIds(out)).isEqualTo(ids(0, 5));
  }

  @Test
  void theDefaultModeIsErrorIfExists() throws IOException {
    Path out = directory.resolve("default");
    write(0, 5, null, out);
    Map<String, String> before = contents(out);
    assertThatThrownBy(() -> write(100, 110, null, out))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("PATH_ALREADY_EXISTS")
        .hasMessageContaining(out.toString());
    assertThat(contents(out)).as("the existing files are untouched").isEqualTo(before);
    assertThat(builtInIds(out)).isEqualTo(ids(0, 5));
  }

  @Test
  void ignoreLeavesAnExistingPathUntouched() throws IOException {
    Path out = directory.resolve("ignore");
    write(0, 5, "append", out);
    Map<String, String> before = contents(out);
    write(100, 110, "ignore", out);
    assertThat(contents(out)).as("nothing was written").isEqualTo(before);
    assertThat(builtInIds(out)).isEqualTo(ids(0, 5));
  }

  @Test
  void appendAddsToAnExistingPath() throws IOException {
    Path out = directory.resolve("append");
    write(0, 5, "append", out);
    Map<String, String> before = contents(out);
    write(100, 110, "append", out);
    assertThat(contents(out)).as("the earlier files stay as they were").containsAllEntriesOf(before);
    List<String> expected = new ArrayList<>(ids(0, 5));
    expected.addAll(ids(100, 110));
    expected.sort(null);
    assertThat(builtInIds(out)).isEqualTo(expected);
  }

  @Test
  void overwriteReplacesAnExistingPath() throws IOException {
    Path out = directory.resolve("overwrite");
    write(0, 5, "append", out);
    Files.createDirectories(out.resolve("k=1"));
    Files.writeString(out.resolve("k=1").resolve("stale.parquet"), "visible entries are all replaced");
    Files.writeString(out.resolve("_SUCCESS"), "");
    write(100, 110, "overwrite", out);
    assertThat(builtInIds(out)).isEqualTo(ids(100, 110));
    assertThat(visibleNames(out)).as("only the new files are visible")
        .allMatch(name -> name.startsWith("part-") && name.endsWith(".parquet"));
    assertThat(Files.exists(out.resolve("_SUCCESS"))).as("names starting with _ are not data; they stay").isTrue();
  }

  @Test
  void aFailedFirstWriteInTheDefaultModeLeavesNothingVisibleSoItCanBeRetried() throws IOException {
    Path out = directory.resolve("retry");
    // Partition 0 commits its file; a task of partition 1 fails after writing rows, so the job aborts.
    assertThatThrownBy(() -> spark().range(0, 20000, 1, 2).selectExpr("id", "assert_true(id < 19000) as ok")
        .write().format("parquet-arrow").option("batchRows", "1000").save(out.toString()))
        .hasStackTraceContaining("19000");
    assertThat(visibleNames(out)).as("no file of the failed job is visible").isEmpty();
    write(0, 5, null, out);
    assertThat(builtInIds(out)).isEqualTo(ids(0, 5));
  }

  private static void write(long from, long to, String mode, Path out) {
    DataFrameWriter<Long> writer = spark().range(from, to, 1, 2).write().format("parquet-arrow");
    if (mode != null) {
      writer = writer.mode(mode);
    }
    writer.save(out.toString());
  }

  /** The ids Spark's built-in reader reads under {@code out}, as {@link SparkTestSupport#canonicalRows}. */
  private static List<String> builtInIds(Path out) {
    return canonicalRows(spark().read().parquet(out.toString()).select("id"));
  }

  /** The canonical rows of ids {@code [from, to)}, sorted as {@link SparkTestSupport#canonicalRows} sorts. */
  private static List<String> ids(long from, long to) {
    return LongStream.range(from, to).mapToObj(id -> "{" + id + "}").sorted().toList();
  }

  private static List<String> visibleNames(Path out) throws IOException {
    try (Stream<Path> entries = Files.list(out)) {
      return entries.map(path -> path.getFileName().toString())
          .filter(name -> !name.startsWith("_") && !name.startsWith("."))
          .toList();
    }
  }

  /** Every file under {@code out}, by relative path, with its bytes in hexadecimal. */
  private static Map<String, String> contents(Path out) throws IOException {
    Map<String, String> contents = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(out)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        contents.put(out.relativize(file).toString(), HexFormat.of().formatHex(Files.readAllBytes(file)));
      }
    }
    return contents;
  }
}
