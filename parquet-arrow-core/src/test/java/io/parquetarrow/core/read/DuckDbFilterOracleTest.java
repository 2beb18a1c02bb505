package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filtered reads against DuckDB's {@code WHERE}: over the {@link FilterTable} files (written by DuckDB, by us and by
 * Arrow C++), for {@value #FILTERS} random filter trees per file, the rows we return must be the rows DuckDB selects
 * with {@code SELECT file_row_number FROM read_parquet(?, file_row_number = true) WHERE …}; the same over the
 * parquet-testing files with filters made from their values ({@link CorpusFilterCases}).
 *
 * <p>The WHERE clause is each leaf's {@code toString()} (its column quoted), joined with parenthesized AND, OR and
 * NOT. One semantic difference is bridged: DuckDB orders NaN above every number and equal to itself, while our
 * comparisons follow IEEE (false on NaN, {@code !=} true); a leaf on a floating-point column ({@code ratio}) is
 * sent as {@code (NOT isnan(ratio) AND leaf)}, or {@code (isnan(ratio) OR leaf)} for {@code !=}, which keeps nulls
 * unknown. Literals are kept where both sides agree exactly: doubles that are multiples of 1/64 or short decimals,
 * decimal literals for integer and decimal columns (compared as decimals by both).
 */
class DuckDbFilterOracleTest {
  private static final int FILTERS = 40;
  private static final Set<String> FLOATING = Set.of("ratio");
  private static final String READ_PARQUET = "read_parquet(?, file_row_number = true)";

  @TempDir static Path directory;
  private static BufferAllocator allocator;

  @BeforeAll
  static void writeFiles() throws Exception {
    allocator = TestAllocators.root();
    FilterTable.write(directory, allocator);
  }

  @AfterAll
  static void close() {
    assertThat(allocator.getAllocatedMemory()).isZero();
    allocator.close();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"duckdb-v1", "duckdb-v2", "ours", "arrow-cpp"}) // FilterTable.WRITERS
  void randomFiltersSelectWhatDuckDbSelects(String writer) throws Exception {
    Path file = directory.resolve(writer + ".parquet");
    List<List<Object>> all = FilterOracles.read(file, allocator, ReadOptions.defaults()).rows();
    assertThat(all).hasSize(FilterTable.ROWS);
    Random random = new Random(writer.hashCode());
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET threads = 1");
      }
      int partial = 0;
      for (int round = 0; round < FILTERS; round++) {
        Filter filter = FilterOracles.randomFilter(random, FilterTable.COLUMNS, 2);
        List<Integer> selected = select(connection, READ_PARQUET, filter, FLOATING, file);
        FilterOracles.check(file, allocator, all, filter, selected, "DuckDB");
        partial += selected.isEmpty() || selected.size() == FilterTable.ROWS ? 0 : 1;
      }
      assertThat(partial).as("filters that select some rows but not all").isGreaterThan(FILTERS / 3);
    }
  }

  /**
   * The parquet-testing files of {@link CorpusFilterCases}, each under its filters; every floating-point column
   * bridged for NaN as {@code ratio} is. Files DuckDB does not read are listed and skipped. DuckDB filters a table
   * it loaded from the file: {@code read_parquet} with its own pruning trusts statistics we rightly distrust
   * (parquet-java 1.8's min 2.00 of {@code fixed_length_decimal_legacy.parquet}, whose first value is 1.00), so
   * where it answers otherwise the difference is printed, not failed on.
   */
  @Test
  void corpusFiltersSelectWhatDuckDbSelects() throws Exception {
    List<String> skipped = new ArrayList<>();
    int files = 0;
    int compared = 0;
    List<String> pushdownDisagreements = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET threads = 1");
      }
      for (Path file : CorpusFiles.parquetFiles(CorpusFiles.dataDirectory())) {
        CorpusFilterCases.Case current = CorpusFilterCases.of(file, allocator, skipped);
        if (current == null) {
          continue;
        }
        try (Statement statement = connection.createStatement()) {
          // Reads every column, as a count would not.
          statement.execute("CREATE OR REPLACE TEMP TABLE probe AS SELECT * FROM read_parquet('"
              + file.toAbsolutePath().toString().replace("'", "''") + "', file_row_number = true)");
        } catch (SQLException e) {
          skipped.add(file.getFileName() + ": DuckDB does not read it (" + e.getMessage().lines().findFirst()
              .orElse("") + ")");
          continue;
        }
        files++;
        for (Filter filter : current.filters()) {
          List<Integer> selected = select(connection, "probe", filter, current.floating(), null);
          FilterOracles.check(file, allocator, current.rows(), filter, selected, "DuckDB");
          if (!select(connection, READ_PARQUET, filter, current.floating(), file).equals(selected)) {
            pushdownDisagreements.add(file.getFileName() + ": " + filter);
          }
          compared++;
        }
      }
    }
    System.out.printf("DuckDB filter oracle: %d filters over %d corpus files compared; skipped: %s; read_parquet"
        + " with pushdown unlike the table filtered: %s%n", compared, files, skipped, pushdownDisagreements);
    assertThat(files).as("corpus files compared").isGreaterThan(10);
  }

  /** The row numbers {@code source} (a table, or {@link #READ_PARQUET} of {@code file}) selects, in order. */
  private static List<Integer> select(Connection connection, String source, Filter filter, Set<String> floating,
      Path file) throws SQLException {
    String sql = "SELECT file_row_number FROM " + source + " WHERE " + where(filter, floating)
        + " ORDER BY file_row_number";
    List<Integer> rows = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      if (file != null) {
        statement.setString(1, file.toAbsolutePath().toString());
      }
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          rows.add(Math.toIntExact(result.getLong(1)));
        }
      }
    } catch (SQLException e) {
      throw new SQLException("DuckDB rejected " + sql, e);
    }
    return rows;
  }

  /** The filter as a DuckDB WHERE clause, with IEEE comparisons on the double column (see the class comment). */
  static String where(Filter filter, Set<String> floating) {
    if (filter instanceof Filter.And and) {
      return and.operands().stream().map(operand -> where(operand, floating))
          .collect(Collectors.joining(" AND ", "(", ")"));
    }
    if (filter instanceof Filter.Or or) {
      return or.operands().stream().map(operand -> where(operand, floating))
          .collect(Collectors.joining(" OR ", "(", ")"));
    }
    if (filter instanceof Filter.Not not) {
      return "(NOT " + where(not.operand(), floating) + ")";
    }
    String column = filter.columns().iterator().next();
    // SQL reserves words our grammar does not (a corpus column is called "group"): every part goes quoted.
    String quoted = "\"" + column.replace("\"", "\"\"").replace(".", "\".\"") + "\"";
    String printed = Filter.isNull(column).toString().replaceFirst(" IS NULL$", "");
    String leaf = quoted + filter.toString().substring(printed.length());
    if (!floating.contains(column) || filter instanceof Filter.IsNull) {
      return "(" + leaf + ")";
    }
    if (filter instanceof Filter.Comparison comparison && comparison.operator() == Filter.Operator.NE) {
      return "(isnan(" + quoted + ") OR " + leaf + ")";
    }
    return "(NOT isnan(" + quoted + ") AND " + leaf + ")";
  }
}
