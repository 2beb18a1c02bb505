package io.parquetarrow.core.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schema a Parquet file reads as, with one {@link FieldMapping} tree per top-level field linking every
 * Arrow field to the Parquet columns that fill it. Produced by {@link ParquetToArrowSchema}; narrowed with
 * {@link #project(List)}; handed to the record batch reader. Immutable.
 */
public final class SchemaMapping {
  private final Schema schema;
  private final List<FieldMapping> fields;
  private final SchemaDescriptor parquetSchema;

  SchemaMapping(List<FieldMapping> fields, Map<String, String> metadata, SchemaDescriptor parquetSchema) {
    this.fields = List.copyOf(fields);
    List<Field> arrowFields = new ArrayList<>(fields.size());
    for (FieldMapping field : fields) {
      arrowFields.add(field.field());
    }
    this.schema = new Schema(arrowFields, metadata);
    this.parquetSchema = parquetSchema;
  }

  /** The Arrow schema, with the file's (or the stored Arrow schema's) key-value metadata. */
  public Schema arrowSchema() {
    return schema;
  }

  /** One mapping tree per top-level Arrow field, in schema order. */
  public List<FieldMapping> fields() {
    return fields;
  }

  public SchemaDescriptor parquetSchema() {
    return parquetSchema;
  }

  /** The leaf columns the selected fields need, in leaf order. */
  public List<ColumnDescriptor> columns() {
    List<ColumnDescriptor> result = new ArrayList<>();
    for (FieldMapping field : fields) {
      field.collectColumns(result);
    }
    return result;
  }

  /**
   * Narrows the schema to the given fields. Each entry is a top-level field name, or a dotted path through
   * structs ({@code a.b.c} yields {@code a: struct<b: struct<c>>}, keeping the structs' nullability and
   * metadata). An exact top-level name wins over a dotted reading, so names containing dots still work. Fields
   * keep the file's order; selecting a field twice, or a struct and one of its children, selects it once.
   *
   * @throws IllegalArgumentException when a path names no field, or descends into a list or map
   */
  public SchemaMapping project(List<String> paths) {
    Map<Integer, Selection> selected = new LinkedHashMap<>();
    for (String path : paths) {
      int top = indexOf(fields, path);
      if (top >= 0) {
        selected.computeIfAbsent(top, i -> new Selection()).all = true;
        continue;
      }
      if (!select(fields, path, selected, path)) {
        throw new IllegalArgumentException("no field '" + path + "' in schema " + schema);
      }
    }
    List<FieldMapping> projected = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      Selection selection = selected.get(i);
      if (selection != null) {
        projected.add(apply(fields.get(i), selection));
      }
    }
    return new SchemaMapping(projected, schema.getCustomMetadata(), parquetSchema);
  }

  private static final class Selection {
    boolean all;
    final Map<Integer, Selection> children = new LinkedHashMap<>();
  }

  private static int indexOf(List<FieldMapping> candidates, String name) {
    for (int i = 0; i < candidates.size(); i++) {
      if (candidates.get(i).field().getName().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** Selects {@code remaining} (a dotted path) among {@code candidates}, trying every split at a dot. */
  private static boolean select(List<FieldMapping> candidates, String remaining, Map<Integer, Selection> into,
      String fullPath) {
    int exact = indexOf(candidates, remaining);
    if (exact >= 0) {
      into.computeIfAbsent(exact, i -> new Selection()).all = true;
      return true;
    }
    for (int dot = remaining.indexOf('.'); dot > 0; dot = remaining.indexOf('.', dot + 1)) {
      int index = indexOf(candidates, remaining.substring(0, dot));
      if (index < 0) {
        continue;
      }
      FieldMapping parent = candidates.get(index);
      if (parent.kind() != FieldMapping.Kind.STRUCT) {
        throw new IllegalArgumentException("cannot select '" + fullPath + "': field '" + parent.field().getName()
            + "' is a " + parent.kind().name().toLowerCase(Locale.ROOT)
            + "; select the whole field instead");
      }
      Map<Integer, Selection> children = new LinkedHashMap<>();
      if (select(parent.children(), remaining.substring(dot + 1), children, fullPath)) {
        Selection selection = into.computeIfAbsent(index, i -> new Selection());
        children.forEach((child, childSelection) -> selection.children.merge(child, childSelection, (a, b) -> {
          a.all |= b.all;
          b.children.forEach((k, v) -> a.children.putIfAbsent(k, v));
          return a;
        }));
        return true;
      }
    }
    return false;
  }

  private static FieldMapping apply(FieldMapping mapping, Selection selection) {
    if (selection.all || selection.children.isEmpty()) {
      return mapping;
    }
    List<FieldMapping> children = new ArrayList<>();
    List<Field> childFields = new ArrayList<>();
    for (int i = 0; i < mapping.children().size(); i++) {
      Selection childSelection = selection.children.get(i);
      if (childSelection != null) {
        FieldMapping child = apply(mapping.child(i), childSelection);
        children.add(child);
        childFields.add(child.field());
      }
    }
    Field original = mapping.field();
    FieldType type = original.getFieldType();
    Field field = new Field(original.getName(), type, childFields);
    assert type.getType() instanceof ArrowType.Struct;
    return mapping.withFieldAndChildren(field, children);
  }

  @Override
  public String toString() {
    return schema.toString();
  }
}
