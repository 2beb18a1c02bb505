package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.filter.Filter;
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
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filtered reads against DuckDB's {@code WHERE}: over the {@link FilterTable} files (written by DuckDB, by us and by
 * Arrow C++), for {@value #FILTERS} random filter trees per file, the rows we return must be the rows DuckDB selects
 * with {@code SELECT file_row_number FROM read_parquet(?, file_row_number = true) WHERE …}.
 *
 * <p>The WHERE clause is each leaf's {@code toString()}, joined with parenthesized AND, OR and NOT. One semantic
 * difference is bridged: DuckDB orders NaN above every number and equal to itself, while our comparisons follow
 * IEEE (false on NaN, {@code !=} true); a leaf on the double column {@code ratio} is sent as
 * {@code (NOT isnan(ratio) AND leaf)}, or {@code (isnan(ratio) OR leaf)} for {@code !=}, which keeps nulls unknown.
 */
class DuckDbFilterOracleTest {
  private static final int FILTERS = 60;
  private static final Set<String> FLOATING = Set.of("ratio");

  @TempDir static Path directory;
  private static BufferAllocator allocator;

  @BeforeAll
  static void writeFiles() throws Exception {
    allocator = new RootAllocator();
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
        List<Integer> selected = select(connection, file, filter);
        FilterOracles.check(file, allocator, all, filter, selected, "DuckDB");
        partial += selected.isEmpty() || selected.size() == FilterTable.ROWS ? 0 : 1;
      }
      assertThat(partial).as("filters that select some rows but not all").isGreaterThan(FILTERS / 3);
    }
  }

  private static List<Integer> select(Connection connection, Path file, Filter filter) throws SQLException {
    String sql = "SELECT file_row_number FROM read_parquet(?, file_row_number = true) WHERE " + where(filter)
        + " ORDER BY file_row_number";
    List<Integer> rows = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, file.toAbsolutePath().toString());
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
  static String where(Filter filter) {
    if (filter instanceof Filter.And and) {
      return and.operands().stream().map(DuckDbFilterOracleTest::where)
          .collect(Collectors.joining(" AND ", "(", ")"));
    }
    if (filter instanceof Filter.Or or) {
      return or.operands().stream().map(DuckDbFilterOracleTest::where)
          .collect(Collectors.joining(" OR ", "(", ")"));
    }
    if (filter instanceof Filter.Not not) {
      return "(NOT " + where(not.operand()) + ")";
    }
    String column = filter.columns().iterator().next();
    if (!FLOATING.contains(column) || filter instanceof Filter.IsNull) {
      return "(" + filter + ")";
    }
    if (filter instanceof Filter.Comparison comparison && comparison.operator() == Filter.Operator.NE) {
      return "(isnan(" + column + ") OR " + filter + ")";
    }
    return "(NOT isnan(" + column + ") AND " + filter + ")";
  }
}
