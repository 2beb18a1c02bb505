package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.read.FilterOracles.FilterColumn;
import io.parquetarrow.core.testing.ArrowCppWriter;
import io.parquetarrow.core.testing.DuckDbWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filtered reads against DuckDB's {@code WHERE}: one table of {@value #ROWS} rows (sorted and scattered integers,
 * doubles with NaN and nulls, a decimal, UTF-8 strings beyond ASCII, dates, timestamps, booleans and a struct's
 * field) written by DuckDB (data page V1 and V2, row groups of 3,000 rows), by our writer (row groups, pages, page
 * index, bloom filters) and by Arrow C++; for random filter trees, the rows we return must be the rows DuckDB selects
 * with {@code SELECT file_row_number FROM read_parquet(?, file_row_number = true) WHERE …}.
 *
 * <p>The WHERE clause is each leaf's {@code toString()}, joined with parenthesized AND, OR and NOT. One semantic
 * difference is bridged: DuckDB orders NaN above every number and equal to itself, while our comparisons follow
 * IEEE (false on NaN, {@code !=} true); a leaf on the double column {@code ratio} is sent as
 * {@code (NOT isnan(ratio) AND leaf)}, or {@code (isnan(ratio) OR leaf)} for {@code !=}, which keeps nulls unknown.
 */
class DuckDbFilterOracleTest {
  private static final int ROWS = 20_000;
  private static final int FILTERS = 60;
  private static final String[] NAMES = {"apple", "banana", "cherry", "date", "élan", "zebra", "€uro", "😀", "b"};
  private static final Set<String> FLOATING = Set.of("ratio");
  private static final LocalDateTime EPOCH = LocalDateTime.of(2021, 3, 1, 0, 0);
  private static final String TABLE = """
      SELECT i AS id,
        CASE WHEN i % 11 = 0 THEN NULL ELSE ((i * 7919) % 1000 - 500)::INTEGER END AS small,
        CASE WHEN i % 13 = 0 THEN NULL WHEN i % 17 = 0 THEN 'nan'::DOUBLE
          ELSE ((i * 37) % 1024) / 64.0 - 8 END::DOUBLE AS ratio,
        CASE WHEN i % 9 = 0 THEN NULL ELSE
          ['apple', 'banana', 'cherry', 'date', 'élan', 'zebra', '€uro', '😀'][(i // 700 + i * 3) % 8 + 1]
          END AS name,
        DATE '2020-01-01' + (i // 50)::INTEGER AS day,
        CASE WHEN i % 6 = 0 THEN NULL ELSE (((i * 104729) % 100000) / 100)::DECIMAL(9, 2) END AS price,
        CASE WHEN i % 5 = 0 THEN NULL ELSE (i * 3) % 7 < 3 END AS flag,
        TIMESTAMP '2021-03-01 00:00:00' + to_seconds(i * 37) AS ts,
        CASE WHEN i % 7 = 0 THEN NULL ELSE
          {'zip': CASE WHEN i % 4 = 0 THEN NULL ELSE (10000 + (i * 13) % 100)::INTEGER END} END AS address
      FROM range(ROWS) t(i)""".replace("ROWS", Integer.toString(ROWS));
  private static final List<FilterColumn> COLUMNS = List.of(
      new FilterColumn("id", random -> (long) random.nextInt(ROWS + 100) - 50, true),
      new FilterColumn("small", random -> random.nextInt(4) == 0
          ? new BigDecimal(random.nextInt(11_000) - 5_500).movePointLeft(1) : random.nextInt(1_100) - 550, true),
      new FilterColumn("ratio", random -> random.nextBoolean() ? (random.nextInt(1_100) - 30) / 64.0 - 8
          : new BigDecimal(random.nextInt(200) - 100).movePointLeft(1), true),
      new FilterColumn("name", random -> random.nextInt(6) == 0 ? "zzz" : NAMES[random.nextInt(NAMES.length)],
          true),
      new FilterColumn("day", random -> LocalDate.of(2020, 1, 1).plusDays(random.nextInt(420) - 10), true),
      new FilterColumn("price", random -> BigDecimal.valueOf(random.nextInt(100_000), random.nextInt(4)), true),
      new FilterColumn("flag", Random::nextBoolean, false),
      new FilterColumn("ts", random -> EPOCH.plusSeconds(random.nextInt(ROWS * 37 + 2_000) - 1_000), true),
      new FilterColumn("address.zip", random -> 10_000 + random.nextInt(110) - 5, true));

  @TempDir static Path directory;
  private static BufferAllocator allocator;

  @BeforeAll
  static void writeFiles() throws Exception {
    allocator = new RootAllocator();
    DuckDbWriter.write(TABLE, directory.resolve("duckdb-v1.parquet"), DuckDbWriter.Options.defaults().rowGroupSize(3_000));
    DuckDbWriter.write(TABLE, directory.resolve("duckdb-v2.parquet"),
        DuckDbWriter.Options.defaults().rowGroupSize(3_000).parquetVersion("V2").compression("zstd"));
    // One row group, so that one batch holds the table for the other two writers.
    Path source = directory.resolve("source.parquet");
    DuckDbWriter.write(TABLE, source, DuckDbWriter.Options.defaults());
    try (ParquetArrowReader reader = ParquetArrowReader.open(source, allocator,
        ReadOptions.builder().batchRows(ROWS).build())) {
      assertThat(reader.loadNextBatch()).isTrue();
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertThat(root.getRowCount()).isEqualTo(ROWS);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(directory.resolve("ours.parquet"),
          root.getSchema(), WriteOptions.builder().rowGroupRowLimit(4_000).pageRowLimit(500)
              .bloomFilter("name", 16, 0.01).bloomFilter("small", 1_000, 0.01).build())) {
        writer.write(root);
      }
      ArrowCppWriter.write(allocator, directory.resolve("arrow-cpp.parquet"), root);
    }
  }

  @AfterAll
  static void close() {
    assertThat(allocator.getAllocatedMemory()).isZero();
    allocator.close();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"duckdb-v1", "duckdb-v2", "ours", "arrow-cpp"})
  void randomFiltersSelectWhatDuckDbSelects(String writer) throws Exception {
    Path file = directory.resolve(writer + ".parquet");
    List<List<Object>> all = FilterOracles.read(file, allocator, ReadOptions.defaults()).rows();
    assertThat(all).hasSize(ROWS);
    Random random = new Random(writer.hashCode());
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET threads = 1");
      }
      int partial = 0;
      for (int round = 0; round < FILTERS; round++) {
        Filter filter = FilterOracles.randomFilter(random, COLUMNS, 2);
        List<Integer> selected = select(connection, file, filter);
        FilterOracles.check(file, allocator, all, filter, selected, "DuckDB");
        partial += selected.isEmpty() || selected.size() == ROWS ? 0 : 1;
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
