package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.read.CorpusFilterCases.Case;
import io.parquetarrow.core.testing.PyArrowEnvironment;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered reads against pyarrow 25 (Arrow C++): over the parquet-testing files of {@link CorpusFilterCases}
 * (filters made from each file's own values) and over the {@link FilterTable} files, the rows we return must be the
 * rows {@code filter_oracle.py} reports: the row
 * numbers Arrow's expression selects from the whole table. The script also counts what
 * {@code pq.read_table(path, filters=…)} returns with its own pruning; where that differs from the filtered table
 * it is pyarrow disagreeing with itself, printed and not failed on: pyarrow 25 prunes the row group of
 * {@code nan_in_stats.parquet} (x = 1.0 and NaN; min 1.0, max NaN) for {@code NOT x >= 1.0}, whose NaN row matches
 * under IEEE comparison, which both Arrow's own exact filter and we follow.
 *
 * <p>pyarrow runs from the virtual environment under {@code target/pyenv} that the encryption interop test also
 * uses ({@code pip install pyarrow==25.0.1} from the machine's package index). Skipped only when there is no
 * {@code python3}. Files pyarrow does not read are listed and skipped.
 */
class PyArrowFilterOracleTest {
  private static final int GENERATED_FILTERS = 40;

  @TempDir Path temporary;

  @Test
  void corpusFiltersSelectWhatPyArrowSelects() throws Exception {
    Path python = PyArrowEnvironment.python();
    List<Case> cases = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (Path file : CorpusFiles.parquetFiles(CorpusFiles.dataDirectory())) {
        Case found = CorpusFilterCases.of(file, allocator, skipped);
        if (found != null) {
          cases.add(found);
        }
      }
      assertThat(cases).as("corpus files with filterable columns").hasSizeGreaterThan(10);
      Map<String, String> answers = ask(python, cases);
      int compared = 0;
      List<String> pushdownDisagreements = new ArrayList<>();
      int partial = 0;
      for (int f = 0; f < cases.size(); f++) {
        Case current = cases.get(f);
        String unreadable = answers.get(f + " -1");
        if (unreadable != null) {
          skipped.add(current.file().getFileName() + ": pyarrow " + unreadable);
          continue;
        }
        for (int i = 0; i < current.filters().size(); i++) {
          Filter filter = current.filters().get(i);
          String answer = answers.get(f + " " + i);
          assertThat(answer).as("pyarrow's answer for %s: %s", current.file().getFileName(), filter).isNotNull()
              .doesNotStartWith("ERROR");
          String[] parts = answer.split(" ", 2);
          List<Integer> selected = rowNumbers(parts);
          if (Integer.parseInt(parts[0]) != selected.size()) {
            pushdownDisagreements.add(current.file().getFileName() + ": " + filter + " (" + parts[0] + " rows, not "
                + selected.size() + ")");
          }
          FilterOracles.check(current.file(), allocator, current.rows(), filter, selected, "pyarrow");
          compared++;
          partial += selected.isEmpty() || selected.size() == current.rows().size() ? 0 : 1;
        }
      }
      System.out.printf("pyarrow filter oracle: %d filters over %d files compared (%d select some rows but not"
          + " all); skipped: %s; pq.read_table(filters=...) unlike the filtered table: %s%n", compared,
          cases.size(), partial, skipped, pushdownDisagreements);
      assertThat(partial).as("filters that select some rows but not all").isGreaterThan(compared / 4);
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }

  /**
   * The {@link FilterTable} files, written by DuckDB, by us and by Arrow C++, under random filters on every column
   * (the struct's field by its path): pyarrow compares NaN as IEEE does, so here the double column goes to the
   * oracle as it is.
   */
  @Test
  void generatedFilesSelectWhatPyArrowSelects() throws Exception {
    Path python = PyArrowEnvironment.python();
    try (BufferAllocator allocator = TestAllocators.root()) {
      FilterTable.write(temporary, allocator);
      List<Case> cases = new ArrayList<>();
      for (String writer : FilterTable.WRITERS) {
        Path file = temporary.resolve(writer + ".parquet");
        Random random = new Random(writer.hashCode() * 31L);
        List<Filter> filters = new ArrayList<>();
        for (int i = 0; i < GENERATED_FILTERS; i++) {
          filters.add(FilterOracles.randomFilter(random, FilterTable.COLUMNS, 2));
        }
        cases.add(new Case(file, FilterOracles.read(file, allocator, ReadOptions.defaults()).rows(), filters,
            Set.of("ratio")));
      }
      Map<String, String> answers = ask(python, cases);
      for (int f = 0; f < cases.size(); f++) {
        Case current = cases.get(f);
        for (int i = 0; i < current.filters().size(); i++) {
          String answer = answers.get(f + " " + i);
          assertThat(answer).as("pyarrow's answer for %s: %s", current.file().getFileName(),
              current.filters().get(i)).isNotNull().doesNotStartWith("ERROR");
          List<Integer> selected = rowNumbers(answer.split(" ", 2));
          assertThat(Integer.parseInt(answer.split(" ", 2)[0])).as("pq.read_table(%s, filters=%s)",
              current.file().getFileName(), current.filters().get(i)).isEqualTo(selected.size());
          FilterOracles.check(current.file(), allocator, current.rows(), current.filters().get(i), selected,
              "pyarrow");
        }
      }
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }

  private static List<Integer> rowNumbers(String[] parts) {
    List<Integer> selected = new ArrayList<>();
    if (parts.length > 1 && !parts[1].isEmpty()) {
      for (String row : parts[1].split(",")) {
        selected.add(Integer.parseInt(row));
      }
    }
    return selected;
  }

  /** Runs the script once for every case; its lines keyed by "file filter". */
  private Map<String, String> ask(Path python, List<Case> cases) throws IOException, InterruptedException {
    StringBuilder json = new StringBuilder("[");
    for (Case current : cases) {
      json.append(json.length() > 1 ? ",\n" : "").append("{\"path\": ")
          .append(PyArrowFilters.string(current.file().toAbsolutePath().toString())).append(", \"filters\": [");
      for (int i = 0; i < current.filters().size(); i++) {
        json.append(i > 0 ? ", " : "").append(PyArrowFilters.json(current.filters().get(i)));
      }
      json.append("]}");
    }
    Path requests = temporary.resolve("requests.json");
    Files.writeString(requests, json.append("]\n"), StandardCharsets.UTF_8);
    Path output = temporary.resolve("answers.txt");
    Process process = new ProcessBuilder(python.toString(), script().toString(), requests.toString())
        .redirectErrorStream(true).redirectOutput(output.toFile()).start();
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("filter_oracle.py finished").isTrue();
    String text = Files.readString(output, StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as("filter_oracle.py: %s", text).isZero();
    Map<String, String> answers = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] parts = line.split(" ", 3);
      if (parts.length == 3) {
        answers.put(parts[0] + " " + parts[1], parts[2]);
      }
    }
    return answers;
  }

  private static Path script() {
    try {
      return Path.of(PyArrowFilterOracleTest.class.getResource("/pyarrow/filter_oracle.py").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
