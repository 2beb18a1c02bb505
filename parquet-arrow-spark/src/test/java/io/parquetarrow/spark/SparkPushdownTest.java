package io.parquetarrow.spark;

import static io.parquetarrow.spark.SparkTestSupport.assertNoArrowMemoryHeld;
import static io.parquetarrow.spark.SparkTestSupport.canonicalRows;
import static io.parquetarrow.spark.SparkTestSupport.spark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Predicates pushed into the reader: each one's results equal Spark's built-in reader with Parquet filter pushdown
 * off; exact ones leave no {@code Filter} above the scan, inexact or untranslatable ones do; the scan's description
 * names what was pushed. Also: nested struct fields are pruned from the read schema, and a column Spark cannot hold
 * fails with its name while the file's other columns stay readable.
 */
class SparkPushdownTest {
  private static final Pattern FILTER_NODE = Pattern.compile("(?m)^[\\s+\\-:*()0-9]*Filter ");

  @TempDir
  static Path directory;

  @BeforeAll
  static void writeTable() {
    spark().range(0, 3000, 1, 2).selectExpr(
            "id",
            "case when id % 10 = 0 then null else concat('a', id % 50) end as s",
            "date_add(date'2020-01-01', cast(id % 40 as int)) as d",
            "named_struct('x', id, 'y', concat('y', id)) as st",
            "id / 1000.0d as f",
            "cast(id % 100 as decimal(10, 2)) as dec")
        .coalesce(1)
        .write().format("parquet-arrow").mode("overwrite").option("batchRows", "500")
        .save(directory.resolve("t").toString());
  }

  @AfterEach
  void noMemoryHeld() {
    assertNoArrowMemoryHeld();
  }

  private static Dataset<Row> ours() {
    return spark().read().format("parquet-arrow").load(directory.resolve("t").toString());
  }

  private static List<String> builtIn(String condition) {
    SparkSession spark = spark();
    spark.conf().set("spark.sql.parquet.filterPushdown", "false");
    try {
      return canonicalRows(spark.read().parquet(directory.resolve("t").toString()).filter(condition));
    } finally {
      spark.conf().unset("spark.sql.parquet.filterPushdown");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "id = 5", "id <=> 7", "7 > id", "s in ('a1', 'a3')", "s is null", "s is not null and id > 2990",
      "not (id < 2990)", "id < 10 or id > 2990", "st.x >= 2995", "d = date'2020-01-10' and id < 100",
      "s = 'a1' or s is null", "dec between 98 and 99 and id < 500", "s like 'a4%' and id < 200"})
  void exactPredicatesNeedNoFilterAfterTheScan(String condition) {
    Dataset<Row> filtered = ours().filter(condition);
    assertThat(canonicalRows(filtered)).as(condition).isEqualTo(builtIn(condition));
    String plan = filtered.queryExecution().executedPlan().toString();
    assertThat(plan).as(condition).contains("PushedFilters: [").contains("ReaderFilter: ");
    if (!condition.contains("like")) {
      assertThat(FILTER_NODE.matcher(plan).find()).as("no Filter above the scan for %s:%n%s", condition, plan)
          .isFalse();
    }
  }

  @Test
  void floatingPointPredicatesStayWithSpark() {
    String condition = "f > 2.5";
    Dataset<Row> filtered = ours().filter(condition);
    assertThat(canonicalRows(filtered)).isEqualTo(builtIn(condition));
    assertThat(FILTER_NODE.matcher(filtered.queryExecution().executedPlan().toString()).find()).isTrue();
  }

  @Test
  void aColumnSomeFilesLackReadsAsNullsAndItsPredicatesStayWithSpark() {
    String out = directory.resolve("evolved").toString();
    spark().range(0, 10).selectExpr("id").write().format("parquet-arrow").mode("append").save(out);
    spark().range(10, 20).selectExpr("id", "concat('x', id % 3) as extra").write().format("parquet-arrow")
        .mode("append").save(out);
    String schema = "id bigint, extra string";
    for (String condition : new String[] {"extra = 'x1'", "extra is null", "id > 5 and extra is not null"}) {
      Dataset<Row> ours = spark().read().format("parquet-arrow").schema(schema).load(out).filter(condition);
      Dataset<Row> builtIn = spark().read().schema(schema).parquet(out).filter(condition);
      assertThat(canonicalRows(ours)).as(condition).isEqualTo(canonicalRows(builtIn)).isNotEmpty();
    }
  }

  @Test
  void prunesNestedFields() {
    Dataset<Row> projected = ours().select("st.x").filter("st.x < 5");
    String plan = projected.queryExecution().executedPlan().toString();
    assertThat(plan).contains("ReadSchema: struct<st:struct<x:bigint>>");
    assertThat(canonicalRows(projected)).containsExactly("{0}", "{1}", "{2}", "{3}", "{4}");
  }

  @Test
  void namesAColumnSparkCannotHold() throws Exception {
    Path file = directory.resolve("time-of-day.parquet");
    Schema schema = new Schema(List.of(
        Field.nullable("ok", new ArrowType.Int(32, true)),
        Field.nullable("time_of_day", new ArrowType.Time(TimeUnit.MICROSECOND, 64))));
    try (BufferAllocator allocator = TestAllocators.root();
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
         ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
      IntVector ok = (IntVector) root.getVector("ok");
      TimeMicroVector time = (TimeMicroVector) root.getVector("time_of_day");
      for (int i = 0; i < 3; i++) {
        ok.setSafe(i, i);
        time.setSafe(i, i * 1_000_000L);
      }
      root.setRowCount(3);
      writer.write(root);
    }
    assertThatThrownBy(() -> spark().read().format("parquet-arrow").load(file.toString()).schema())
        .hasMessageContaining("time_of_day").hasMessageContaining("cannot be read into Spark");
    Dataset<Row> other = spark().read().format("parquet-arrow").schema("ok int").load(file.toString());
    assertThat(canonicalRows(other)).containsExactly("{0}", "{1}", "{2}");
    assertThatThrownBy(() -> spark().read().format("parquet-arrow").schema("ok int, time_of_day bigint")
        .load(file.toString()).collectAsList()).hasMessageContaining("time_of_day");
  }
}
