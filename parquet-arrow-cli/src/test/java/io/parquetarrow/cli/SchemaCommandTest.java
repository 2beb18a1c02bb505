package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SchemaCommandTest {

  @Test
  void printsParquetAndArrowSchemaOfSample() {
    Path sample = TestFiles.sampleFile();
    CommandRunner.Result result = CommandRunner.run("schema", sample.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stderr()).as("stderr").isEmpty();
    assertThat(result.stdout()).as(result.describe()).isEqualTo(String.join("\n",
        "Parquet schema:",
        "message duckdb_schema {",
        "  optional int64 id (INTEGER(64,true));",
        "  optional binary name (STRING);",
        "  optional int32 quantity (INTEGER(32,true));",
        "  optional int64 price (DECIMAL(10,2));",
        "  optional int32 ship_date (DATE);",
        "  optional int64 updated_at (TIMESTAMP(MICROS,false));",
        "  optional boolean flag;",
        "  optional double score;",
        "}",
        "",
        "Arrow schema:",
        "id: Int(64, true)",
        "name: Utf8",
        "quantity: Int(32, true)",
        "price: Decimal(10, 2, 128)",
        "ship_date: Date(DAY)",
        "updated_at: Timestamp(MICROSECOND, null)",
        "flag: Bool",
        "score: FloatingPoint(DOUBLE)",
        ""));
  }

  @Test
  void indentsNestedArrowFields() {
    Path data = TestFiles.corpusDataDirectory();
    CommandRunner.Result result = CommandRunner.run("schema", data.resolve("nested_lists.snappy.parquet").toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    String arrow = result.stdout().substring(result.stdout().indexOf("Arrow schema:\n"));
    assertThat(arrow).as(result.describe()).contains("\n  ", "List");
    assertThat(result.stdout()).as(result.describe()).contains("optional group a (LIST) {", "repeated group list {");
  }
}
