package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.Literal;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered reads against reading everything and filtering afterwards: for random filters over files of many row
 * groups and pages (sorted and unsorted columns, nulls, NaN, statistics, page index, bloom filters), never a row
 * lost or added; batches are full except the last; the projection need not hold the filter's columns.
 */
class FilteredReadTest {
  private static final int ROWS = 20_000;
  private static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)),
      Field.nullable("small", new ArrowType.Int(32, true)),
      Field.nullable("ratio", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("name", ArrowType.Utf8.INSTANCE),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("price", new ArrowType.Decimal(9, 2, 128)),
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      new Field("address", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
          Field.nullable("zip", new ArrowType.Int(32, true)))),
      Field.nullable("weight", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("tiny", new ArrowType.Int(16, true)),
      Field.nullable("seen", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))));
  private static final String[] NAMES = {"apple", "banana", "cherry", "date", "elder", "fig", "grape"};

  @TempDir
  Path directory;
  private BufferAllocator allocator;
  private Path file;

  @BeforeEach
  void open() throws IOException {
    allocator = TestAllocators.root();
    file = write("filtered.parquet", WriteOptions.builder().rowGroupRowLimit(4_000).pageRowLimit(500)
        .bloomFilter("name", 16, 0.01).bloomFilter("small", 1000, 0.01).dictionaryEnabled("name", true).build());
  }

  private Path write(String fileName, WriteOptions options) throws IOException {
    Path written = directory.resolve(fileName);
    Random random = new Random(11);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
         ParquetArrowWriter writer = ParquetArrowWriter.open(written, SCHEMA, options)) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      IntVector small = (IntVector) root.getVector("small");
      Float8Vector ratio = (Float8Vector) root.getVector("ratio");
      VarCharVector name = (VarCharVector) root.getVector("name");
      DateDayVector day = (DateDayVector) root.getVector("day");
      DecimalVector price = (DecimalVector) root.getVector("price");
      BitVector flag = (BitVector) root.getVector("flag");
      StructVector address = (StructVector) root.getVector("address");
      IntVector zip = (IntVector) address.getChild("zip");
      Float4Vector weight = (Float4Vector) root.getVector("weight");
      SmallIntVector tiny = (SmallIntVector) root.getVector("tiny");
      TimeStampMicroVector seen = (TimeStampMicroVector) root.getVector("seen");
      for (int row = 0; row < ROWS; row++) {
        id.setSafe(row, row);
        if (random.nextInt(10) == 0) {
          small.setNull(row);
        } else {
          small.setSafe(row, random.nextInt(1000) - 500);
        }
        if (random.nextInt(50) == 0) {
          ratio.setSafe(row, Double.NaN);
        } else if (random.nextInt(10) == 0) {
          ratio.setNull(row);
        } else {
          ratio.setSafe(row, random.nextDouble());
        }
        if (random.nextInt(8) != 0) {
          name.setSafe(row, NAMES[random.nextInt(NAMES.length)].getBytes(StandardCharsets.UTF_8));
        }
        day.setSafe(row, 18_000 + row / 100);
        if (random.nextInt(6) != 0) {
          price.setSafe(row, BigDecimal.valueOf(random.nextInt(100_000), 2));
        }
        if (random.nextInt(5) != 0) {
          flag.setSafe(row, random.nextInt(2));
        }
        if (random.nextInt(9) == 0) {
          weight.setNull(row);
        } else {
          weight.setSafe(row, random.nextInt(30) == 0 ? Float.NaN : random.nextInt(2000) / 8f);
        }
        if (random.nextInt(11) != 0) {
          tiny.setSafe(row, random.nextInt(200) - 100);
        }
        if (random.nextInt(12) != 0) {
          seen.setSafe(row, 1_500_000_000_000_000L + row * 3_600_000_000L + random.nextInt(1000));
        }
        if (random.nextInt(7) == 0) {
          address.setNull(row);
        } else {
          address.setIndexDefined(row);
          if (random.nextInt(4) == 0) {
            zip.setNull(row);
          } else {
            zip.setSafe(row, 10_000 + random.nextInt(100));
          }
        }
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
    return written;
  }

  @AfterEach
  void close() {
    assertThat(allocator.getAllocatedMemory()).isZero();
    allocator.close();
  }

  @Test
  void randomFiltersReturnExactlyTheMatchingRows() throws IOException {
    checkRandomFilters(80, 5);
  }

  @Test
  void withoutStatisticsPageIndexOrDictionariesTheRowsAreTheSame() throws IOException {
    file = write("bare.parquet", WriteOptions.builder().rowGroupRowLimit(3_000).pageRowLimit(700)
        .statisticsEnabled(false).pageIndexEnabled(false).dictionaryEnabled(false).build());
    checkRandomFilters(25, 6);
    file = write("index-only.parquet", WriteOptions.builder().rowGroupRowLimit(20_000).pageRowLimit(300)
        .statisticsEnabled(false).build());
    checkRandomFilters(25, 7);
  }

  private void checkRandomFilters(int rounds, long seed) throws IOException {
    List<List<Object>> all = read(ReadOptions.builder().build(), null);
    Random random = new Random(seed);
    for (int round = 0; round < rounds; round++) {
      Filter filter = randomFilter(random, 2);
      List<List<Object>> expected = new ArrayList<>();
      for (List<Object> row : all) {
        if (Boolean.TRUE.equals(evaluate(filter, row))) {
          expected.add(row);
        }
      }
      int batchRows = 1 + random.nextInt(3_000);
      List<Integer> batchSizes = new ArrayList<>();
      List<List<Object>> actual = read(ReadOptions.builder().filter(filter).batchRows(batchRows).build(),
          batchSizes);
      assertThat(actual).as("%s", filter).isEqualTo(expected);
      for (int i = 0; i + 1 < batchSizes.size(); i++) {
        assertThat(batchSizes.get(i)).as("batch %d of %s", i, filter).isEqualTo(batchRows);
      }
      List<List<Object>> pages = read(ReadOptions.builder().filter(filter).filterRows(false).build(), null);
      assertThat(new HashSet<>(pages).containsAll(expected)).as("%s without row filtering", filter).isTrue();
    }
  }

  @Test
  void projectionWithoutTheFilterColumns() throws IOException {
    List<List<Object>> all = read(ReadOptions.builder().build(), null);
    List<Object> expected = new ArrayList<>();
    for (List<Object> row : all) {
      if (row.get(1) != null && (Integer) row.get(1) > 400 && "fig".equals(row.get(3))) {
        expected.add(row.get(0));
      }
    }
    List<Object> actual = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, ReadOptions.builder()
        .columns("id").filter("small > 400 AND name = 'fig'").build())) {
      assertThat(reader.getVectorSchemaRoot().getSchema().getFields()).hasSize(1);
      while (reader.loadNextBatch()) {
        FieldVector vector = reader.getVectorSchemaRoot().getVector(0);
        for (int i = 0; i < vector.getValueCount(); i++) {
          actual.add(vector.getObject(i));
        }
      }
    }
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void sortedRangeIsPrunedAndCounted() throws IOException {
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, ReadOptions.builder()
        .filter("id BETWEEN 5100 AND 5199").build())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      ScanStatistics statistics = reader.scanStatistics();
      assertThat(rows).isEqualTo(100);
      assertThat(statistics.rowGroups()).isEqualTo(5);
      assertThat(statistics.rowGroupsPrunedByStatistics()).isEqualTo(4);
      assertThat(statistics.rowsReturned()).isEqualTo(100);
      assertThat(statistics.rowsDecoded()).isLessThanOrEqualTo(1_000);
      assertThat(statistics.pagesSkipped()).isPositive();
      assertThat(statistics.pages()).isGreaterThan(statistics.pagesSkipped());
      assertThat(reader.explain()).hasSize(5).filteredOn(pruning -> pruning.prunedBy() == null).hasSize(1);
    }
  }

  @Test
  void badFiltersFailBeforeReading() {
    assertThatThrownBy(() -> ParquetArrowReader.open(file, allocator,
        ReadOptions.builder().filter("nope = 1").build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
    assertThatThrownBy(() -> ParquetArrowReader.open(file, allocator,
        ReadOptions.builder().filter("small = 'x'").build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("small");
  }

  private List<List<Object>> read(ReadOptions options, List<Integer> batchSizes) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        if (batchSizes != null) {
          batchSizes.add(root.getRowCount());
        }
        for (int i = 0; i < root.getRowCount(); i++) {
          List<Object> row = new ArrayList<>();
          for (FieldVector vector : root.getFieldVectors()) {
            Object value = vector.getObject(i);
            if (vector instanceof DateDayVector && value != null) {
              value = LocalDate.ofEpochDay((Integer) value);
            }
            row.add(value == null ? null : normalize(value));
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }

  private static Object normalize(Object value) {
    if (value instanceof org.apache.arrow.vector.util.Text text) {
      return text.toString();
    }
    if (value instanceof java.util.Map<?, ?> map) {
      return map.get("zip");
    }
    return value;
  }

  /** Columns and the literal makers for them: index in the row, path. */
  private static Filter randomFilter(Random random, int depth) {
    if (depth > 0 && random.nextInt(3) == 0) {
      Filter left = randomFilter(random, depth - 1);
      Filter right = randomFilter(random, depth - 1);
      return switch (random.nextInt(3)) {
        case 0 -> Filter.and(left, right);
        case 1 -> Filter.or(left, right);
        default -> Filter.not(left);
      };
    }
    int column = random.nextInt(11);
    String path = column == 7 ? "address.zip" : SCHEMA.getFields().get(column).getName();
    if (random.nextInt(8) == 0) {
      return random.nextBoolean() ? Filter.isNull(path) : Filter.isNotNull(path);
    }
    Object a = literal(random, column);
    Object b = literal(random, column);
    switch (random.nextInt(5)) {
      case 0:
        return Filter.eq(path, a);
      case 1:
        return Filter.lt(path, a);
      case 2:
        return Filter.ge(path, a);
      case 3:
        return Filter.in(path, a, b);
      default:
        return column == 6 ? Filter.ne(path, a) : Filter.between(path, a, b);
    }
  }

  private static Object literal(Random random, int column) {
    return switch (column) {
      case 0 -> (long) random.nextInt(ROWS + 100) - 50;
      case 1 -> random.nextBoolean() ? (Object) (random.nextInt(1100) - 550)
          : new BigDecimal(random.nextInt(11000) - 5500).movePointLeft(1);
      case 2 -> random.nextBoolean() ? random.nextDouble() : new BigDecimal("0.5");
      case 3 -> random.nextInt(4) == 0 ? "zzz" : NAMES[random.nextInt(NAMES.length)];
      case 4 -> LocalDate.ofEpochDay(17_990 + random.nextInt(220));
      case 5 -> BigDecimal.valueOf(random.nextInt(100_000), random.nextInt(4));
      case 6 -> random.nextBoolean();
      case 8 -> random.nextBoolean() ? (Object) (random.nextInt(2100) / 8.0) : random.nextInt(260);
      case 9 -> random.nextInt(220) - 110;
      case 10 -> random.nextInt(4) == 0 ? LocalDate.ofEpochDay(17_360 + random.nextInt(60))
          : LocalDateTime.ofEpochSecond(1_500_000_000L + random.nextInt(20_000) * 3_600L
              + random.nextInt(2), 0, ZoneOffset.UTC);
      default -> 10_000 + random.nextInt(110);
    };
  }

  /** SQL's three-valued logic: TRUE, FALSE, or null for unknown. */
  private static Boolean evaluate(Filter filter, List<Object> row) {
    if (filter instanceof Filter.And and) {
      boolean unknown = false;
      for (Filter operand : and.operands()) {
        Boolean value = evaluate(operand, row);
        if (Boolean.FALSE.equals(value)) {
          return false;
        }
        unknown |= value == null;
      }
      return unknown ? null : true;
    }
    if (filter instanceof Filter.Or or) {
      boolean unknown = false;
      for (Filter operand : or.operands()) {
        Boolean value = evaluate(operand, row);
        if (Boolean.TRUE.equals(value)) {
          return true;
        }
        unknown |= value == null;
      }
      return unknown ? null : false;
    }
    if (filter instanceof Filter.Not not) {
      Boolean value = evaluate(not.operand(), row);
      return value == null ? null : !value;
    }
    if (filter instanceof Filter.IsNull isNull) {
      return (value(isNull.column(), row) == null) != isNull.negated();
    }
    if (filter instanceof Filter.Comparison comparison) {
      Object value = value(comparison.column(), row);
      if (value == null) {
        return null;
      }
      Integer order = compare(value, comparison.value());
      if (order == null) {
        return comparison.operator() == Filter.Operator.NE;
      }
      return switch (comparison.operator()) {
        case EQ -> order == 0;
        case NE -> order != 0;
        case LT -> order < 0;
        case LE -> order <= 0;
        case GT -> order > 0;
        case GE -> order >= 0;
      };
    }
    if (filter instanceof Filter.Between between) {
      Object value = value(between.column(), row);
      if (value == null) {
        return null;
      }
      Integer low = compare(value, between.low());
      Integer high = compare(value, between.high());
      return low != null && high != null && low >= 0 && high <= 0;
    }
    if (filter instanceof Filter.In in) {
      Object value = value(in.column(), row);
      if (value == null) {
        return null;
      }
      for (Literal literal : in.values()) {
        Integer order = compare(value, literal);
        if (order != null && order == 0) {
          return true;
        }
      }
      return false;
    }
    throw new IllegalArgumentException(filter.toString());
  }

  private static Object value(String path, List<Object> row) {
    if (path.equals("address.zip")) {
      return row.get(7);
    }
    if (path.equals("seen")) {
      return row.get(10);
    }
    for (int i = 0; i < SCHEMA.getFields().size(); i++) {
      if (SCHEMA.getFields().get(i).getName().equals(path)) {
        return row.get(i);
      }
    }
    throw new IllegalArgumentException(path);
  }

  /** The order of a value and a literal; null when a NaN makes them unordered. */
  private static Integer compare(Object value, Literal literal) {
    Object constant = literal.value();
    if (value instanceof Float f) {
      value = (double) f;
    }
    if (value instanceof Double d) {
      double other = constant instanceof Double c ? c : new BigDecimal(constant.toString()).doubleValue();
      if (Double.isNaN(d) || Double.isNaN(other)) {
        return null;
      }
      return new BigDecimal(d).compareTo(constant instanceof Double c ? new BigDecimal(c)
          : new BigDecimal(constant.toString()));
    }
    if (value instanceof Number n) {
      BigDecimal left = n instanceof BigDecimal big ? big : new BigDecimal(n.toString());
      BigDecimal right = constant instanceof Double c ? new BigDecimal(c) : new BigDecimal(constant.toString());
      return Integer.signum(left.compareTo(right));
    }
    if (value instanceof String s) {
      return Integer.signum(s.compareTo((String) constant));
    }
    if (value instanceof Boolean b) {
      return Boolean.compare(b, (Boolean) constant);
    }
    if (value instanceof LocalDateTime || value instanceof LocalDate) {
      LocalDateTime left = value instanceof LocalDate d ? d.atStartOfDay() : (LocalDateTime) value;
      LocalDateTime right = constant instanceof LocalDate d ? d.atStartOfDay() : (LocalDateTime) constant;
      return Integer.signum(left.compareTo(right));
    }
    throw new IllegalArgumentException(value.getClass() + " " + literal);
  }
}
