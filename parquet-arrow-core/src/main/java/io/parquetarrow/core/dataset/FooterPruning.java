package io.parquetarrow.core.dataset;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.ColumnSummary;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.SummaryFilter;
import io.parquetarrow.core.filter.SummaryStatistics;
import io.parquetarrow.core.schema.ColumnDescriptor;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether a file may hold a row matching a filter, from its footer alone: some row group's column chunk statistics
 * must allow a match ({@link SummaryFilter}, as the file reader prunes row groups first). Bloom filters,
 * dictionaries and page indexes are left to the file's reader, which would have to read them from the file.
 */
final class FooterPruning {
  private FooterPruning() {}

  /** False only when no row group of the file can match {@code residual} (a filter on the file's own columns). */
  static boolean mayMatch(Filter residual, ParquetMetadata metadata) {
    Map<String, ColumnDescriptor> leaves = new LinkedHashMap<>();
    for (String path : residual.columns()) {
      ColumnDescriptor leaf = metadata.schema().columnByPath(path);
      if (leaf != null && leaf.maxRepetitionLevel() == 0) {
        leaves.put(path, leaf);
      }
    }
    for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
      if (rowGroup.rowCount() == 0) {
        continue;
      }
      Map<String, ColumnSummary> summaries = new HashMap<>();
      for (Map.Entry<String, ColumnDescriptor> leaf : leaves.entrySet()) {
        ColumnChunkMetadata chunk = rowGroup.column(leaf.getValue().leafIndex());
        summaries.put(leaf.getKey(), chunk.isMetadataAvailable()
            ? SummaryStatistics.ofStatistics(chunk, metadata) : ColumnSummary.UNKNOWN);
      }
      if (SummaryFilter.mightMatch(residual, leaves, summaries::get)) {
        return true;
      }
    }
    return false;
  }
}
