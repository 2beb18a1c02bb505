package io.parquetarrow.core.write;

import io.parquetarrow.format.BoundaryOrder;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.OffsetIndex;
import io.parquetarrow.format.PageLocation;
import java.util.ArrayList;
import java.util.List;

/**
 * The page index of one column chunk, collected page by page, part of the column layer of the write path: the
 * {@code ColumnIndex} (per page: null page flag, truncated min and max by {@link BoundTruncation#bounds}, null
 * count, level histograms; and the boundary order) and the {@code OffsetIndex} (page locations, made absolute
 * once the chunk's place in the file is known, and unencoded byte counts).
 */
final class PageIndexBuilder {
  private final int truncateLength;
  private final boolean utf8;
  private final List<Boolean> nullPages = new ArrayList<>();
  private final List<byte[]> minValues = new ArrayList<>();
  private final List<byte[]> maxValues = new ArrayList<>();
  private final List<Long> nullCounts = new ArrayList<>();
  private final List<Long> definitionHistograms = new ArrayList<>();
  private final List<Long> repetitionHistograms = new ArrayList<>();
  private boolean valid = true;

  PageIndexBuilder(int truncateLength, boolean utf8) {
    this.truncateLength = truncateLength;
    this.utf8 = utf8;
  }

  void reset() {
    nullPages.clear();
    minValues.clear();
    maxValues.clear();
    nullCounts.clear();
    definitionHistograms.clear();
    repetitionHistograms.clear();
    valid = true;
  }

  /** Adds a page: its statistics, whether it holds no value, and its level histograms (null when none). */
  void addPage(ColumnStatistics statistics, boolean nullPage, long[] definitionHistogram,
      long[] repetitionHistogram) {
    nullPages.add(nullPage);
    nullCounts.add(statistics.nullCount);
    if (definitionHistogram != null) {
      for (long count : definitionHistogram) {
        definitionHistograms.add(count);
      }
    }
    if (repetitionHistogram != null) {
      for (long count : repetitionHistogram) {
        repetitionHistograms.add(count);
      }
    }
    if (nullPage) {
      minValues.add(new byte[0]);
      maxValues.add(new byte[0]);
    } else if (!statistics.hasMinMax()) {
      // A page of only NaNs has values but no bounds: a column index cannot describe it (Arrow C++ drops the
      // column index of such a chunk too).
      valid = false;
      minValues.add(new byte[0]);
      maxValues.add(new byte[0]);
    } else {
      BoundTruncation.Bounds bounds = BoundTruncation.bounds(statistics, truncateLength, utf8);
      minValues.add(bounds.min());
      maxValues.add(bounds.max());
    }
  }

  /**
   * The chunk's column index, or null when it cannot have one; {@code order} orders the bounds (the chunk's
   * statistics).
   */
  ColumnIndex buildColumnIndex(ColumnStatistics order, boolean withHistograms) {
    // No column index for an undefined sort order (INT96, INTERVAL), even with only null pages: parquet-java
    // writes none for such columns and its min_values/max_values could hold no bounds.
    if (!valid || nullPages.isEmpty() || order.undefinedOrder()) {
      return null;
    }
    boolean ascending = true;
    boolean descending = true;
    int previous = -1;
    for (int page = 0; page < nullPages.size(); page++) {
      if (nullPages.get(page)) {
        continue;
      }
      if (previous >= 0) {
        int minOrder = order.compare(minValues.get(previous), minValues.get(page));
        int maxOrder = order.compare(maxValues.get(previous), maxValues.get(page));
        ascending &= minOrder <= 0 && maxOrder <= 0;
        descending &= minOrder >= 0 && maxOrder >= 0;
      }
      previous = page;
    }
    BoundaryOrder boundaryOrder = ascending ? BoundaryOrder.ASCENDING
        : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
    return new ColumnIndex(new ArrayList<>(nullPages), new ArrayList<>(minValues), new ArrayList<>(maxValues),
        boundaryOrder, new ArrayList<>(nullCounts),
        withHistograms && !repetitionHistograms.isEmpty() ? new ArrayList<>(repetitionHistograms) : null,
        withHistograms && !definitionHistograms.isEmpty() ? new ArrayList<>(definitionHistograms) : null, null);
  }

  /**
   * The chunk's offset index: {@code locations} (offsets relative to the first data page) moved to
   * {@code dataPageOffset}, with each page's unencoded BYTE_ARRAY bytes or null.
   */
  static OffsetIndex buildOffsetIndex(List<PageLocation> locations, long dataPageOffset,
      List<Long> unencodedByteArrayDataBytes) {
    List<PageLocation> absolute = new ArrayList<>(locations.size());
    for (PageLocation location : locations) {
      absolute.add(new PageLocation(dataPageOffset + location.offset(), location.compressedPageSize(),
          location.firstRowIndex()));
    }
    return new OffsetIndex(absolute, unencodedByteArrayDataBytes);
  }
}
