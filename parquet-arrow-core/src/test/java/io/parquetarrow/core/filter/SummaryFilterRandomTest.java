package io.parquetarrow.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.Type;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Random columns, their summaries built from the values, random filters: whatever {@link SummaryFilter} prunes
 * must hold no row that a reference evaluator (written here, independent of {@link PlainValueOrder}) matches.
 */
class SummaryFilterRandomTest {
  private static final int ROWS = 240;
  private static final String[] STRINGS = {"", "a", "ab", "abc", "abd", "b", "é", "z", "日本", "\u007f"};
  private static final double[] DOUBLES =
      {Double.NEGATIVE_INFINITY, -2.5, -1, -0.0, 0.0, 0.5, 1, 3, Double.POSITIVE_INFINITY, Double.NaN};
  private static final LocalDate EPOCH = LocalDate.of(2024, 1, 1);

  /** One test column: its Parquet leaf, how to draw a value and a literal, and its plain encoding. */
  private enum TestColumn {
    I(Columns.column(Type.INT32)),
    U(Columns.legacy(Type.INT32, ConvertedType.UINT_32)),
    D(Columns.column(Type.DOUBLE)),
    S(Columns.column(Type.BYTE_ARRAY, new LogicalType.StringType())),
    M(Columns.decimal(Type.INT32, null, 9, 2)),
    F(Columns.decimal(Type.FIXED_LEN_BYTE_ARRAY, 3, 6, 1)),
    T(Columns.column(Type.INT32, new LogicalType.DateType()));

    final ColumnDescriptor descriptor;

    TestColumn(ColumnDescriptor descriptor) {
      this.descriptor = descriptor;
    }

    String path() {
      return name().toLowerCase(Locale.ROOT);
    }

    Object value(Random random) {
      return switch (this) {
        case I -> (long) random.nextInt(41) - 20;
        case U -> random.nextBoolean() ? (long) random.nextInt(10) : (1L << 32) - 1 - random.nextInt(10);
        case D -> DOUBLES[random.nextInt(DOUBLES.length)];
        case S -> STRINGS[random.nextInt(STRINGS.length)];
        case M -> BigDecimal.valueOf(random.nextInt(1001) - 500, 2);
        case F -> BigDecimal.valueOf(random.nextInt(2001) - 1000, 1);
        case T -> EPOCH.plusDays(random.nextInt(21) - 10);
      };
    }

    Literal literal(Random random) {
      int choice = random.nextInt(10);
      if (choice == 0 && this != S && this != T) {
        return Literal.of(Double.NaN);
      }
      return switch (this) {
        case I -> choice < 5 ? Literal.of(random.nextInt(45) - 22)
            : choice < 8 ? Literal.of(BigDecimal.valueOf(random.nextInt(45) - 22).add(new BigDecimal("0.5")))
            : Literal.of((double) random.nextInt(45) - 22);
        case U -> Literal.of(choice < 3 ? (long) random.nextInt(12) - 1
            : choice < 6 ? (1L << 32) - random.nextInt(12) : (long) random.nextInt(100) - 50);
        case D -> choice < 6 ? Literal.of(DOUBLES[random.nextInt(DOUBLES.length)])
            : Literal.of(BigDecimal.valueOf(random.nextInt(9) - 4, random.nextInt(2)));
        case S -> Literal.of(choice < 7 ? STRINGS[random.nextInt(STRINGS.length)]
            : STRINGS[random.nextInt(STRINGS.length)] + "a");
        case M -> Literal.of(BigDecimal.valueOf(random.nextInt(1201) - 600, random.nextInt(4)));
        case F -> choice < 5 ? Literal.of(BigDecimal.valueOf(random.nextInt(2201) - 1100, random.nextInt(3)))
            : Literal.of(random.nextInt(220) - 110);
        case T -> {
          LocalDate day = EPOCH.plusDays(random.nextInt(25) - 12);
          yield choice < 5 ? Literal.of(day)
              : Literal.of(random.nextBoolean() ? day.atStartOfDay() : day.atTime(12, 0));
        }
      };
    }

