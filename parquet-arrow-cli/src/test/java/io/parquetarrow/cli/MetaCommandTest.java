package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetaCommandTest {

  /** The keys every column object has, in this order (the README documents them). */
  static final List<String> COLUMN_KEYS = List.of(
      "path", "physical_type", "type_length", "logical_type", "metadata_encrypted", "codec", "encodings",
      "num_values", "total_compressed_size", "total_uncompressed_size", "data_page_offset",
      "dictionary_page_offset", "column_index_offset", "column_index_length", "offset_index_offset",
      "offset_index_length", "bloom_filter_offset", "bloom_filter_length", "statistics");

  static final List<String> STATISTICS_KEYS = List.of(
      "null_count", "distinct_count", "min", "max", "min_exact", "max_exact", "bounds_from_deprecated_fields");

  @Test
  void printsReadableTextForSample() {
    Path sample = TestFiles.sampleFile();
    CommandRunner.Result result = CommandRunner.run("meta", sample.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stderr()).as("stderr").isEmpty();
    String text = result.stdout();
    assertThat(text).as(result.describe()).contains(
        "rows:               1000",
        "created by:         DuckDB",
        "row group 0: 1000 rows",
        "  column id: INT64 INTEGER(64,true)",
        "    codec:            ZSTD",
        "statistics:       min \"item-0\", max \"item-9\", nulls 0, distinct 37",
        "  column price: INT64 DECIMAL(10,2)",
        "statistics:       min 0.00, max 999.45",
        "statistics:       min 2024-01-01, max 2024-12-31",
        "statistics:       min 0, max 999, nulls 100",
        "  column updated_at: INT64 TIMESTAMP(MICROS,false)",
        "min 2024-01-01T00:00:00.000000, max ",
        "statistics:       min false, max true",
        "bloom filter:     offset ");
  }

  @Test
  @SuppressWarnings("unchecked")
  void printsJsonWithFooterRowCountAndTypedStatistics() throws Exception {
    Path sample = TestFiles.sampleFile();
    CommandRunner.Result result = CommandRunner.run("meta", "--json", sample.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    Map<String, Object> document = JsonTestParser.parseObject(result.stdout());
    ParquetMetadata footer;
    try (ParquetFile file = ParquetFile.open(sample)) {
      footer = file.metadata();
    }
    assertThat(document.keySet()).as("top-level keys").containsExactly(
        "file", "num_rows", "created_by", "format_version", "key_value_metadata", "row_groups",
        "encryption");
    assertThat(document.get("file")).as("file").isEqualTo(sample.toString());
    assertThat(document.get("num_rows")).as("num_rows").isEqualTo(BigDecimal.valueOf(footer.rowCount()));
    List<Object> rowGroups = (List<Object>) document.get("row_groups");
    assertThat(rowGroups).as("row groups").hasSize(footer.rowGroups().size());
    long rowsInGroups = 0;
    for (Object rowGroupObject : rowGroups) {
      Map<String, Object> rowGroup = (Map<String, Object>) rowGroupObject;
      rowsInGroups += ((BigDecimal) rowGroup.get("num_rows")).longValueExact();
      List<Object> columns = (List<Object>) rowGroup.get("columns");
      assertThat(columns).as("columns").hasSize(footer.schema().columnCount());
      for (Object columnObject : columns) {
        Map<String, Object> column = (Map<String, Object>) columnObject;
        assertThat(column.keySet()).as("column keys").containsExactlyElementsOf(COLUMN_KEYS);
        assertThat(column.get("codec")).as("codec").isEqualTo("ZSTD");
        assertThat(((Map<String, Object>) column.get("statistics")).keySet()).as("statistics keys")
            .containsExactlyElementsOf(STATISTICS_KEYS);
      }
    }
    assertThat(rowsInGroups).as("row group rows add up").isEqualTo(footer.rowCount());

    Map<String, Map<String, Object>> byPath = columnsByPath((Map<String, Object>) rowGroups.get(0));
    Map<String, Object> price = (Map<String, Object>) byPath.get("price").get("statistics");
    assertThat(price.get("min")).as("decimal min is a number").isEqualTo(new BigDecimal("0.00"));
    assertThat(price.get("max")).as("decimal max").isEqualTo(new BigDecimal("999.45"));
    Map<String, Object> name = (Map<String, Object>) byPath.get("name").get("statistics");
    assertThat(name.get("min")).as("string min").isEqualTo("item-0");
    assertThat(name.get("distinct_count")).as("distinct count").isEqualTo(new BigDecimal(37));
    Map<String, Object> quantity = (Map<String, Object>) byPath.get("quantity").get("statistics");
    assertThat(quantity.get("null_count")).as("null count").isEqualTo(new BigDecimal(100));
    Map<String, Object> date = (Map<String, Object>) byPath.get("ship_date").get("statistics");
    assertThat(date.get("min")).as("date").isEqualTo("2024-01-01");
    Map<String, Object> flag = (Map<String, Object>) byPath.get("flag").get("statistics");
    assertThat(flag.get("max")).as("boolean").isEqualTo(Boolean.TRUE);
    assertThat(byPath.get("id").get("logical_type")).as("logical type text").isEqualTo("INTEGER(64,true)");
    assertThat(byPath.get("score").get("logical_type")).as("no logical type").isNull();
    assertThat(byPath.get("id").get("dictionary_page_offset")).as("absent offset").isNull();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> columnsByPath(Map<String, Object> rowGroup) {
    Map<String, Map<String, Object>> result = new java.util.LinkedHashMap<>();
    for (Object column : (List<Object>) rowGroup.get("columns")) {
      Map<String, Object> map = (Map<String, Object>) column;
      result.put((String) map.get("path"), map);
    }
    return result;
  }
}
