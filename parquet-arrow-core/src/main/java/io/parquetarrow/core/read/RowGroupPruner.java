package io.parquetarrow.core.read;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.ColumnSummary;
import io.parquetarrow.core.filter.Filter;
import io.parquetarrow.core.filter.Pruning;
import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.core.filter.SummaryFilter;
import io.parquetarrow.core.filter.SummaryStatistics;
import io.parquetarrow.core.index.BloomFilterReader;
import io.parquetarrow.core.index.ColumnPageIndex;
import io.parquetarrow.core.index.DictionaryValuesReader;
import io.parquetarrow.core.index.PageIndexReader;
import io.parquetarrow.core.index.PageIndexes;
import io.parquetarrow.core.schema.ColumnDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides which rows of a row group a filter may match, before any of its data pages is read, trying each means in turn
 * and stopping at the first that rules the row group out: the chunks' statistics (footer only), then bloom filters (for
 * {@code =} and {@code IN}; the header and one 32-byte block per probed value), then the dictionaries of chunks whose
 * pages are all dictionary encoded and that have no bloom filter, then the column index of each filter column, whose
 * pages that cannot match become the row ranges left out (through the offset index). A chunk whose metadata, index or
 * filter is missing or cannot be decrypted simply tells nothing. Counts each outcome in the read's
 * {@link ScanCounters}.
 */
final class RowGroupPruner {
  /** What pruning decided for one row group: the rows to read, and the means that pruned it (null when kept). */
  record Decision(RowRanges rows, Pruning.Means prunedBy) {
    Pruning describe(int index, long rowCount) {
      return new Pruning(index, rowCount, rows.rowCount(), rows.rangeCount(), prunedBy);
    }
  }

  private final ReadPlan plan;
  private final FilterColumns columns;
  private final boolean usesBloomFilters;
  private final DictionaryValuesReader dictionaries = new DictionaryValuesReader();

  RowGroupPruner(ReadPlan plan, FilterColumns columns) {
    this.plan = plan;
    this.columns = columns;
    this.usesBloomFilters = hasEquality(columns.filter());
  }

  /** Decides for row group {@code index} and counts the outcome; the rows to read, empty when pruned. */
  RowRanges rowsToRead(int index, RowGroupMetadata metadata, ColumnChunks chunks) throws IOException {
    Decision decision = decide(index, metadata, chunks);
    ScanCounters counters = columns.statistics();
    counters.rowGroup();
    if (decision.prunedBy() != null) {
      counters.pruned(decision.prunedBy());
    }
    return decision.rows();
  }

  /** Decides for row group {@code index} without counting. */
  Decision decide(int index, RowGroupMetadata metadata, ColumnChunks chunks) throws IOException {
    long rowCount = metadata.rowCount();
    if (rowCount == 0) {
      return new Decision(RowRanges.none(), null);
    }
    Filter filter = columns.filter();
    Map<String, ColumnDescriptor> leaves = columns.leaves();
    ParquetMetadata file = plan.file().metadata();
    Map<String, ColumnSummary> summaries = new HashMap<>();
    for (Map.Entry<String, ColumnDescriptor> leaf : leaves.entrySet()) {
      ColumnChunkMetadata chunk = metadata.column(leaf.getValue().leafIndex());
      summaries.put(leaf.getKey(), chunk.isMetadataAvailable()
          ? SummaryStatistics.ofStatistics(chunk, file) : ColumnSummary.UNKNOWN);
    }
    if (!mightMatch(filter, leaves, summaries)) {
      return new Decision(RowRanges.none(), Pruning.Means.STATISTICS);
    }
    Set<String> bloomed = new HashSet<>();
    if (usesBloomFilters) {
      for (Map.Entry<String, ColumnDescriptor> leaf : leaves.entrySet()) {
        ColumnSummary.BloomFilter bloom = BloomFilterReader.open(plan.file(), metadata, leaf.getValue());
        if (bloom != null) {
          summaries.put(leaf.getKey(), summaries.get(leaf.getKey()).withBloom(bloom));
          bloomed.add(leaf.getKey());
        }
      }
      if (!bloomed.isEmpty() && !mightMatch(filter, leaves, summaries)) {
        return new Decision(RowRanges.none(), Pruning.Means.BLOOM_FILTER);
      }
    }
    boolean anyDictionary = false;
    for (Map.Entry<String, ColumnDescriptor> leaf : leaves.entrySet()) {
      if (bloomed.contains(leaf.getKey())) {
        // Its bloom filter let the row group through: the dictionary would rule out only its false positives
        // (about the filter's fpp of the row groups) at the cost of decompressing and comparing a whole
        // dictionary in every row group that holds the value, which the read then decompresses again (0048).
        continue;
      }
      List<byte[]> values = dictionaries.read(chunks, metadata, leaf.getValue());
      if (values != null) {
        summaries.put(leaf.getKey(), summaries.get(leaf.getKey()).withDictionary(values));
        anyDictionary = true;
      }
    }
    if (anyDictionary && !mightMatch(filter, leaves, summaries)) {
      return new Decision(RowRanges.none(), Pruning.Means.DICTIONARY);
    }
    Map<String, List<ColumnSummary.PageSummary>> pages = new HashMap<>();
    PageIndexes indexes = PageIndexReader.read(plan.file(), metadata, List.copyOf(leaves.values()), true);
    for (Map.Entry<String, ColumnDescriptor> leaf : leaves.entrySet()) {
      ColumnPageIndex pageIndex = indexes.column(leaf.getValue().leafIndex());
      if (pageIndex != null && pageIndex.columnIndex() != null && pageIndex.offsetIndex() != null) {
        pages.put(leaf.getKey(), SummaryStatistics.ofPageIndex(pageIndex.columnIndex(), pageIndex.offsetIndex(),
            rowCount, leaf.getValue(), file));
      }
    }
    if (pages.isEmpty()) {
      return new Decision(RowRanges.all(rowCount), null);
    }
    RowRanges rows = SummaryFilter.rows(filter, leaves, rowCount, pages::get);
    return new Decision(rows, rows.isEmpty() ? Pruning.Means.PAGE_INDEX : null);
  }

  /**
   * {@link SummaryFilter#mightMatch} over {@code summaries}; a bloom filter that fails to read a block while probed
   * ({@link BloomFilterReader#open}) throws that failure here.
   */
  private static boolean mightMatch(Filter filter, Map<String, ColumnDescriptor> leaves,
      Map<String, ColumnSummary> summaries) throws IOException {
    try {
      return SummaryFilter.mightMatch(filter, leaves, summaries::get);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Whether the filter has an {@code =} or {@code IN} a bloom filter can answer. */
  private static boolean hasEquality(Filter filter) {
    if (filter instanceof Filter.And and) {
      return and.operands().stream().anyMatch(RowGroupPruner::hasEquality);
    }
    if (filter instanceof Filter.Or or) {
      return or.operands().stream().anyMatch(RowGroupPruner::hasEquality);
    }
    if (filter instanceof Filter.Comparison comparison) {
      return comparison.operator() == Filter.Operator.EQ;
    }
    return filter instanceof Filter.In;
  }
}
