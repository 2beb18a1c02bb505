package io.parquetarrow.core.read;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.read.FilterOracles.FilterColumn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Filters for a parquet-testing file, made from its own values: on its top-level flat columns of a type the
 * oracles filter alike (signed integers, single and double floats — no half floats, which Arrow C++ does not
 * compare — decimals, UTF-8 strings, booleans, dates), a value present, below the median, nulls, a NOT over an OR,
 * and {@value #RANDOM_FILTERS} random AND/OR/NOT trees with literals drawn from the column's values (never NaN).
 * Files larger than {@value #MAX_BYTES} bytes or {@value #MAX_ROWS} rows, encrypted ones and ones without such a
 * column are left out.
 */
final class CorpusFilterCases {
  static final int MAX_ROWS = 100_000;
  static final long MAX_BYTES = 20L << 20;
  static final int RANDOM_FILTERS = 8;

  private CorpusFilterCases() {}

  /** A file, our unfiltered rows of it, the filters for it and its floating-point columns. */
  record Case(Path file, List<List<Object>> rows, List<Filter> filters, Set<String> floating) {}

  /** The file's case, or null (with the reason in {@code skipped}) when it is not one. */
  static Case of(Path file, BufferAllocator allocator, List<String> skipped) throws IOException {
    String name = file.getFileName().toString();
    if (CorpusFiles.hasEncryptedFooter(file) || name.endsWith(".encrypted") || Files.size(file) > MAX_BYTES) {
      return null;
    }
    Schema schema;
    List<List<Object>> rows;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, ReadOptions.defaults())) {
      if (reader.metadata().rowCount() > MAX_ROWS) {
        return null;
      }
      schema = reader.getVectorSchemaRoot().getSchema();
    } catch (IOException | RuntimeException e) {
      skipped.add(name + ": we do not read it (" + e.getClass().getSimpleName() + ")");
      return null;
    }
    try {
      rows = FilterOracles.read(file, allocator, ReadOptions.defaults()).rows();
    } catch (IOException | RuntimeException e) {
      skipped.add(name + ": we do not read it (" + e.getClass().getSimpleName() + ")");
      return null;
    }
    List<FilterColumn> columns = new ArrayList<>();
    List<List<Object>> pools = new ArrayList<>();
    for (int c = 0; c < schema.getFields().size(); c++) {
      Field field = schema.getFields().get(c);
      if (!filterable(field)) {
        continue;
      }
      List<Object> pool = new ArrayList<>();
      for (List<Object> row : rows) {
        Object value = row.get(c);
        if (value != null && !(value instanceof Double d && d.isNaN()) && !(value instanceof Float g && g.isNaN())) {
          pool.add(value);
        }
      }
      if (pool.isEmpty()) {
        continue;
      }
      pools.add(pool);
      columns.add(new FilterColumn(field.getName(), random -> pool.get(random.nextInt(pool.size())),
          !(field.getType() instanceof ArrowType.Bool)));
    }
    if (columns.isEmpty() || rows.isEmpty()) {
      return null;
    }
    Random random = new Random(name.hashCode());
    List<Filter> filters = new ArrayList<>();
    FilterColumn first = columns.get(0);
    List<Object> firstPool = pools.get(0);
    filters.add(Filter.eq(first.path(), first.literal().apply(random)));
    filters.add(Filter.isNull(first.path()));
    if (first.ordered()) {
      List<Object> sorted = new ArrayList<>(firstPool);
      sorted.sort(CorpusFilterCases::compareValues);
      filters.add(Filter.lt(first.path(), sorted.get(sorted.size() / 2)));
    }
    FilterColumn last = columns.get(columns.size() - 1);
    filters.add(Filter.or(Filter.isNull(last.path()),
        Filter.not(Filter.eq(last.path(), last.literal().apply(random)))));
    for (int i = 0; i < RANDOM_FILTERS; i++) {
      filters.add(FilterOracles.randomFilter(random, columns, 2));
    }
    Set<String> floating = new HashSet<>();
    for (Field field : schema.getFields()) {
      if (field.getType() instanceof ArrowType.FloatingPoint) {
        floating.add(field.getName());
      }
    }
    return new Case(file, rows, filters, floating);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareValues(Object a, Object b) {
    return ((Comparable) a).compareTo(b);
  }

  private static boolean filterable(Field field) {
    if (!field.getChildren().isEmpty() || field.getName().contains(".")) {
      return false;
    }
    ArrowType type = field.getType();
    return (type instanceof ArrowType.Int integer && integer.getIsSigned())
        || (type instanceof ArrowType.FloatingPoint floating && floating.getPrecision() != FloatingPointPrecision.HALF)
        || type instanceof ArrowType.Decimal
        || type instanceof ArrowType.Utf8 || type instanceof ArrowType.Bool
        || (type instanceof ArrowType.Date date && date.getUnit() == DateUnit.DAY);
  }
}
