package io.parquetarrow.spark;

import static io.parquetarrow.spark.SparkTestSupport.assertNoArrowMemoryHeld;
import static io.parquetarrow.spark.SparkTestSupport.canonicalRows;
import static io.parquetarrow.spark.SparkTestSupport.spark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes through {@code parquet-arrow} and reads back with Spark's built-in Parquet reader and with this connector,
 * for every Spark type the schema mapping produces; checks append and overwrite, the temporary directory, partition
 * columns and that no Arrow memory is held after each query ({@link SparkSaveModeTest} checks every save mode).
 */
class SparkReadWriteTest {
  @TempDir
  Path directory;

  /** A table with every Spark type the connector maps, nulls included. */
  static Dataset<Row> allTypes(SparkSession spark) {
    return spark.range(0, 1000, 1, 3).selectExpr(
        "id",
        "cast(id % 100 as byte) as b",
        "cast(id % 1000 as short) as s",
        "cast(id as int) as i",
        "case when id % 7 = 0 then null else id * 1000000007 end as l",
        "cast(id / 3.0 as float) as f",
        "id / 7.0d as d",
        "cast(id / 100.0 as decimal(9, 2)) as dec9",
        "cast(id * 12345.678 as decimal(30, 3)) as dec30",
        "case when id % 13 = 0 then null else cast((id - 500) * 1234567.891 as decimal(18, 3)) end as dec18",
        "named_struct('q', cast((500 - id) / 4.0 as decimal(15, 2))) as st_dec",
        "id % 2 = 0 as flag",
        "case when id % 5 = 0 then null else concat('text-', id) end as str",
        "cast(concat('bin', id) as binary) as bin",
        "date_add(date'2020-01-01', cast(id as int)) as dt",
        "timestamp_micros(1600000000000000 + id * 1000001) as ts",
        "cast(timestamp_micros(1600000000000000 + id * 7) as timestamp_ntz) as ts_ntz",
        "case when id % 11 = 0 then null else array(id, id + 1, null) end as arr",
        "map(concat('k', id), id * 2) as m",
        "named_struct('x', id, 'y', concat('y', id), 'z', named_struct('w', cast(id as double))) as st",
        "array(named_struct('p', id), named_struct('p', id + 1)) as arr_st");
  }

  @AfterEach
  void noMemoryHeld() {
    assertNoArrowMemoryHeld();
  }

