package io.parquetarrow.core.read;

import io.parquetarrow.core.filter.Pruning;
import io.parquetarrow.core.filter.ScanStatistics;

/** The running counts behind {@link ScanStatistics}; kept by the one thread that reads filtered batches. */
final class ScanCounters {
  private int rowGroups;
  private final int[] pruned = new int[Pruning.Means.values().length];
  private long pages;
  private long pagesSkipped;
  private long rowsDecoded;
  private long rowsReturned;

  void rowGroup() {
    rowGroups++;
  }

  void pruned(Pruning.Means means) {
    pruned[means.ordinal()]++;
  }

  void pages(long total, long skipped) {
    pages += total;
    pagesSkipped += skipped;
  }

  void rowsDecoded(long rows) {
    rowsDecoded += rows;
  }

  void rowsReturned(long rows) {
    rowsReturned += rows;
  }

  ScanStatistics snapshot(long bytesRead) {
    return new ScanStatistics(rowGroups, pruned[0], pruned[1], pruned[2], pruned[3], pages, pagesSkipped,
        rowsDecoded, rowsReturned, bytesRead);
  }
}
