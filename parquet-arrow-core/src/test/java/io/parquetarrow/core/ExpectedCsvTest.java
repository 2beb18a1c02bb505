package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code data/*_expect.csv} in the corpus against our read of the Parquet file it describes: same column
 * count, same row count, and every value equal to its CSV text. Columns are matched by position (a header in the
 * corpus has a stray leading space). An unquoted empty field is null; a quoted one is the empty string; integers
 * compare by their decimal text.
 */
class ExpectedCsvTest {

  static List<Path> expectationFiles() throws IOException {
    try (Stream<Path> files = Files.list(Corpus.assumeCorpus())) {
      return files.filter(path -> path.getFileName().toString().endsWith("_expect.csv")).sorted().toList();
    }
  }

  @ParameterizedTest
  @MethodSource("expectationFiles")
  void parquetFileMatchesItsCsv(Path csv) throws IOException {
    String csvName = csv.getFileName().toString();
    Path parquet = csv.resolveSibling(csvName.replace("_expect.csv", ".parquet"));
    assertThat(parquet).as("Parquet file described by %s", csvName).isRegularFile();
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    List<List<String>> expected = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      if (!line.isEmpty()) {
        expected.add(parseLine(line));
      }
    }
    int columns = parseLine(lines.get(0)).size();
    ReaderTestSupport.Table table = ReaderTestSupport.read(parquet, ReadOptions.defaults());
    assertThat(table.schema().getFields()).as("columns of %s", parquet.getFileName()).hasSize(columns);
    assertThat(table.rows()).as("rows of %s", parquet.getFileName()).hasSize(expected.size());
    for (int row = 0; row < expected.size(); row++) {
      for (int column = 0; column < columns; column++) {
        Object actual = table.rows().get(row).get(column);
        String want = expected.get(row).get(column);
        assertThat(actual == null ? null : actual.toString())
            .as("%s row %d column %s", parquet.getFileName(), row,
                table.schema().getFields().get(column).getName())
            .isEqualTo(want);
      }
    }
  }

  /** Splits one CSV line; returns null for an unquoted empty field. */
  static List<String> parseLine(String line) {
    List<String> fields = new ArrayList<>();
    int position = 0;
    while (true) {
      if (position < line.length() && line.charAt(position) == '"') {
        StringBuilder value = new StringBuilder();
        position++;
        while (true) {
          char c = line.charAt(position++);
          if (c == '"') {
            if (position < line.length() && line.charAt(position) == '"') {
              value.append('"');
              position++;
            } else {
              break;
            }
          } else {
            value.append(c);
          }
        }
        fields.add(value.toString());
      } else {
        int comma = line.indexOf(',', position);
        int end = comma < 0 ? line.length() : comma;
        fields.add(end == position ? null : line.substring(position, end));
        position = end;
      }
      if (position >= line.length()) {
        return fields;
      }
      position++; // the comma
      if (position == line.length()) {
        fields.add(null);
        return fields;
      }
    }
  }
}
