package io.parquetarrow.core.read;

import io.parquetarrow.core.filter.Filter;
import java.util.List;
import java.util.Set;

/**
 * The reader's options as the read path takes them: the public {@code ReadOptions} implements this, so that this
 * package needs nothing from the facade's package (the facade depends on the read path, not the other way round).
 * Each method means what the same method of {@code ReadOptions} documents.
 */
public interface ReadSettings {
  /** Column names or dotted paths to read; empty means every column. */
  List<String> columns();

  /** Row group indices to read, in the order given, or {@code null} for all row groups in file order. */
  int[] rowGroups();

  /** The most rows in one batch. */
  int batchRows();

  /** Whether page CRC-32 checksums are verified where a page header carries one. */
  boolean verifyChecksums();

  /** Column names or dotted paths to read as Arrow dictionary-encoded vectors. */
  Set<String> dictionaryColumns();

  /** Whether INT96 columns are read as {@code timestamp[ns]} rather than as {@code fixed_size_binary(12)}. */
  boolean int96AsTimestamp();

  /** How many threads decode. */
  int threads();

  /** The most bytes of compressed column chunks read ahead of decoding; 0 reads none ahead. */
  long readAheadBytes();

  /** The rows to read, or null for all. */
  Filter filter();

  /** Whether a filter selects exact rows rather than only pruning row groups and pages. */
  boolean filterRows();
}
