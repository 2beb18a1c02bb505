package io.parquetarrow.core.file;

import io.parquetarrow.format.RowGroup;
import io.parquetarrow.format.SortingColumn;
import java.util.List;

/**
 * The footer's description of one row group: its row count, sizes, and one {@link ColumnChunkMetadata} per leaf
 * column, in schema order. Built and validated by {@link ParquetMetadata}; the row group reader walks
 * {@link #columns()}.
 */
public final class RowGroupMetadata {
  private final RowGroup rowGroup;
  private final int index;
  private final int ordinal;
  private final List<ColumnChunkMetadata> columns;

  RowGroupMetadata(RowGroup rowGroup, int index, int ordinal, List<ColumnChunkMetadata> columns) {
    this.rowGroup = rowGroup;
    this.index = index;
    this.ordinal = ordinal;
    this.columns = List.copyOf(columns);
  }

  /** Position of this row group in the footer. */
  public int index() {
    return index;
  }

  /**
   * The row group ordinal of encrypted modules' AADs: the footer's {@code ordinal} when the writer recorded one,
   * else {@link #index()}.
   */
  public int ordinal() {
    return ordinal;
  }

  public long rowCount() {
    return rowGroup.numRows();
  }

  /** Uncompressed size of all column data, as the writer recorded it. */
  public long totalByteSize() {
    return rowGroup.totalByteSize();
  }

  /** One chunk per leaf column, in schema order (chunk {@code i} stores leaf {@code i}). */
  public List<ColumnChunkMetadata> columns() {
    return columns;
  }

  public ColumnChunkMetadata column(int leafIndex) {
    return columns.get(leafIndex);
  }

  /** The sort order the writer declared, or an empty list. */
  public List<SortingColumn> sortingColumns() {
    return rowGroup.sortingColumns() == null ? List.of() : rowGroup.sortingColumns();
  }

  /** The footer's RowGroup struct as decoded. */
  public RowGroup rowGroup() {
    return rowGroup;
  }

  @Override
  public String toString() {
    return "RowGroup[" + index + ", " + rowCount() + " rows, " + columns.size() + " columns]";
  }
}
