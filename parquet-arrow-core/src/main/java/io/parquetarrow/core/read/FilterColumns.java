package io.parquetarrow.core.read;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.FilterBinding;
import io.parquetarrow.core.filter.RowPredicate;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.core.schema.SchemaDescriptor;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The columns a read's filter needs and how it selects rows, decided once per open: the filter checked against
 * the file's whole Arrow schema (before any data is read), the Parquet leaf of each filter column, which of the
 * read's fields hold them, and — for filter columns the read does not return — an extra plan that reads them
 * alongside. Also the running {@link ScanCounters}.
 */
final class FilterColumns implements AutoCloseable {
  private final Filter filter;
  private final Map<String, ColumnDescriptor> leaves;
  private final RowPredicate predicate;
  /** The filter paths found among the plan's fields; the others are read by the extra plan. */
  private final Set<String> inPlan;
  private final int[] planFields;
  private final ReadPlan extraPlan;
  private final DictionaryProvider.MapDictionaryProvider extraDictionaries;
  private final DictionaryProvider dictionaries;
  private final ScanCounters statistics = new ScanCounters();
  private VectorSchemaRoot piece;
  private VectorSchemaRoot extraPiece;

  private FilterColumns(Filter filter, Map<String, ColumnDescriptor> leaves, RowPredicate predicate,
      Set<String> inPlan, int[] planFields, ReadPlan extraPlan,
      DictionaryProvider.MapDictionaryProvider extraDictionaries, DictionaryProvider dictionaries) {
    this.filter = filter;
    this.leaves = leaves;
    this.predicate = predicate;
    this.inPlan = inPlan;
    this.planFields = planFields;
    this.extraPlan = extraPlan;
    this.extraDictionaries = extraDictionaries;
    this.dictionaries = dictionaries;
  }

