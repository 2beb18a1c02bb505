package io.parquetarrow.spark;

import static io.parquetarrow.spark.SparkTestSupport.assertNoArrowMemoryHeld;
import static io.parquetarrow.spark.SparkTestSupport.canonicalRows;
import static io.parquetarrow.spark.SparkTestSupport.spark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.junit.jupiter.api.Test;

/**
 * Every parquet-testing file that Spark's built-in Parquet reader reads is read through {@code parquet-arrow} too,
 * and the two give the same schema (up to nullability) and the same rows. Files the built-in reader rejects are
 * skipped and counted; a file the connector cannot map while Spark can is a failure. Spark does not verify page
 * checksums, so files with a corrupt one are compared with {@code verifyChecksums=false}, after checking that the
 * default read reports the mismatch.
 */
class SparkCorpusTest {

  /** How one file compared. */
  private enum Outcome { EQUAL, SKIPPED, DIFFERENT }

  @Test
  void readsTheCorpusAsSparksOwnReaderDoes() throws IOException {
    Path corpus = SparkTestSupport.corpus();
    assumeTrue(Files.isDirectory(corpus), "parquet-testing corpus not found at " + corpus);
    List<Path> files;
    try (Stream<Path> walk = Files.walk(corpus)) {
      files = walk.filter(path -> path.getFileName().toString().endsWith(".parquet")).sorted().toList();
    }
    List<String> skipped = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    int compared = 0;
    for (Path file : files) {
      String name = corpus.relativize(file).toString();
      long started = System.nanoTime();
      Outcome outcome = compare(spark(), file, name, failures);
      System.out.printf("corpus file %s: %s in %d ms%n", name, outcome, (System.nanoTime() - started) / 1_000_000);
      switch (outcome) {
        case EQUAL -> compared++;
        case SKIPPED -> skipped.add(name);
        default -> { }
      }
      assertNoArrowMemoryHeld();
    }
    System.out.printf("parquet-arrow corpus: %d files compared equal, %d skipped (Spark's reader fails): %s%n",
        compared, skipped.size(), skipped);
    assertThat(failures).as("files read differently by parquet-arrow than by Spark's reader").isEmpty();
    assertThat(compared).isGreaterThan(30);
  }

  private static Outcome compare(SparkSession spark, Path file, String name, List<String> failures) {
    List<String> expected;
    Dataset<Row> builtIn;
    try {
      builtIn = spark.read().parquet(file.toString());
      expected = canonicalRows(builtIn);
    } catch (Exception e) {
      return Outcome.SKIPPED;
    }
    boolean corruptChecksum = name.contains("corrupt-checksum");
    if (corruptChecksum) {
      assertThatThrownBy(() -> spark.read().format("parquet-arrow").load(file.toString()).collectAsList())
          .as("%s: a page checksum mismatch is reported by default", name)
          .hasStackTraceContaining("checksum mismatch");
    }
    try {
      Dataset<Row> ours = spark.read().format("parquet-arrow")
          .option("verifyChecksums", String.valueOf(!corruptChecksum)).load(file.toString());
      if (!DataType.equalsStructurally(ours.schema(), builtIn.schema(), true)) {
        failures.add(name + ": schema " + ours.schema().simpleString() + " but Spark reads "
            + builtIn.schema().simpleString());
        return Outcome.DIFFERENT;
      }
      List<String> actual = canonicalRows(ours);
      if (!actual.equals(expected)) {
        failures.add(name + ": rows differ, first ours " + first(actual) + " vs Spark's " + first(expected));
        return Outcome.DIFFERENT;
      }
      return Outcome.EQUAL;
    } catch (Exception e) {
      failures.add(name + ": " + e);
      return Outcome.DIFFERENT;
    }
  }

  private static String first(List<String> rows) {
    return rows.isEmpty() ? "(none)" : rows.get(0);
  }
}
