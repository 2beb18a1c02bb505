package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.ScanStatistics;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.Text;

/**
 * What the filter cross-checks against DuckDB and pyarrow share: reading a file's rows as comparable Java values,
 * random filter trees over columns with literal makers, and the check of one filtered read against the row
 * numbers an oracle selected. The oracle gives row numbers only; the rows they stand for are taken from our own
 * unfiltered read, so every column of every selected row is compared without converting values across languages
 * (that our unfiltered reads agree with DuckDB and Arrow C++ is what the oracle tests in {@code testing} check).
 */
final class FilterOracles {
  private FilterOracles() {}

  /** A column a random filter may test, with a maker of literals for it; {@code ordered}: {@code <} makes sense. */
  record FilterColumn(String path, Function<Random, Object> literal, boolean ordered) {}

  /** The rows of one read and its scan statistics. */
  record Rows(List<List<Object>> rows, ScanStatistics statistics) {}

  /** Reads every row of {@code file} with {@code options}, each value normalized by {@link #normalize}. */
  static Rows read(Path file, BufferAllocator allocator, ReadOptions options) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        for (int i = 0; i < root.getRowCount(); i++) {
          List<Object> row = new ArrayList<>(root.getFieldVectors().size());
          for (FieldVector vector : root.getFieldVectors()) {
            Object value = vector.getObject(i);
            if (vector instanceof DateDayVector && value != null) {
              value = LocalDate.ofEpochDay((Integer) value);
            }
            row.add(normalize(value));
          }
          rows.add(row);
        }
      }
      return new Rows(rows, reader.scanStatistics());
    }
  }

  /** Values that compare by content: text as {@code String}, bytes as hex. */
  static Object normalize(Object value) {
    if (value instanceof Text text) {
      return text.toString();
    }
    if (value instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    return value;
  }

  /**
   * Checks the filtered reads of {@code file} against the rows an oracle selected ({@code selected}, row numbers
   * in file order): the exact read returns exactly those rows, in order, and counts them in its statistics; the
   * read without row filtering returns them all among others, in order, and counts what it returned.
   */
  static void check(Path file, BufferAllocator allocator, List<List<Object>> all, Filter filter,
      List<Integer> selected, String oracle) throws IOException {
    List<List<Object>> expected = new ArrayList<>(selected.size());
    for (int row : selected) {
      expected.add(all.get(row));
    }
    Rows exact = read(file, allocator, ReadOptions.builder().filter(filter).build());
    assertThat(exact.rows()).as("%s: %s, rows against %s (%d expected)", file.getFileName(), filter, oracle,
        expected.size()).isEqualTo(expected);
    assertThat(exact.statistics().rowsReturned()).as("%s: %s, rowsReturned", file.getFileName(), filter)
        .isEqualTo(expected.size());
    Rows pages = read(file, allocator, ReadOptions.builder().filter(filter).filterRows(false).build());
    assertThat(isSubsequence(expected, pages.rows())).as("%s: %s without row filtering keeps the %d matching rows",
        file.getFileName(), filter, expected.size()).isTrue();
    assertThat(pages.statistics().rowsReturned()).as("%s: %s without row filtering, rowsReturned",
        file.getFileName(), filter).isEqualTo(pages.rows().size());
  }

  private static boolean isSubsequence(List<List<Object>> part, List<List<Object>> whole) {
    int next = 0;
    for (List<Object> row : whole) {
      if (next < part.size() && row.equals(part.get(next))) {
        next++;
      }
    }
    return next == part.size();
  }

  /** A random filter of at most {@code depth} levels of AND, OR and NOT over {@code columns}. */
  static Filter randomFilter(Random random, List<FilterColumn> columns, int depth) {
    if (depth > 0 && random.nextInt(3) == 0) {
      Filter left = randomFilter(random, columns, depth - 1);
      Filter right = randomFilter(random, columns, depth - 1);
      return switch (random.nextInt(3)) {
        case 0 -> Filter.and(left, right);
        case 1 -> Filter.or(left, right);
        default -> Filter.not(left);
      };
    }
    FilterColumn column = columns.get(random.nextInt(columns.size()));
    String path = column.path();
    if (random.nextInt(8) == 0) {
      return random.nextBoolean() ? Filter.isNull(path) : Filter.isNotNull(path);
    }
    Object a = column.literal().apply(random);
    Object b = column.literal().apply(random);
    if (!column.ordered()) {
      return switch (random.nextInt(3)) {
        case 0 -> Filter.eq(path, a);
        case 1 -> Filter.ne(path, a);
        default -> Filter.in(path, a, b);
      };
    }
    return switch (random.nextInt(8)) {
      case 0 -> Filter.eq(path, a);
      case 1 -> Filter.ne(path, a);
      case 2 -> Filter.lt(path, a);
      case 3 -> Filter.le(path, a);
      case 4 -> Filter.gt(path, a);
      case 5 -> Filter.ge(path, a);
      case 6 -> Filter.in(path, a, b);
      default -> Filter.between(path, a, b);
    };
  }
}
