package io.parquetarrow.core.schema;

import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import java.util.List;

/**
 * One node of a Parquet schema tree, built by {@link SchemaDescriptor} from the footer's flat, depth-first list of
 * {@code SchemaElement}s. A node is either a {@link GroupNode} (has children) or a {@link PrimitiveNode} (a leaf,
 * which stores one column chunk per row group).
 *
 * <p>Sits between the Thrift metadata ({@code io.parquetarrow.format}) and the Arrow schema mapping
 * ({@link ParquetToArrowSchema}); it only reorganises the footer's schema, it does not interpret types.
 */
public abstract sealed class SchemaNode permits GroupNode, PrimitiveNode {
  private final SchemaElement element;
  private final List<String> path;
  private final int definitionLevel;
  private final int repetitionLevel;

  SchemaNode(SchemaElement element, List<String> path, int definitionLevel, int repetitionLevel) {
    this.element = element;
    this.path = List.copyOf(path);
    this.definitionLevel = definitionLevel;
    this.repetitionLevel = repetitionLevel;
  }

  /** The footer's schema element this node was built from. */
  public SchemaElement element() {
    return element;
  }

  /** The element's name (the root's name is the message name, which readers ignore). */
  public String name() {
    return element.name();
  }

  /** Names from the first level below the root down to this node; empty for the root. */
  public List<String> path() {
    return path;
  }

  /** The path joined with dots, as column paths are usually printed. */
  public String dottedPath() {
    return String.join(".", path);
  }

  /**
   * The repetition; {@code REQUIRED} when the element leaves it unset, which only the root may do (the spec
   * says the root has none).
   */
  public FieldRepetitionType repetition() {
    FieldRepetitionType repetition = element.repetitionType();
    return repetition == null ? FieldRepetitionType.REQUIRED : repetition;
  }

  public boolean isRepeated() {
    return repetition() == FieldRepetitionType.REPEATED;
  }

  public boolean isOptional() {
    return repetition() == FieldRepetitionType.OPTIONAL;
  }

  public boolean isRequired() {
    return repetition() == FieldRepetitionType.REQUIRED;
  }

  /** The maximum definition level of this node: the number of optional or repeated nodes on its path. */
  public int definitionLevel() {
    return definitionLevel;
  }

  /** The maximum repetition level of this node: the number of repeated nodes on its path. */
  public int repetitionLevel() {
    return repetitionLevel;
  }

  /** The element's {@code field_id}, or null. */
  public Integer fieldId() {
    return element.fieldId();
  }

  /** The element's legacy {@code converted_type}, or null. */
  public ConvertedType convertedType() {
    return element.convertedType();
  }

  /** The element's {@code logicalType} as written, or null (see {@link #effectiveLogicalType()}). */
  public LogicalType logicalType() {
    return element.logicalType();
  }

  /**
   * The annotation readers act on: the {@code logicalType} when the writer set one, otherwise the logical type
   * equivalent to the legacy {@code converted_type} (as {@link LegacyTypes#fromConvertedType} defines it), or
   * null when the node has neither. A logical type this library does not know stays
   * {@link LogicalType.Unrecognized}; readers treat it as "no annotation", as the spec asks.
   */
  public abstract LogicalType effectiveLogicalType();

  public boolean isGroup() {
    return this instanceof GroupNode;
  }

  public GroupNode asGroup() {
    return (GroupNode) this;
  }

  public PrimitiveNode asPrimitive() {
    return (PrimitiveNode) this;
  }
}
