package io.parquetarrow.core.filter;

import java.util.Locale;

/**
 * What pruning decided for one row group of a filtered read, before reading its data: pruned by one of the
 * {@link Means}, or kept with the rows that may match (all of them, or the row ranges the page index left).
 *
 * @param rowGroup the row group's index in the file
 * @param rows the row group's rows
 * @param rowsLeft the rows that may match and are read: 0 when pruned
 * @param ranges how many row ranges those rows form
 * @param prunedBy the means that pruned it, null when kept
 */
public record Pruning(int rowGroup, long rows, long rowsLeft, int ranges, Means prunedBy) {

  /** The means that prune a row group, in the order they are tried. */
  public enum Means {
    /** The chunks' min/max and null counts in the footer. */
    STATISTICS,
    /** The chunks' bloom filters, for {@code =} and {@code IN}. */
    BLOOM_FILTER,
    /** The values of chunks whose data pages are all dictionary encoded. */
    DICTIONARY,
    /** The column index: no page of a filter column may match. */
    PAGE_INDEX
  }

  /** One line: {@code row group 3: 100000 rows, pruned by statistics} or {@code ... 2 ranges, 4000 rows left}. */
  public String describe() {
    return "row group " + rowGroup + ": " + rows + " rows, " + (prunedBy != null
        ? "pruned by " + prunedBy.name().toLowerCase(Locale.ROOT).replace('_', ' ')
        : rowsLeft == rows ? "kept whole" : "kept " + rowsLeft + " rows in " + ranges + " ranges");
  }
}
