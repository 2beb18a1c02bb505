package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file in the corpus's {@code bad_data/} has an expectation here: rejected with an exception of our family
 * whose message names the file and the problem, or — where the file is in fact readable and Arrow C++ agrees —
 * read with the stated row count. A {@code bad_data} file without an expectation fails the build.
 */
class BadDataTest {

  /** What reading a bad file must do: throw {@code type} with a message containing every fragment, or read. */
  record Expectation(Class<? extends ParquetException> type, List<String> fragments, long rows, String why) {
    static Expectation rejected(Class<? extends ParquetException> type, String why, String... fragments) {
      return new Expectation(type, List.of(fragments), -1, why);
    }

    static Expectation reads(long rows, String why) {
      return new Expectation(null, List.of(), rows, why);
    }
  }

  static final Map<String, Expectation> EXPECTATIONS = Map.of(
      "ARROW-GH-41317.parquet", Expectation.rejected(ParquetCorruptionException.class,
          "the footer's ColumnMetaData.encodings list is written with I16 elements (the file's columns also"
              + " disagree in length, which is where Arrow C++ fails)",
          "ColumnMetaData", "list element type"),
      "ARROW-GH-43605.parquet", Expectation.reads(21_186,
          "dictionary indices with RLE bit width 0 are valid (every index is 0) and Arrow C++ reads the same"
              + " values; the file reproduced a crash, it is not corrupt"),
      "ARROW-GH-45185.parquet", Expectation.rejected(ParquetCorruptionException.class,
          "repetition levels start with 1: a column chunk must begin with a record (Arrow C++ refuses it too:"
              + " 'The repetition level at the start of a record must be 0 but got 1')",
          "row group 0", "column x.list.element", "begins with repetition level 1"),
      "ARROW-GH-47662.parquet", Expectation.rejected(ParquetCorruptionException.class,
          "a REQUIRED column whose pages hold fewer values than levels (nulls in a required column)",
          "row group 0", "column flba_field", "page at offset", "100 values of 4 bytes need 400 bytes"),
      "ARROW-RS-GH-6229-DICTHEADER.parquet", Expectation.rejected(ParquetCorruptionException.class,
          "the column chunk's sizes in the footer run past the footer (a negative dictionary page num_values"
              + " in the original report)",
          "column chunk spans bytes"),
      "PARQUET-1481.parquet", Expectation.rejected(ParquetCorruptionException.class,
          "a schema element's physical type is corrupt (-7)",
          "SchemaElement", "not a known Type"));

  static List<String> badFiles() {
    return CorpusFiles.parquetFiles(CorpusFiles.badDataDirectory()).stream()
        .map(path -> path.getFileName().toString())
        .toList();
  }

  @Test
  void everyBadFileHasAnExpectation() {
    TreeSet<String> missing = new TreeSet<>(badFiles());
    missing.removeAll(EXPECTATIONS.keySet());
    assertThat(missing).as("bad_data files without an expectation in BadDataTest.EXPECTATIONS").isEmpty();
    TreeSet<String> stale = new TreeSet<>(EXPECTATIONS.keySet());
    stale.removeAll(badFiles());
    assertThat(stale).as("expectations for files no longer in bad_data").isEmpty();
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void badFileIsRejectedOrReadAsExpected(String name) throws Exception {
    Expectation expectation = EXPECTATIONS.get(name);
    assertThat(expectation).as("expectation for %s", name).isNotNull();
    Path file = CorpusFiles.badDataDirectory().resolve(name);
    if (expectation.type() == null) {
      ReaderTestSupport.Table table = ReaderTestSupport.read(file, ReadOptions.defaults());
      assertThat((long) table.rows().size()).as("%s (%s)", name, expectation.why()).isEqualTo(expectation.rows());
      return;
    }
    var thrown = assertThatThrownBy(() -> ReaderTestSupport.read(file, ReadOptions.defaults()))
        .as("%s must be rejected: %s", name, expectation.why())
        .isInstanceOf(expectation.type())
        .hasMessageContaining(name);
    for (String fragment : expectation.fragments()) {
      thrown.hasMessageContaining(fragment);
    }
  }

  @Test
  void expectationsExplainThemselves() {
    assertThat(EXPECTATIONS.values().stream().filter(e -> e.why().isBlank()).collect(Collectors.toList()))
        .as("every expectation states why").isEmpty();
  }
}
