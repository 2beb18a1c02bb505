package io.parquetarrow.spark;

import static io.parquetarrow.spark.SparkTestSupport.assertNoArrowMemoryHeld;
import static io.parquetarrow.spark.SparkTestSupport.canonicalRows;
import static io.parquetarrow.spark.SparkTestSupport.spark;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-H Q1 and Q6 over a generated {@code lineitem} ({@link Lineitem}) give the same results through
 * {@code parquet-arrow} as through Spark's built-in reader, on files written by either, and Q6's predicates reach
 * the reader.
 */
class SparkTpchTest {
  private static final long ROWS = 60_000;

  @TempDir
  static Path directory;

  @BeforeAll
  static void writeLineitem() {
    SparkSession spark = spark();
    Dataset<Row> lineitem = Lineitem.generate(spark, ROWS, 3);
    lineitem.write().mode("overwrite").option("parquet.block.size", 256 * 1024)
        .parquet(directory.resolve("by-spark").toString());
    lineitem.write().format("parquet-arrow").mode("overwrite").option("compression", "zstd")
        .option("dataPageVersion", "v2").option("bloomFilterColumns", "l_orderkey")
        .save(directory.resolve("by-parquet-arrow").toString());
  }

  @AfterEach
  void noMemoryHeld() {
    assertNoArrowMemoryHeld();
  }

  private static void register(String writer) {
    SparkSession spark = spark();
    String path = directory.resolve(writer).toString();
    spark.read().parquet(path).createOrReplaceTempView("lineitem_builtin");
    spark.read().format("parquet-arrow").option("batchRows", "8192").load(path)
        .createOrReplaceTempView("lineitem_ours");
  }

  private static void assertSameResults(String query) {
    SparkSession spark = spark();
    List<String> expected = canonicalRows(spark.sql(query.formatted("lineitem_builtin")));
    List<String> actual = canonicalRows(spark.sql(query.formatted("lineitem_ours")));
    assertThat(expected).isNotEmpty();
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void q1AndQ6OnFilesSparkWrote() {
    register("by-spark");
    assertSameResults(Lineitem.Q1);
    assertSameResults(Lineitem.Q6);
    assertThat(spark().sql("select count(*) from lineitem_ours").first().getLong(0)).isEqualTo(ROWS);
  }

  @Test
  void q1AndQ6OnFilesParquetArrowWrote() {
    register("by-parquet-arrow");
    assertSameResults(Lineitem.Q1);
    assertSameResults(Lineitem.Q6);
    assertThat(canonicalRows(spark().sql("select * from lineitem_ours")))
        .isEqualTo(canonicalRows(spark().sql("select * from lineitem_builtin")));
  }

  @Test
  void q6PushesItsPredicatesIntoTheReader() {
    register("by-spark");
    String plan = spark().sql(Lineitem.Q6.formatted("lineitem_ours")).queryExecution().executedPlan().toString();
    assertThat(plan).contains("ParquetArrowScan").contains("PushedFilters: [")
        .contains("l_shipdate >= ").contains("l_quantity < ").contains("ReaderFilter: ");
    String readSchema = plan.substring(plan.indexOf("ReadSchema: "));
    assertThat(readSchema).contains("l_extendedprice").doesNotContain("l_comment");
  }
}
