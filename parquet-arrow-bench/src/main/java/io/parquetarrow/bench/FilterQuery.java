package io.parquetarrow.bench;

import io.parquetarrow.core.filter.Filter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One query of {@link FilterCompare}: a row filter given as SQL text that both our {@link Filter#parse} and DuckDB
 * read alike, and as the specification the pyarrow script turns into a filter expression
 * ({@code pyarrow_filtered_read.py}); the full read has neither.
 *
 * @param key the short name in logs and in the pyarrow script's output
 * @param title what the query stands for in the tables
 * @param sql the filter text, null for the full read
 * @param pyarrow the pyarrow script's specification ({@code all} for the full read)
 * @param sortedTarget how many times faster than the best peer ours should be on the sorted file (0: none)
 * @param unsortedTarget the same on DuckDB's unsorted file
 */
record FilterQuery(String key, String title, String sql, String pyarrow, double sortedTarget,
    double unsortedTarget) {

  /** The factor on the sorted 1 % range and the point lookup. */
  static final double SELECTIVE_TARGET = 2.0;
  /** The factor on the other queries. */
  static final double OTHER_TARGET = 1.2;

  static final FilterQuery FULL = new FilterQuery("full", "full read (no filter)", null, "all", 0, 0);

  /** The parsed filter, null for the full read. */
  Filter filter() {
    return sql == null ? null : Filter.parse(sql);
  }

  /** The target factor on the sorted file ({@code sorted}) or the unsorted one; 0 when there is none. */
  double target(boolean sorted) {
    return sorted ? sortedTarget : unsortedTarget;
  }

  /**
   * The full read and the four queries of the issue, with literals picked from {@code file}'s values by DuckDB:
   * about 1 % of the ship dates (from the median on), the median order key (one order, a few rows), and quantities
   * up to the value whose share of rows at or below it is nearest 10 % and 50 % (l_quantity is in no particular
   * order in either file).
   */
  static List<FilterQuery> pick(Connection connection, Path file) throws SQLException {
    String path = file.toAbsolutePath().toString();
    List<String> dates = strings(connection, "SELECT quantile_disc(l_shipdate, 0.5)::VARCHAR, "
        + "quantile_disc(l_shipdate, 0.5099)::VARCHAR, quantile_disc(l_orderkey, 0.5)::VARCHAR FROM read_parquet(?)",
        path, 3);
    String firstDay = dates.get(0);
    String lastDay = dates.get(1);
    String orderKey = dates.get(2);
    String tenth = quantityAt(connection, path, 0.1);
    String half = quantityAt(connection, path, 0.5);
    return List.of(FULL,
        new FilterQuery("q1", "Q1 1 % of ship dates",
            "l_shipdate BETWEEN DATE '" + firstDay + "' AND DATE '" + lastDay + "'",
            "between:l_shipdate:" + firstDay + ":" + lastDay, SELECTIVE_TARGET, OTHER_TARGET),
        new FilterQuery("q2", "Q2 one order key", "l_orderkey = " + orderKey, "eq:l_orderkey:" + orderKey,
            SELECTIVE_TARGET, SELECTIVE_TARGET),
        new FilterQuery("q3", "Q3 ~10 % of quantities", "l_quantity <= " + tenth, "le:l_quantity:" + tenth,
            OTHER_TARGET, OTHER_TARGET),
        new FilterQuery("q4", "Q4 ~50 % of quantities", "l_quantity <= " + half, "le:l_quantity:" + half,
            OTHER_TARGET, OTHER_TARGET));
  }

  /** The quantity whose share of rows at or below it is nearest {@code share}. */
  private static String quantityAt(Connection connection, String path, double share) throws SQLException {
    return strings(connection, "SELECT q::VARCHAR FROM (SELECT l_quantity AS q, sum(count(*)) OVER (ORDER BY "
        + "l_quantity) / sum(count(*)) OVER () AS share FROM read_parquet(?) GROUP BY l_quantity) ORDER BY "
        + "abs(share - " + share + ") LIMIT 1", path, 1).get(0);
  }

  /** The first row of {@code sql} run with {@code path} as its parameter, {@code columns} values as text. */
  private static List<String> strings(Connection connection, String sql, String path, int columns)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, path);
      try (ResultSet result = statement.executeQuery()) {
        if (!result.next()) {
          throw new SQLException("no row from " + sql + " on " + path);
        }
        List<String> values = new ArrayList<>();
        for (int column = 1; column <= columns; column++) {
          values.add(result.getString(column));
        }
        return values;
      }
    }
  }
}