    byte[] plain(Object value) {
      return switch (this) {
        case I, U -> Columns.int32((int) (long) (Long) value);
        case D -> Columns.float64((Double) value);
        case S -> Columns.utf8((String) value);
        case M -> Columns.int32(((BigDecimal) value).unscaledValue().intValueExact());
        case F -> {
          byte[] minimal = ((BigDecimal) value).unscaledValue().toByteArray();
          byte[] fixed = new byte[3];
          Arrays.fill(fixed, ((BigDecimal) value).signum() < 0 ? (byte) 0xFF : 0);
          System.arraycopy(minimal, 0, fixed, 3 - minimal.length, minimal.length);
          yield fixed;
        }
        case T -> Columns.int32((int) ((LocalDate) value).toEpochDay());
      };
    }
  }

  @Test
  void prunedRowsNeverMatch() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    Map<String, ColumnDescriptor> leaves = new LinkedHashMap<>();
    for (TestColumn column : TestColumn.values()) {
      leaves.put(column.path(), column.descriptor);
    }
    long filters = 0;
    long pruned = 0;
    for (int dataset = 0; dataset < 40; dataset++) {
      Map<String, List<Object>> values = new LinkedHashMap<>();
      Map<String, List<ColumnSummary.PageSummary>> pages = new LinkedHashMap<>();
      Map<String, ColumnSummary> chunks = new LinkedHashMap<>();
      for (TestColumn column : TestColumn.values()) {
        List<Object> columnValues = randomValues(column, random);
        values.put(column.path(), columnValues);
        pages.put(column.path(), pageSummaries(column, columnValues, random));
        chunks.put(column.path(), summary(column, columnValues, random));
      }
      for (int i = 0; i < 150; i++) {
        Filter filter = randomFilter(random, 3, values);
        RowRanges kept = SummaryFilter.rows(filter, leaves, ROWS, pages::get);
        boolean groupKept = SummaryFilter.mightMatch(filter, leaves, chunks::get);
        filters++;
        pruned += ROWS - kept.rowCount();
        for (int row = 0; row < ROWS; row++) {
          if (Boolean.TRUE.equals(Reference.evaluate(filter, values, row))) {
            assertThat(kept.overlaps(row, row + 1)).as("seed %d: row %d matches %s but was pruned", seed, row,
                filter).isTrue();
            assertThat(groupKept).as("seed %d: row %d matches %s but the row group was pruned", seed, row,
                filter).isTrue();
          }
        }
      }
    }
    assertThat(pruned).as("seed %d: the filters pruned some rows of %d filters", seed, filters).isPositive();
  }

  private static List<Object> randomValues(TestColumn column, Random random) {
    double nulls = new double[] {0, 0.2, 0.6, 1}[random.nextInt(4)];
    // A palette of two values now and then, so that pages with a single value (or one and NaN) are common.
    List<Object> palette = random.nextInt(3) == 0 ? List.of(column.value(random), column.value(random)) : null;
    List<Object> values = new ArrayList<>(ROWS);
    for (int row = 0; row < ROWS; row++) {
      Object value = palette == null ? column.value(random) : palette.get(random.nextInt(2));
      values.add(random.nextDouble() < nulls ? null : value);
    }
    if (random.nextBoolean()) {
      // Sorted runs give pages narrow bounds, so that pruning happens.
      values.sort(Comparator.nullsLast((a, b) -> Reference.compareValues(a, b)));
    }
    return values;
  }

  private static List<ColumnSummary.PageSummary> pageSummaries(TestColumn column, List<Object> values,
      Random random) {
    List<ColumnSummary.PageSummary> pages = new ArrayList<>();
    int start = 0;
    while (start < ROWS) {
      int end = Math.min(ROWS, start + 1 + random.nextInt(80));
      pages.add(new ColumnSummary.PageSummary(start, end, summary(column, values.subList(start, end), random)));
      start = end;
    }
    return pages;
  }

  /** A summary of the values as a writer would make it, with parts left out or loosened at random. */
  private static ColumnSummary summary(TestColumn column, List<Object> values, Random random) {
    Object min = null;
    Object max = null;
    long nulls = 0;
    Set<ByteBuffer> distinct = new HashSet<>();
    for (Object value : values) {
      if (value == null) {
        nulls++;
        continue;
      }
      distinct.add(ByteBuffer.wrap(column.plain(value)));
      if (value instanceof Double number && number.isNaN()) {
        continue;
      }
      min = min == null || Reference.compareValues(value, min) < 0 ? value : min;
      max = max == null || Reference.compareValues(value, max) > 0 ? value : max;
    }
    byte[] minBytes = min == null ? null : column.plain(min);
    byte[] maxBytes = max == null ? null : column.plain(max);
    if (column == TestColumn.S && minBytes != null && random.nextBoolean()) {
      minBytes = Arrays.copyOf(minBytes, Math.min(minBytes.length, 1));
      maxBytes = truncatedUpperBound(maxBytes);
    }
    if (column == TestColumn.D && minBytes != null && random.nextInt(4) == 0) {
      minBytes = Columns.float64(Double.NaN);
    }
    int dropped = random.nextInt(8);
    long nullCount = dropped == 0 ? -1 : nulls;
    List<byte[]> dictionary = null;
    if (random.nextInt(3) == 0) {
      dictionary = new ArrayList<>();
      for (ByteBuffer value : distinct) {
        dictionary.add(value.array());
      }
    }
    ColumnSummary.BloomFilter bloom = null;
    if (random.nextInt(3) == 0) {
      boolean falsePositives = random.nextBoolean();
      bloom = plainValue -> distinct.contains(ByteBuffer.wrap(plainValue))
          || (falsePositives && (plainValue.length == 0 || (plainValue[0] & 1) == 0));
    }
    return new ColumnSummary(dropped == 1 ? null : minBytes, dropped == 2 ? null : maxBytes, nullCount,
        dropped == 3 ? -1 : values.size(), dictionary, bloom);
  }

  /** Half the time a value the column holds (when it holds any), else any literal for the column. */
  private static Literal literal(TestColumn column, List<Object> present, Random random) {
    Object value = present.get(random.nextInt(present.size()));
    return value != null && random.nextBoolean() ? Literal.of(value) : column.literal(random);
  }

  /** A one-byte prefix with its last byte raised: above every value starting with the prefix. */
  private static byte[] truncatedUpperBound(byte[] max) {
    if (max.length <= 1 || (max[0] & 0xFF) == 0xFF) {
      return max;
    }
    return new byte[] {(byte) (max[0] + 1)};
  }

  private static Filter randomFilter(Random random, int depth, Map<String, List<Object>> values) {
    int choice = random.nextInt(depth > 0 ? 10 : 6);
    TestColumn column = TestColumn.values()[random.nextInt(TestColumn.values().length)];
    String path = column.path();
    List<Object> present = values.get(path);
    return switch (choice) {
      case 0, 1 -> new Filter.Comparison(path,
          Filter.Operator.values()[random.nextInt(Filter.Operator.values().length)],
          literal(column, present, random));
      case 2 -> new Filter.Between(path, literal(column, present, random), literal(column, present, random));
      case 3 -> {
        List<Literal> literals = new ArrayList<>();
        for (int i = 0, count = 1 + random.nextInt(4); i < count; i++) {
          literals.add(literal(column, present, random));
        }
        yield new Filter.In(path, literals);
      }
      case 4 -> new Filter.IsNull(path, random.nextBoolean());
      case 5 -> new Filter.Comparison(path, Filter.Operator.EQ, literal(column, present, random));
      case 6 -> new Filter.Not(randomFilter(random, depth - 1, values));
      case 7, 8 -> new Filter.And(List.of(randomFilter(random, depth - 1, values),
          randomFilter(random, depth - 1, values)));
      default -> new Filter.Or(List.of(randomFilter(random, depth - 1, values),
          randomFilter(random, depth - 1, values)));
    };
  }
}
