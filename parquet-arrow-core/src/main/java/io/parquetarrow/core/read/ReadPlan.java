package io.parquetarrow.core.read;

import io.parquetarrow.core.arrow.ColumnAssemblers;
import io.parquetarrow.core.arrow.NestedAssembler;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.nested.NestedPath;
import io.parquetarrow.core.nested.ParquetPathNode;
import io.parquetarrow.core.nested.ParquetPaths;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.core.schema.GroupNode;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.core.schema.SchemaMapping;
import io.parquetarrow.core.schema.SchemaNode;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a reader reads, decided once when the file is opened: the Arrow schema (the one Arrow C++ reads, honouring
 * {@code ARROW:schema}, narrowed to {@link ReadSettings#columns()}), one {@link FieldPlan} per selected top-level
 * field, the dictionary ids of fields read as dictionaries, and the row groups in the order they are read. Every
 * field the reader cannot read is refused here, before the first batch. Immutable; shared by every thread of a
 * reader.
 */
public final class ReadPlan {
  private final ParquetFile file;
  private final ReadSettings options;
  private final ParquetKernels kernels;
  private final Schema schema;
  private final List<FieldPlan> fields;
  private final int[] rowGroups;

  private ReadPlan(ParquetFile file, ReadSettings options, ParquetKernels kernels, Schema schema,
      List<FieldPlan> fields, int[] rowGroups) {
    this.file = file;
    this.options = options;
    this.kernels = kernels;
    this.schema = schema;
    this.fields = List.copyOf(fields);
    this.rowGroups = rowGroups;
  }

  /**
   * Plans the reading of {@code file} with {@code options}.
   *
   * @throws IllegalArgumentException for a column, dictionary column or row group the file does not have, or a
   *     column that cannot be read as a dictionary
   * @throws UnsupportedParquetFeatureException for a field whose Parquet type cannot be read into its Arrow type
   */
  public static ReadPlan create(ParquetFile file, ReadSettings options, ParquetKernels kernels)
      throws ParquetException {
    ParquetMetadata metadata = file.metadata();
    SchemaMapping mapping =
        ParquetToArrowSchema.convert(metadata.schema(), metadata.keyValueMetadata(), file.name());
    if (!options.columns().isEmpty()) {
      try {
        mapping = mapping.project(options.columns());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file.name() + ": " + e.getMessage(), e);
      }
    }
    long nextDictionaryId = 0;
    for (FieldMapping fieldMapping : mapping.fields()) {
      nextDictionaryId = Math.max(nextDictionaryId, nextFreeDictionaryId(fieldMapping.field()));
    }
    Set<String> dictionaryColumns = new HashSet<>(options.dictionaryColumns());
    List<FieldPlan> plans = new ArrayList<>();
    List<Field> fields = new ArrayList<>();
    for (FieldMapping fieldMapping : mapping.fields()) {
      Field field = fieldMapping.field();
      if (dictionaryColumns.remove(field.getName()) && field.getDictionary() == null) {
        field = asDictionary(file.name(), field, fieldMapping.column(), nextDictionaryId++);
      }
      FieldPlan plan = plan(file, options, kernels, fieldMapping, field);
      plans.add(plan);
      fields.add(plan.field());
    }
    if (!dictionaryColumns.isEmpty()) {
      throw new IllegalArgumentException(file.name() + ": dictionary columns " + dictionaryColumns
          + " are not among the columns read");
    }
    Schema schema = new Schema(fields, mapping.arrowSchema().getCustomMetadata());
    return new ReadPlan(file, options, kernels, schema, plans, selectRowGroups(metadata, options));
  }

  /** The open file (closed by the reader, not by the plan). */
  public ParquetFile file() {
    return file;
  }

  /** The file's name, as exceptions name it. */
  public String fileName() {
    return file.name();
  }

  public ReadSettings options() {
    return options;
  }

  ParquetKernels kernels() {
    return kernels;
  }

  /** The schema of the batches. */
  public Schema schema() {
    return schema;
  }

  /** The selected top-level fields, in schema order. */
  public List<FieldPlan> fields() {
    return fields;
  }

  /** How many row groups are read. */
  int rowGroupCount() {
    return rowGroups.length;
  }

  /** The index in the file of the row group read at {@code position} (0 to {@link #rowGroupCount()} - 1). */
  int rowGroup(int position) {
    return rowGroups[position];
  }

  /** Whether a field or a field inside one is read as an Arrow dictionary. */
  public boolean hasDictionaryField() {
    for (FieldPlan field : fields) {
      if (field.hasDictionaries()) {
        return true;
      }
    }
    return false;
  }

  /** One more than the largest dictionary id in {@code field} or any of its descendants (0 without any). */
  private static long nextFreeDictionaryId(Field field) {
    long next = field.getDictionary() == null ? 0 : field.getDictionary().getId() + 1;
    for (Field child : field.getChildren()) {
      next = Math.max(next, nextFreeDictionaryId(child));
    }
    return next;
  }

  /** The field as an Arrow dictionary with int32 indices, as Arrow C++'s {@code read_dictionary} gives it. */
  private static Field asDictionary(String fileName, Field field, ColumnDescriptor column, long id) {
    if (column == null || column.physicalType() != Type.BYTE_ARRAY || !isBinary(field.getType())) {
      throw new IllegalArgumentException(fileName + ": column '" + field.getName() + "' of type "
          + field.getType() + " cannot be read as a dictionary; only string and binary columns can");
    }
    return new Field(field.getName(), new FieldType(field.isNullable(), field.getType(),
        new DictionaryEncoding(id, false, new ArrowType.Int(32, true)), field.getMetadata()), null);
  }

  /** Whether {@code type} is a string or binary type, 32-bit or 64-bit offsets. */
  static boolean isBinary(ArrowType type) {
    ArrowType.ArrowTypeID id = type.getTypeID();
    return id == ArrowType.ArrowTypeID.Utf8 || id == ArrowType.ArrowTypeID.Binary
        || id == ArrowType.ArrowTypeID.LargeUtf8 || id == ArrowType.ArrowTypeID.LargeBinary;
  }

  /** Whether {@code type} is a string or binary type with 64-bit offsets. */
  static boolean isLargeBinary(ArrowType type) {
    ArrowType.ArrowTypeID id = type.getTypeID();
    return id == ArrowType.ArrowTypeID.LargeUtf8 || id == ArrowType.ArrowTypeID.LargeBinary;
  }

  private static FieldPlan plan(ParquetFile file, ReadSettings options, ParquetKernels kernels,
      FieldMapping mapping, Field field) throws ParquetException {
    ColumnDescriptor column = mapping.column();
    if (mapping.kind() != FieldMapping.Kind.PRIMITIVE || column == null || column.maxRepetitionLevel() != 0) {
      return nested(file, mapping, kernels);
    }
    if (column.physicalType() == Type.FIXED_LEN_BYTE_ARRAY && column.typeLength() <= 0) {
      throw new ParquetCorruptionException(file.name() + ": column " + column.dottedPath()
          + " is FIXED_LEN_BYTE_ARRAY with type_length " + column.typeLength() + " (expected > 0)");
    }
    if (column.physicalType() == Type.INT96 && !options.int96AsTimestamp()
        && field.getType() instanceof ArrowType.Timestamp) {
      field = new Field(field.getName(), new FieldType(field.isNullable(),
          new ArrowType.FixedSizeBinary(PhysicalTypes.INT96_BYTES), null, field.getMetadata()), null);
    }
    if (field.getDictionary() != null) {
      if (column.physicalType() != Type.BYTE_ARRAY || !isBinary(field.getType())) {
        throw new UnsupportedParquetFeatureException(file.name() + ": cannot read column " + column.dottedPath()
            + " of physical type " + column.physicalType() + " as an Arrow dictionary of " + field.getType());
      }
      return new FieldPlan.FlatColumn(field, column, mapping.definitionLevel());
    }
    try {
      // Made here to refuse an unsupported type at open; each thread reading the field makes its own.
      ColumnAssemblers.create(field, column, mapping.definitionLevel(), kernels);
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(file.name() + ": " + e.getMessage(), e);
    }
    return new FieldPlan.FlatColumn(field, column, mapping.definitionLevel());
  }

  private static FieldPlan nested(ParquetFile file, FieldMapping mapping, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    NestedAssembler assembler;
    try {
      assembler = NestedAssembler.create(mapping, kernels);
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(file.name() + ": " + e.getMessage(), e);
    }
    GroupNode root = file.metadata().schema().root();
    List<NestedPath> paths = new ArrayList<>();
    for (ColumnDescriptor leaf : assembler.leaves()) {
      paths.add(ParquetPaths.toNestedPath(parquetPath(root, leaf)));
    }
    return new FieldPlan.NestedField(mapping, assembler.leaves(), paths, assembler.hasDictionaries());
  }

  /**
   * The schema nodes from below the root down to the column's leaf, as {@link ParquetPaths} takes them. Siblings
   * may share a name, so the walk follows the branch that holds the column's own leaf node, not the first name
   * that matches.
   */
  static List<ParquetPathNode> parquetPath(GroupNode root, ColumnDescriptor column) {
    List<SchemaNode> nodes = new ArrayList<>();
    if (!findLeaf(root, column, nodes)) {
      throw new IllegalStateException("column " + column.dottedPath() + " not found in the schema");
    }
    List<ParquetPathNode> path = new ArrayList<>();
    for (SchemaNode node : nodes) {
      if (node.isGroup()) {
        GroupNode group = node.asGroup();
        ParquetPathNode.Annotation annotation = group.isListAnnotated() ? ParquetPathNode.Annotation.LIST
            : group.isMapAnnotated() ? ParquetPathNode.Annotation.MAP : ParquetPathNode.Annotation.NONE;
        path.add(new ParquetPathNode(node.name(), node.repetition(), annotation, group.childCount(), false));
      } else {
        path.add(ParquetPathNode.primitive(node.name(), node.repetition()));
      }
    }
    return path;
  }

  /** Adds to {@code nodes} the children from {@code group} down to the column's leaf; false if it is not below. */
  private static boolean findLeaf(GroupNode group, ColumnDescriptor column, List<SchemaNode> nodes) {
    String name = column.path().get(nodes.size());
    boolean last = nodes.size() == column.path().size() - 1;
    for (SchemaNode child : group.children()) {
      if (!child.name().equals(name) || child.isGroup() == last) {
        continue;
      }
      nodes.add(child);
      if (last ? child == column.node() : findLeaf(child.asGroup(), column, nodes)) {
        return true;
      }
      nodes.remove(nodes.size() - 1);
    }
    return false;
  }

  private static int[] selectRowGroups(ParquetMetadata metadata, ReadSettings options) {
    int count = metadata.rowGroups().size();
    int[] selected = options.rowGroups();
    if (selected == null) {
      int[] all = new int[count];
      for (int i = 0; i < count; i++) {
        all[i] = i;
      }
      return all;
    }
    for (int index : selected) {
      if (index >= count) {
        throw new IllegalArgumentException(
            metadata.source() + ": row group " + index + " does not exist; the file has " + count);
      }
    }
    return selected;
  }
}
