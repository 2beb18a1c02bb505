package io.parquetarrow.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowWriterTest {

  @Test
  void csvQuotesOnlyWhenNeededAndTellsEmptyFromNull() {
    StringWriter text = new StringWriter();
    RowWriter.Csv csv = new RowWriter.Csv(new PrintWriter(text));
    csv.start(List.of("a", "b,c"));
    csv.row(List.of(new DisplayValue.Text("plain"), new DisplayValue.Text("has \"quotes\", comma")));
    csv.row(List.of(new DisplayValue.Text(""), new DisplayValue.Null()));
    csv.row(List.of(new DisplayValue.Text("line\nbreak"), new DisplayValue.Number("-1.5")));
    csv.finish(3, 3);
    assertThat(text.toString()).as("csv").isEqualTo(
        "a,\"b,c\"\r\n"
            + "plain,\"has \"\"quotes\"\", comma\"\r\n"
            + "\"\",\r\n"
            + "\"line\nbreak\",-1.5\r\n");
  }

  @Test
  void tableAlignsCutsAndEscapes() {
    StringWriter text = new StringWriter();
    RowWriter.Table table = new RowWriter.Table(new PrintWriter(text));
    table.start(List.of("n", "s"));
    table.row(List.of(new DisplayValue.Number("5"), new DisplayValue.Text("tab\there")));
    table.row(List.of(new DisplayValue.Number("-123"), new DisplayValue.Text("x".repeat(60))));
    table.row(List.of(new DisplayValue.Null(), new DisplayValue.Text("")));
    table.finish(3, 10);
    String[] lines = text.toString().split("\\R");
    assertThat(lines[0]).as("header").isEqualTo("n    | s");
    assertThat(lines[1]).as("rule").isEqualTo("-----+-" + "-".repeat(RowWriter.Table.MAX_CELL_WIDTH));
    assertThat(lines[2]).as("numbers right-aligned, tab escaped").isEqualTo("   5 | tab\\there");
    assertThat(lines[3]).as("long value cut").isEqualTo("-123 | " + "x".repeat(39) + "…");
    assertThat(lines[4]).as("null, right-aligned in a number column").isEqualTo("null |");
    assertThat(lines[5]).as("footer").isEqualTo("(3 of 10 rows)");
  }

  @Test
  void jsonLinesNestValues() {
    StringWriter text = new StringWriter();
    RowWriter.JsonLines json = new RowWriter.JsonLines(new PrintWriter(text));
    json.start(List.of("s", "m"));
    DisplayValue struct = new DisplayValue.StructValue(List.of(
        entry("a", new DisplayValue.Number("1")),
        entry("b", new DisplayValue.ListValue(List.of(new DisplayValue.Number("1"), new DisplayValue.Number("2"))))));
    DisplayValue map = new DisplayValue.MapValue(List.of(
        new AbstractMap.SimpleImmutableEntry<>(new DisplayValue.Text("k"), new DisplayValue.Null())));
    json.row(List.of(struct, map));
    json.finish(1, 1);
    assertThat(text.toString()).as("json line")
        .isEqualTo("{\"s\":{\"a\":1,\"b\":[1,2]},\"m\":[{\"key\":\"k\",\"value\":null}]}\n");
    assertThat(struct.toText(40)).as("nested text").isEqualTo("{a: 1, b: [1, 2]}");
    assertThat(map.toText(40)).as("map text").isEqualTo("{\"k\": null}");
  }

  private static Map.Entry<String, DisplayValue> entry(String name, DisplayValue value) {
    return new AbstractMap.SimpleImmutableEntry<>(name, value);
  }
}
