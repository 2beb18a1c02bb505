package io.parquetarrow.core.read;

import io.parquetarrow.core.filter.Pruning;
import io.parquetarrow.core.filter.ScanStatistics;

/** The running counts behind {@link ScanStatistics}; kept by the one thread that reads filtered batches. */
final class ScanCounters {
  private int rowGroups;
  private final int[] pruned = new int[Pruning.Means.values().length];
  private long rowsDecoded;
  private long rowsReturned;

  void rowGroup() {
    rowGroups++;
  }

  void pruned(Pruning.Means means) {
    pruned[means.ordinal()]++;
  }

  void rowsDecoded(long rows) {
    rowsDecoded += rows;
  }

  void rowsReturned(long rows) {
    rowsReturned += rows;
  }

  /** The counts so far, with the page and byte counts of the chunks the read opened. */
  ScanStatistics snapshot(ColumnChunks chunks) {
    return new ScanStatistics(rowGroups, count(Pruning.Means.STATISTICS), count(Pruning.Means.DICTIONARY),
        count(Pruning.Means.BLOOM_FILTER), count(Pruning.Means.PAGE_INDEX), chunks.pagesSeen(),
        chunks.pagesNotRead(), chunks.pagesDecompressedInPart(), rowsDecoded, rowsReturned, chunks.bytesRead());
  }

  private int count(Pruning.Means means) {
    return pruned[means.ordinal()];
  }
}
