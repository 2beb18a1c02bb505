package io.parquetarrow.core.index;

import java.util.Map;

/**
 * The page indexes {@link PageIndexReader} read for some columns of one row group, by leaf index (a column's
 * position among the schema's leaves), and how many requests reading them took.
 */
public final class PageIndexes {
  private final Map<Integer, ColumnPageIndex> columns;
  private final int requests;

  PageIndexes(Map<Integer, ColumnPageIndex> columns, int requests) {
    this.columns = Map.copyOf(columns);
    this.requests = requests;
  }

  /**
   * The page index of the column at leaf index {@code leafIndex}, or null when its chunk has neither a column nor
   * an offset index, it was not asked for, or it is encrypted with a key not at hand.
   */
  public ColumnPageIndex column(int leafIndex) {
    return columns.get(leafIndex);
  }

  /** The read requests made for these indexes (neighbouring indexes are read with one). */
  public int requests() {
    return requests;
  }
}