  /**
   * Checks {@code plan}'s filter against the file and prepares reading its columns.
   *
   * @param dictionaries the reader's, where the plan's dictionary fields find their dictionaries
   * @throws IllegalArgumentException for a filter column the file does not have, one inside a list or map, or a
   *     literal that cannot compare with its column
   */
  static FilterColumns create(ReadPlan plan, ParquetKernels kernels, BufferAllocator allocator,
      DictionaryProvider dictionaries) throws ParquetException {
    Filter filter = plan.options().filter();
    ParquetFile file = plan.file();
    SchemaDescriptor schema = file.metadata().schema();
    Map<String, Field> fields;
    try {
      fields = FilterBinding.bind(filter, ParquetToArrowSchema.convert(schema, file.metadata().keyValueMetadata(),
          file.name()).arrowSchema());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file.name() + ": " + e.getMessage(), e);
    }
    Map<String, ColumnDescriptor> leaves = new LinkedHashMap<>();
    for (String path : fields.keySet()) {
      ColumnDescriptor leaf = schema.columnByPath(path);
      if (leaf == null || leaf.maxRepetitionLevel() > 0) {
        throw new IllegalArgumentException(file.name() + ": filter column " + path + (leaf == null
            ? " is not a Parquet leaf column" : " is inside a list or map; a filter compares columns with one"
            + " value per row (top-level columns and struct fields)"));
      }
      leaves.put(path, leaf);
    }
    Set<Integer> positions = new TreeSet<>();
    Set<String> inPlan = new HashSet<>();
    List<String> extraColumns = new ArrayList<>();
    for (String path : fields.keySet()) {
      int position = planPosition(plan, path);
      if (position >= 0) {
        positions.add(position);
        inPlan.add(path);
      } else {
        extraColumns.add(path);
      }
    }
    ReadPlan extraPlan = extraColumns.isEmpty() ? null
        : ReadPlan.create(file, new FilterOnlySettings(plan.options(), extraColumns), kernels);
    DictionaryProvider.MapDictionaryProvider extraDictionaries = new DictionaryProvider.MapDictionaryProvider();
    if (extraPlan != null) {
      addDictionaries(extraPlan.schema().getFields(), allocator, extraDictionaries);
    }
    RowPredicate predicate = RowPredicate.compile(filter, fields);
    return new FilterColumns(filter, leaves, predicate, inPlan,
        positions.stream().mapToInt(Integer::intValue).toArray(), extraPlan, extraDictionaries, dictionaries);
  }

  /** The position of the plan's field that holds the leaf at {@code path}, or -1. */
  private static int planPosition(ReadPlan plan, String path) {
    String[] parts = path.split("\\.", -1);
    for (int position = 0; position < plan.fields().size(); position++) {
      Field field = plan.fields().get(position).field();
      if (field.getName().equals(parts[0]) && hasPath(field, parts, 1)) {
        return position;
      }
    }
    return -1;
  }

  private static boolean hasPath(Field field, String[] parts, int next) {
    if (next == parts.length) {
      return field.getChildren().isEmpty();
    }
    for (Field child : field.getChildren()) {
      if (child.getName().equals(parts[next])) {
        return hasPath(child, parts, next + 1);
      }
    }
    return false;
  }

  private static void addDictionaries(List<Field> fields, BufferAllocator allocator,
      DictionaryProvider.MapDictionaryProvider provider) {
    for (Field field : fields) {
      if (field.getDictionary() != null) {
        Field values = new Field(field.getName(), new FieldType(field.isNullable(), field.getType(), null,
            field.getMetadata()), field.getChildren());
        provider.put(new Dictionary(values.createVector(allocator), field.getDictionary()));
      }
      addDictionaries(field.getChildren(), allocator, provider);
    }
  }

  Filter filter() {
    return filter;
  }

  /** Each filter column's Parquet leaf, by dotted path. */
  Map<String, ColumnDescriptor> leaves() {
    return leaves;
  }

  /** The positions in the plan of the fields holding filter columns, ascending. */
  int[] planFields() {
    return planFields.clone();
  }

  /** The plan reading the filter columns the read does not return; null when it returns them all. */
  ReadPlan extraPlan() {
    return extraPlan;
  }

  DictionaryProvider extraDictionaries() {
    return extraDictionaries;
  }

  ScanCounters statistics() {
    return statistics;
  }

  /**
   * Evaluates the filter on the first {@code rows} rows of a decoded piece ({@code piece} holds the plan's
   * fields, {@code extraPiece} the extra plan's), setting the bits of the rows it selects.
   *
   * @return how many rows it selects
   */
  int select(VectorSchemaRoot piece, VectorSchemaRoot extraPiece, int rows, long[] selection) {
    this.piece = piece;
    this.extraPiece = extraPiece;
    return predicate.evaluate(this::vector, this::dictionary, rows, selection);
  }

  private FieldVector vector(String path) {
    return find(inPlan.contains(path) ? piece : extraPiece, path);
  }

  private Dictionary dictionary(String path) {
    FieldVector vector = vector(path);
    if (vector.getField().getDictionary() == null) {
      return null;
    }
    DictionaryProvider provider = inPlan.contains(path) ? dictionaries : extraDictionaries;
    return provider.lookup(vector.getField().getDictionary().getId());
  }

  private static FieldVector find(VectorSchemaRoot root, String path) {
    String[] parts = path.split("\\.", -1);
    FieldVector vector = root.getVector(parts[0]);
    for (int i = 1; i < parts.length; i++) {
      vector = (FieldVector) ((StructVector) vector).getChild(parts[i]);
    }
    return vector;
  }

  @Override
  public void close() {
    for (long id : extraDictionaries.getDictionaryIds()) {
      extraDictionaries.lookup(id).getVector().close();
    }
  }

  /** The read's settings with other columns: the filter columns it does not return, none as dictionaries. */
  private record FilterOnlySettings(ReadSettings read, List<String> columns) implements ReadSettings {
    @Override
    public int[] rowGroups() {
      return read.rowGroups();
    }

    @Override
    public int batchRows() {
      return read.batchRows();
    }

    @Override
    public boolean verifyChecksums() {
      return read.verifyChecksums();
    }

    @Override
    public Set<String> dictionaryColumns() {
      return Set.of();
    }

    @Override
    public boolean int96AsTimestamp() {
      return read.int96AsTimestamp();
    }

    @Override
    public int threads() {
      return 1;
    }

    @Override
    public long readAheadBytes() {
      return read.readAheadBytes();
    }

    @Override
    public Filter filter() {
      return null;
    }

    @Override
    public boolean filterRows() {
      return false;
    }
  }
}
