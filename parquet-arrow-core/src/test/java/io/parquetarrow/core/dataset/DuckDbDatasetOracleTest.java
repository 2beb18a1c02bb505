package io.parquetarrow.core.dataset;

import static io.parquetarrow.core.dataset.DatasetTesting.duckdb;
import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Hive-partitioned directory written by DuckDB ({@code COPY ... PARTITION_BY (k, s)}), 50,000 rows of a few types
 * with nulls, the string partition's values needing escapes (a space, a slash, an equals sign, a plus and a
 * percent sign), both partitions with nulls (which DuckDB writes as {@code NULL}, hence
 * {@link DatasetOptions.Builder#nullFallback}): our dataset read
 * must return DuckDB's rows ({@code read_parquet('dir/**}{@code /*.parquet', hive_partitioning = true)}), with and
 * without filters on partition and file columns, compared row by row ordered by the key {@code id}.
 *
 * <p>One difference is expected and checked: DuckDB types the integer partition {@code k} as VARCHAR (its inference
 * gives up on integers when a directory says {@code NULL}; without nulls it says BIGINT), while we infer Int32 as
 * pyarrow does; DuckDB is told {@code hive_types = {'k': INTEGER}} for the comparisons.
 */
class DuckDbDatasetOracleTest {
  private static final int ROWS = 50_000;
  private static final String COLUMNS = "id, n, d, v, CAST(dt AS VARCHAR) AS dt, b, k, s";

  @TempDir static Path directory;
  private static final DatasetOptions OPTIONS = DatasetOptions.builder().nullFallback("NULL").build();
  private static Path table;
  private static BufferAllocator allocator;

  @BeforeAll
  static void writeTable() throws Exception {
    allocator = TestAllocators.root();
    table = directory.resolve("table");
    duckdb("COPY (SELECT i AS id,"
        + " CASE WHEN i % 11 = 0 THEN NULL ELSE (i * 7) % 1000 END::INTEGER AS n,"
        + " CASE WHEN i % 13 = 0 THEN NULL ELSE i / 8 END::DOUBLE AS d,"
        + " CASE WHEN i % 17 = 0 THEN NULL ELSE 'v' || (i % 97) END AS v,"
        + " DATE '2020-01-01' + (i % 400)::INTEGER AS dt,"
        + " i % 3 = 0 AS b,"
        + " CASE WHEN i % 29 = 0 THEN NULL ELSE i % 4 END::INTEGER AS k,"
        + " CASE WHEN i % 31 = 0 THEN NULL ELSE ['a b', 'x/y', 'k=v', 'p+q%'][1 + (i // 7) % 4] END AS s"
        + " FROM range(" + ROWS + ") t(i)) TO '" + table.toAbsolutePath() + "' (FORMAT parquet, PARTITION_BY (k, s))");
  }

  @AfterAll
  static void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).isZero();
    allocator.close();
  }

  /** DuckDB's read of the table, {@code k} typed as we infer it. */
  private static String readParquet() {
    return readParquet(", hive_types = {'k': INTEGER}");
  }

  private static String readParquet(String options) {
    return "read_parquet('" + table.toAbsolutePath() + "/**/*.parquet', hive_partitioning = true" + options + ")";
  }

  /** DuckDB's rows, ordered by id, in plain Java values. */
  private static List<List<Object>> duckDbRows(String where) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT " + COLUMNS + " FROM " + readParquet()
            + (where == null ? "" : " WHERE " + where) + " ORDER BY id")) {
      ResultSetMetaData metadata = result.getMetaData();
      while (result.next()) {
        List<Object> row = new ArrayList<>();
        for (int column = 1; column <= metadata.getColumnCount(); column++) {
          row.add(DatasetTesting.plain(result.getObject(column)));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /** Our rows, ordered by id, with the date as text as DuckDB's cast gives it. */
  private static List<List<Object>> ourRows(ParquetDataset dataset, ReadOptions options) throws Exception {
    List<List<Object>> rows;
    try (ArrowReader reader = dataset.reader(allocator, options)) {
      rows = DatasetTesting.rows(reader);
    }
    int date = dataset.schema().getFields().stream().map(Field::getName).toList().indexOf("dt");
    for (List<Object> row : rows) {
      row.set(date, row.get(date) == null ? null : row.get(date).toString());
    }
    rows.sort(Comparator.comparing(row -> (Long) row.get(0)));
    return rows;
  }

  @Test
  void escapesPartitionValuesInDirectoryNames() throws Exception {
    List<String> directories;
    try (Stream<Path> paths = java.nio.file.Files.walk(table, 2)) {
      directories = paths.filter(path -> path.getNameCount() == table.getNameCount() + 2)
          .map(path -> table.relativize(path).toString()).sorted().toList();
    }
    assertThat(directories).contains("k=0/s=a%20b", "k=1/s=x%2Fy", "k=2/s=k%3Dv", "k=3/s=p%2Bq%25", "k=NULL/s=NULL");
  }

  @Test
  void infersPartitionTypesAsPyarrowWhereDuckDbSaysVarchar() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(table, OPTIONS);
    assertThat(dataset.partitionColumns()).containsExactly("k", "s");
    assertThat(dataset.schema().findField("k").getType()).isEqualTo(new ArrowType.Int(32, true));
    assertThat(dataset.schema().findField("s").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
    Map<String, String> duckDbTypes = new HashMap<>();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("DESCRIBE SELECT k, s FROM " + readParquet(""))) {
      while (result.next()) {
        duckDbTypes.put(result.getString(1), result.getString(2));
      }
    }
    // DuckDB's own inference gives up on integers when a directory says NULL.
    assertThat(duckDbTypes).containsEntry("k", "VARCHAR").containsEntry("s", "VARCHAR");
    assertThat(dataset.rowCount()).isEqualTo(ROWS);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3})
  void readsWhatDuckDbReads(int threads) throws Exception {
    ParquetDataset dataset = ParquetDataset.open(table, OPTIONS);
    assertThat(dataset.schema().getFields()).extracting(Field::getName)
        .containsExactly("id", "n", "d", "v", "dt", "b", "k", "s");
    List<List<Object>> ours = ourRows(dataset, ReadOptions.builder().threads(threads).batchRows(4096).build());
    List<List<Object>> expected = duckDbRows(null);
    assertThat(ours).hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(ours.get(i)).as("row %d", i).isEqualTo(expected.get(i));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "k = 2 AND n > 500",
      "s = 'x/y' AND d < 1000",
      "(k = 1 OR s = 'k=v') AND v IS NOT NULL",
      "NOT (s = 'a b' OR k >= 2) AND b = TRUE",
      "k IN (0, 3) AND dt BETWEEN DATE '2020-02-01' AND DATE '2020-03-01'",
      "s > 'k' OR n IS NULL",
      "k IS NULL OR s IS NULL",
      "NOT (k = 1) AND NOT (s = 'p+q%')"})
  void filtersAsDuckDbsWhere(String filter) throws Exception {
    ParquetDataset dataset = ParquetDataset.open(table, OPTIONS);
    List<List<Object>> ours = ourRows(dataset, ReadOptions.builder().filter(filter).threads(2).build());
    List<List<Object>> expected = duckDbRows(filter);
    assertThat(ours).as(filter).hasSize(expected.size());
    assertThat(ours).as(filter).isEqualTo(expected);
  }

  @Test
  void prunesFilesByPartitionValues() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(table, OPTIONS);
    assertThat(dataset.files()).hasSize(25);
    assertThat(dataset.prune(Filter.parse("k = 2 AND s = 'k=v'"))).singleElement()
        .extracting(DatasetFile::relativePath).isEqualTo("k=2/s=k%3Dv/data_0.parquet");
    assertThat(dataset.prune(Filter.parse("k != 2"))).hasSize(15)
        .allMatch(file -> file.partitionValues().get("k") != null);
    assertThat(dataset.prune(Filter.parse("k IS NULL"))).hasSize(5)
        .allMatch(file -> file.partitionValues().get("k") == null);
  }

  @Test
  void readsDuckDbsNullDirectoriesAsTextWithoutTheFallback() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(table);
    assertThat(dataset.schema().findField("k").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
    assertThat(dataset.files().get(dataset.files().size() - 1).partitionValues()).containsEntry("k", "NULL");
  }
}
