package io.parquetarrow.core.schema;

import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.util.List;

/**
 * Everything the column readers need to know about one leaf column: its path, physical type, type length, the
 * maximum definition and repetition levels that size its level streams, its annotation, and its position among
 * the leaves (which is also the index of its column chunk in every row group).
 *
 * <p>Created by {@link SchemaDescriptor}; immutable.
 */
public final class ColumnDescriptor {
  private final PrimitiveNode node;
  private final int leafIndex;

  ColumnDescriptor(PrimitiveNode node, int leafIndex) {
    this.node = node;
    this.leafIndex = leafIndex;
  }

  /** The leaf node of the schema tree. */
  public PrimitiveNode node() {
    return node;
  }

  /** The footer's schema element of the leaf. */
  public SchemaElement element() {
    return node.element();
  }

  /** Path components from below the root to the leaf, e.g. {@code [a, list, element]}. */
  public List<String> path() {
    return node.path();
  }

  /** The path joined with dots, e.g. {@code a.list.element}; how error messages name the column. */
  public String dottedPath() {
    return node.dottedPath();
  }

  /** Position of the column among the leaves, in footer order. */
  public int leafIndex() {
    return leafIndex;
  }

  public Type physicalType() {
    return node.physicalType();
  }

  /** {@code type_length} for FIXED_LEN_BYTE_ARRAY, -1 otherwise. */
  public int typeLength() {
    return node.typeLength();
  }

  public int maxDefinitionLevel() {
    return node.definitionLevel();
  }

  public int maxRepetitionLevel() {
    return node.repetitionLevel();
  }

  /** The annotation as written in {@code logicalType}, or null. */
  public LogicalType logicalType() {
    return node.logicalType();
  }

  /** The annotation readers act on; see {@link SchemaNode#effectiveLogicalType()}. */
  public LogicalType effectiveLogicalType() {
    return node.effectiveLogicalType();
  }

  /** The legacy annotation, or null. */
  public ConvertedType convertedType() {
    return node.convertedType();
  }

  @Override
  public String toString() {
    return "column " + dottedPath() + " (" + physicalType() + ", max definition level " + maxDefinitionLevel()
        + ", max repetition level " + maxRepetitionLevel() + ")";
  }
}
