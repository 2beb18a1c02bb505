package io.parquetarrow.core.schema;

import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.util.List;

/**
 * A leaf of the Parquet schema: one physical column. Each leaf has exactly one {@link ColumnDescriptor} (its
 * levels and position among the leaves) and one column chunk per row group. Built by {@link SchemaDescriptor}.
 */
public final class PrimitiveNode extends SchemaNode {
  private final int columnIndex;
  private ColumnDescriptor column;

  PrimitiveNode(
      SchemaElement element, List<String> path, int definitionLevel, int repetitionLevel, int columnIndex) {
    super(element, path, definitionLevel, repetitionLevel);
    this.columnIndex = columnIndex;
  }

  void setColumn(ColumnDescriptor column) {
    this.column = column;
  }

  /** The physical type the column's values are stored as. */
  public Type physicalType() {
    return element().type();
  }

  /** {@code type_length} for FIXED_LEN_BYTE_ARRAY; -1 when unset. */
  public int typeLength() {
    Integer length = element().typeLength();
    return length == null ? -1 : length;
  }

  /** Position of this leaf among all leaves, in footer order (the index of its column chunk in a row group). */
  public int columnIndex() {
    return columnIndex;
  }

  /** The column this leaf stores. */
  public ColumnDescriptor column() {
    return column;
  }

  @Override
  public LogicalType effectiveLogicalType() {
    LogicalType logical = logicalType();
    if (logical != null) {
      return logical;
    }
    return LegacyTypes.fromConvertedType(convertedType(), element().scale(), element().precision());
  }

  @Override
  public String toString() {
    return physicalType() + " " + dottedPath();
  }
}
