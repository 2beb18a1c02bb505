package io.parquetarrow.core.write;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.format.Statistics;
import java.util.Arrays;

/**
 * The min/max and null count of the page being assembled and of its column chunk, part of the column layer of the
 * write path: {@link ColumnStatistics} for the order, turned into the thrift {@code Statistics} of page headers
 * and of {@code ColumnMetaData} with bounds truncated by {@link BoundTruncation#bounds}. A dictionary-encoded
 * page of byte strings is summarized from the first occurrence in the page of each dictionary entry it uses: a
 * page of 20,000 rows over a few hundred distinct strings compares a few hundred values, not 20,000.
 */
final class StatisticsBuilder {
  private final ColumnDescriptor column;
  private final int truncateLength;
  private final boolean utf8;
  private ColumnStatistics page;
  private ColumnStatistics chunk;
  /** Per dictionary entry, the stamp of the last page that used it. */
  private int[] entryStamps = new int[0];
  private int pageStamp = 1;
  private int[] distinctPositions = new int[0];

  StatisticsBuilder(ColumnDescriptor column, int truncateLength, boolean utf8) {
    this.column = column;
    this.truncateLength = truncateLength;
    this.utf8 = utf8;
    startChunk();
  }

  void startChunk() {
    chunk = ColumnStatistics.forColumn(column);
    page = chunk.newEmpty();
    nextPageStamp();
  }

  /**
   * Takes values {@code [from, from + count)} of the page and {@code nulls} nulls into account;
   * {@code dictionaryIndices} holds the values' dictionary entries (among {@code dictionarySize}) when the page is
   * dictionary encoded, else null.
   */
  void update(ValueBuffer values, int from, int count, long nulls, int[] dictionaryIndices, int dictionarySize) {
    if (dictionaryIndices != null && page.prefersDistinctValues()) {
      updateFromDistinct(values, from, count, dictionaryIndices, dictionarySize);
    } else {
      page.update(values, from, count);
    }
    page.nullCount += nulls;
  }

  private void updateFromDistinct(ValueBuffer values, int from, int count, int[] indices, int dictionarySize) {
    if (entryStamps.length < dictionarySize) {
      entryStamps = Arrays.copyOf(entryStamps, Math.max(dictionarySize, 2 * entryStamps.length));
    }
    if (distinctPositions.length < count) {
      distinctPositions = new int[Math.max(count, 2 * distinctPositions.length)];
    }
    int[] stamps = entryStamps;
    int stamp = pageStamp;
    int distinct = 0;
    for (int i = from; i < from + count; i++) {
      int entry = indices[i];
      if (stamps[entry] != stamp) {
        stamps[entry] = stamp;
        distinctPositions[distinct++] = i;
      }
    }
    page.updateSelected(values, distinctPositions, distinct);
  }

  /** Starts a new page's entry stamps: every dictionary entry counts as not yet seen in it. */
  private void nextPageStamp() {
    if (++pageStamp == Integer.MAX_VALUE) {
      Arrays.fill(entryStamps, 0);
      pageStamp = 1;
    }
  }

  /** The statistics of the page being assembled. */
  ColumnStatistics page() {
    return page;
  }

  /** The statistics of the chunk's finished pages. */
  ColumnStatistics chunk() {
    return chunk;
  }

  /** Folds the page into the chunk and starts the next page. */
  void endPage() {
    chunk.merge(page);
    page = chunk.newEmpty();
    nextPageStamp();
  }

  Statistics pageStatistics() {
    return toThrift(page);
  }

  Statistics chunkStatistics() {
    return toThrift(chunk);
  }

  private Statistics toThrift(ColumnStatistics statistics) {
    if (!statistics.hasMinMax()) {
      return new Statistics(null, null, statistics.nullCount, null, null, null, null, null, null);
    }
    BoundTruncation.Bounds bounds = BoundTruncation.bounds(statistics, truncateLength, utf8);
    boolean legacy = statistics.legacyOrderAgrees();
    return new Statistics(legacy ? bounds.max() : null, legacy ? bounds.min() : null, statistics.nullCount, null,
        bounds.max(), bounds.min(), bounds.maxExact(), bounds.minExact(), null);
  }
}