  @Test
  void writesEveryTypeReadableByBothReaders() {
    SparkSession spark = spark();
    Dataset<Row> expected = allTypes(spark);
    String out = directory.resolve("all").toString();
    expected.write().format("parquet-arrow").mode("overwrite").save(out);

    List<String> want = canonicalRows(expected);
    Dataset<Row> builtIn = spark.read().parquet(out);
    assertThat(canonicalRows(builtIn.select(expected.columns()[0], tail(expected.columns()))))
        .as("Spark's Parquet reader reads what parquet-arrow wrote").isEqualTo(want);
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out);
    assertThat(ours.schema().simpleString()).isEqualTo(expected.schema().asNullable().simpleString());
    assertThat(canonicalRows(ours)).as("parquet-arrow reads what it wrote").isEqualTo(want);
  }

  @Test
  void readsWhatSparkWrote() {
    SparkSession spark = spark();
    Dataset<Row> expected = allTypes(spark);
    String out = directory.resolve("spark").toString();
    expected.write().mode("overwrite").option("compression", "zstd").parquet(out);
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out);
    assertThat(canonicalRows(ours)).isEqualTo(canonicalRows(expected));
    assertThat(ours.count()).isEqualTo(1000);
    assertThat(ours.filter("str is null").count()).isEqualTo(200);
  }

  @Test
  void appendAddsFilesAndOverwriteReplacesThem() throws IOException {
    SparkSession spark = spark();
    String out = directory.resolve("modes").toString();
    spark.range(10).write().format("parquet-arrow").mode("append").save(out);
    spark.range(10, 15).write().format("parquet-arrow").mode("append").save(out);
    assertThat(spark.read().format("parquet-arrow").load(out).count()).isEqualTo(15);
    spark.range(3).write().format("parquet-arrow").mode("overwrite").save(out);
    assertThat(spark.read().format("parquet-arrow").load(out).count()).isEqualTo(3);
    try (Stream<Path> files = Files.list(Path.of(out))) {
      assertThat(files.map(path -> path.getFileName().toString()))
          .as("no temporary directory is left after a commit")
          .allMatch(name -> name.startsWith("part-") && name.endsWith(".parquet"));
    }
  }

  @Test
  void aFailedJobLeavesNoVisibleFileAndNoTemporaryDirectory() throws IOException {
    SparkSession spark = spark();
    Path out = directory.resolve("failed");
    spark.range(5).write().format("parquet-arrow").mode("append").save(out.toString());
    List<String> before = names(out);
    // Partition 0 commits its file; a task of partition 1 fails after writing rows, so the job aborts.
    assertThatThrownBy(() -> spark.range(0, 20000, 1, 2).selectExpr("id", "assert_true(id < 19000) as ok")
        .write().format("parquet-arrow").mode("append").option("batchRows", "1000").save(out.toString()))
        .hasStackTraceContaining("19000");
    assertThat(names(out)).as("only the first job's files are left, and no _temporary directory")
        .isEqualTo(before);
    assertThat(spark.read().format("parquet-arrow").load(out.toString()).count()).isEqualTo(5);
  }

  private static List<String> names(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void readsHivePartitionColumns() {
    SparkSession spark = spark();
    String out = directory.resolve("partitioned").toString();
    spark.range(100).selectExpr("id", "id % 3 as k", "concat('v', id % 2) as v")
        .write().partitionBy("k", "v").parquet(out);
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out);
    assertThat(ours.schema().fieldNames()).containsExactly("id", "k", "v");
    assertThat(ours.schema().apply("k").dataType().typeName()).isEqualTo("integer");
    Dataset<Row> builtIn = spark.read().parquet(out);
    assertThat(canonicalRows(ours)).isEqualTo(canonicalRows(builtIn));
    assertThat(ours.filter("k = 1 and v = 'v0'").count())
        .isEqualTo(builtIn.filter("k = 1 and v = 'v0'").count());
    assertThat(ours.select("k").distinct().count()).isEqualTo(3);

    String all = ours.queryExecution().executedPlan().toString();
    String pruned = ours.filter("k = 1 or v = 'v0' and k > 1").queryExecution().executedPlan().toString();
    assertThat(pruned).contains("PartitionFilters: ");
    assertThat(scannedFiles(pruned)).as("files left after partition pruning").isLessThan(scannedFiles(all));
    assertThat(canonicalRows(ours.filter("k = 1 or v = 'v0' and k > 1")))
        .isEqualTo(canonicalRows(builtIn.filter("k = 1 or v = 'v0' and k > 1")));
  }

  private static int scannedFiles(String plan) {
    Matcher matcher = Pattern.compile("ParquetArrowScan (\\d+) files").matcher(plan);
    assertThat(matcher.find()).as("scan description in %s", plan).isTrue();
    return Integer.parseInt(matcher.group(1));
  }

  @Test
  void countsRowsWithoutReadingColumns() {
    SparkSession spark = spark();
    String out = directory.resolve("count").toString();
    spark.range(12345).write().format("parquet-arrow").mode("overwrite").save(out);
    assertThat(spark.read().format("parquet-arrow").load(out).count()).isEqualTo(12345);
    assertThat(spark.read().format("parquet-arrow").load(out).filter("id < 100").count()).isEqualTo(100);
  }

  private static String[] tail(String[] columns) {
    String[] rest = new String[columns.length - 1];
    System.arraycopy(columns, 1, rest, 0, rest.length);
    return rest;
  }
}
