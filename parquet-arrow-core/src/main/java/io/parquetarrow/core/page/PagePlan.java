package io.parquetarrow.core.page;

import io.parquetarrow.format.PageLocation;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Which pages of one column chunk a read needs, from the chunk's offset index: the data pages (where each starts
 * and ends in the chunk and its first row) and which of them hold rows the read returns. The page layer reads only
 * the bytes of {@linkplain #rangeCount() its ranges} — the dictionary page (everything before the first data page)
 * and the selected data pages, neighbours merged — and passes over the other data pages by their offset index
 * entry alone ({@link PageReader#indexedPageRows()}), neither reading nor decompressing them.
 *
 * <p>Made only for a column whose level entries are rows (maximum repetition level 0), so a data page's level
 * entries are its rows. Positions are relative to the chunk start. Immutable.
 */
public final class PagePlan {
  private final long chunkStart;
  /** Where each data page (its header) starts in the chunk, ascending. */
  private final long[] pageStarts;
  /** Where each data page ends in the chunk ({@code offset + compressed_page_size}). */
  private final long[] pageEnds;
  private final long[] firstRows;
  private final long rowCount;
  private final BitSet selected;
  private final long[] rangeStarts;
  private final long[] rangeEnds;

  private PagePlan(long chunkStart, long[] pageStarts, long[] pageEnds, long[] firstRows, long rowCount,
      BitSet selected, long[] rangeStarts, long[] rangeEnds) {
    this.chunkStart = chunkStart;
    this.pageStarts = pageStarts;
    this.pageEnds = pageEnds;
    this.firstRows = firstRows;
    this.rowCount = rowCount;
    this.selected = selected;
    this.rangeStarts = rangeStarts;
    this.rangeEnds = rangeEnds;
  }

  /**
   * The plan of a chunk whose offset index lists {@code pages} (validated: inside the chunk, ascending, first rows
   * ascending from 0 and below {@code rowCount}), reading the pages set in {@code selected}.
   *
   * @param chunkStart the chunk's first byte in the file (its dictionary page if any)
   * @param chunkLength the chunk's length
   * @throws IllegalArgumentException when a page lies outside the chunk or the pages are not in order
   */
  public static PagePlan of(List<PageLocation> pages, long rowCount, BitSet selected, long chunkStart,
      long chunkLength) {
    int count = pages.size();
    long[] starts = new long[count];
    long[] ends = new long[count];
    long[] firstRows = new long[count];
    for (int i = 0; i < count; i++) {
      PageLocation page = pages.get(i);
      starts[i] = page.offset() - chunkStart;
      ends[i] = starts[i] + page.compressedPageSize();
      firstRows[i] = page.firstRowIndex();
      boolean ordered = i == 0 ? starts[i] >= 0 && firstRows[i] == 0
          : starts[i] >= ends[i - 1] && firstRows[i] > firstRows[i - 1];
      if (!ordered || ends[i] <= starts[i] || ends[i] > chunkLength || firstRows[i] >= rowCount) {
        throw new IllegalArgumentException("page " + i + " of the offset index (" + page + ") is out of order or"
            + " outside the column chunk of " + chunkLength + " bytes at " + chunkStart);
      }
    }
    BitSet read = (BitSet) selected.clone();
    read.clear(count, Math.max(count, read.length()));
    long[] rangeStarts = new long[count + 1];
    long[] rangeEnds = new long[count + 1];
    int ranges = 0;
    if (count > 0 && starts[0] > 0) {
      rangeEnds[ranges++] = starts[0]; // the dictionary page, and whatever precedes the first data page
    }
    for (int i = read.nextSetBit(0); i >= 0; i = read.nextSetBit(i + 1)) {
      if (ranges > 0 && rangeEnds[ranges - 1] == starts[i]) {
        rangeEnds[ranges - 1] = ends[i];
      } else {
        rangeStarts[ranges] = starts[i];
        rangeEnds[ranges++] = ends[i];
      }
    }
    return new PagePlan(chunkStart, starts, ends, firstRows, rowCount, read,
        Arrays.copyOf(rangeStarts, ranges), Arrays.copyOf(rangeEnds, ranges));
  }

  /** The data pages of the chunk. */
  public int pageCount() {
    return pageStarts.length;
  }

  /** The data pages read. */
  public int selectedPageCount() {
    return selected.cardinality();
  }

  /** Whether data page {@code page} is read. */
  public boolean selected(int page) {
    return selected.get(page);
  }

  /** How many byte ranges of the chunk are read. */
  public int rangeCount() {
    return rangeStarts.length;
  }

  /** Where range {@code range} starts in the file. */
  public long rangeOffset(int range) {
    return chunkStart + rangeStarts[range];
  }

  /** The bytes of range {@code range}. */
  public long rangeLength(int range) {
    return rangeEnds[range] - rangeStarts[range];
  }

  /** The bytes of the chunk read, all ranges together. */
  public long plannedBytes() {
    long total = 0;
    for (int i = 0; i < rangeStarts.length; i++) {
      total += rangeEnds[i] - rangeStarts[i];
    }
    return total;
  }

  /** The data page starting at chunk position {@code position}, or -1 when none does. */
  int pageStartingAt(long position) {
    int page = Arrays.binarySearch(pageStarts, position);
    return page >= 0 ? page : -1;
  }

  /** The rows of data page {@code page}. */
  long rows(int page) {
    return (page + 1 < firstRows.length ? firstRows[page + 1] : rowCount) - firstRows[page];
  }

  /** Where the page after {@code page} starts in the chunk, or where {@code page} ends when it is the last. */
  long next(int page) {
    return page + 1 < pageStarts.length ? pageStarts[page + 1] : pageEnds[page];
  }

  /** The range holding chunk position {@code position}, or -1 when it is in none. */
  int rangeContaining(long position) {
    int low = 0;
    int high = rangeStarts.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (rangeEnds[middle] <= position) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low < rangeStarts.length && rangeStarts[low] <= position ? low : -1;
  }

  /** Where range {@code range} starts in the chunk. */
  long rangeStart(int range) {
    return rangeStarts[range];
  }

  /** Where range {@code range} ends in the chunk. */
  long rangeEnd(int range) {
    return rangeEnds[range];
  }
}
