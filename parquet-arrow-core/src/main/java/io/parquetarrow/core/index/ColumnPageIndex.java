package io.parquetarrow.core.index;

import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageLocation;
import java.util.BitSet;
import java.util.List;

/**
 * The page index of one column chunk as {@link PageIndexReader} read and validated it: its column index (the
 * statistics of each page, for pruning) and its offset index (where each data page lies and its first row), each
 * null when the file has none. When both are present they list the same pages.
 *
 * @param columnIndex the chunk's column index, or null
 * @param offsetIndex the chunk's offset index, or null
 * @param rowCount the row group's row count, which the last page ends at
 */
public record ColumnPageIndex(ColumnIndex columnIndex, OffsetIndex offsetIndex, long rowCount) {

  /** The data pages of the offset index; 0 without one. */
  public int pageCount() {
    return offsetIndex == null ? 0 : offsetIndex.pageLocations().size();
  }

  /** The first row of data page {@code page} (requires an offset index). */
  public long firstRow(int page) {
    return offsetIndex.pageLocations().get(page).firstRowIndex();
  }

  /** One past the last row of data page {@code page} (requires an offset index). */
  public long endRow(int page) {
    List<PageLocation> pages = offsetIndex.pageLocations();
    return page + 1 < pages.size() ? pages.get(page + 1).firstRowIndex() : rowCount;
  }

  /** The data pages holding at least one row of {@code ranges} (requires an offset index). */
  public BitSet pagesOverlapping(RowRanges ranges) {
    BitSet pages = new BitSet(pageCount());
    for (int page = 0; page < pageCount(); page++) {
      if (ranges.overlaps(firstRow(page), endRow(page))) {
        pages.set(page);
      }
    }
    return pages;
  }
}
