package io.parquetarrow.core.schema;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One node of the tree that ties each Arrow field to the Parquet schema it is read from: the Arrow
 * {@link Field}, the Parquet node it came from, its children, and — for leaves — the {@link ColumnDescriptor} whose
 * values fill it. The Arrow assemblers walk this tree; the level numbers tell them how to turn definition and
 * repetition levels into validity bitmaps and offsets.
 *
 * <p>Levels follow Arrow C++'s {@code LevelInfo}: {@link #definitionLevel()} is the definition level at which a
 * value of this field is present (not null); {@link #repetitionLevel()} the number of repeated ancestors, this
 * field included; {@link #repeatedAncestorDefinitionLevel()} the definition level at which the nearest enclosing
 * list has an entry (for a list field: at which its parent list has one), below which this field has no slot at
 * all.
 *
 * <p>Produced by {@link ParquetToArrowSchema}; immutable.
 */
public final class FieldMapping {
  /** How the Arrow field is assembled from its Parquet node(s). */
  public enum Kind {
    /** A leaf: values come from {@link #column()}. */
    PRIMITIVE,
    /** A struct: one child per field, no own column. */
    STRUCT,
    /** A list (List, LargeList or FixedSizeList in Arrow): one child, the element. */
    LIST,
    /** A map: one child, the non-nullable key-value struct with two children. */
    MAP
  }

  private final Field field;
  private final Kind kind;
  private final SchemaNode node;
  private final ColumnDescriptor column;
  private final List<FieldMapping> children;
  private final int definitionLevel;
  private final int repetitionLevel;
  private final int repeatedAncestorDefinitionLevel;

  FieldMapping(Field field, Kind kind, SchemaNode node, ColumnDescriptor column, List<FieldMapping> children,
      int definitionLevel, int repetitionLevel, int repeatedAncestorDefinitionLevel) {
    this.field = field;
    this.kind = kind;
    this.node = node;
    this.column = column;
    this.children = List.copyOf(children);
    this.definitionLevel = definitionLevel;
    this.repetitionLevel = repetitionLevel;
    this.repeatedAncestorDefinitionLevel = repeatedAncestorDefinitionLevel;
  }

  /** The Arrow field (with its children) this node produces. */
  public Field field() {
    return field;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The Parquet node the field was built from: the annotated group for a LIST or MAP, the repeated node for a
   * list built from a bare repeated field, the leaf for a primitive.
   */
  public SchemaNode node() {
    return node;
  }

  /** The leaf column for {@link Kind#PRIMITIVE}, null otherwise. */
  public ColumnDescriptor column() {
    return column;
  }

  public List<FieldMapping> children() {
    return children;
  }

  public FieldMapping child(int index) {
    return children.get(index);
  }

  public int definitionLevel() {
    return definitionLevel;
  }

  public int repetitionLevel() {
    return repetitionLevel;
  }

  public int repeatedAncestorDefinitionLevel() {
    return repeatedAncestorDefinitionLevel;
  }

  /** All leaf columns under this field, in leaf order. */
  public List<ColumnDescriptor> columns() {
    List<ColumnDescriptor> result = new ArrayList<>();
    collectColumns(result);
    return result;
  }

  void collectColumns(List<ColumnDescriptor> into) {
    if (column != null) {
      into.add(column);
    }
    for (FieldMapping child : children) {
      child.collectColumns(into);
    }
  }

  FieldMapping withField(Field newField) {
    return new FieldMapping(newField, kind, node, column, children, definitionLevel, repetitionLevel,
        repeatedAncestorDefinitionLevel);
  }

  FieldMapping withFieldAndChildren(Field newField, List<FieldMapping> newChildren) {
    return new FieldMapping(newField, kind, node, column, newChildren, definitionLevel, repetitionLevel,
        repeatedAncestorDefinitionLevel);
  }

  @Override
  public String toString() {
    return kind + " " + field + " (definition level " + definitionLevel + ", repetition level " + repetitionLevel
        + ", repeated ancestor definition level " + repeatedAncestorDefinitionLevel
        + (column == null ? "" : ", column " + column.dottedPath()) + ")";
  }
}
