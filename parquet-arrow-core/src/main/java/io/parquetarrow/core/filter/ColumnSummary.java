package io.parquetarrow.core.filter;

import java.util.List;

/**
 * What is known of one leaf column over some rows (a row group's chunk, or one page of it), for deciding that a
 * filter matches none of them. Every part may be unknown. Values are <em>plain values</em>: the bytes Parquet
 * statistics hold for the physical type (little-endian INT32, INT64, FLOAT, DOUBLE; 12 bytes of INT96; the bytes
 * of a BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY without a length prefix; one byte 0 or 1 for BOOLEAN).
 *
 * @param min a lower bound of the non-null values (exact or not), null when unknown or not to be trusted
 * @param max an upper bound of the non-null values, null when unknown or not to be trusted
 * @param nullCount how many of the rows are null, -1 when unknown
 * @param valueCount how many rows (level entries, for a flat column) are summarized, -1 when unknown
 * @param dictionary every non-null value the rows may hold (a chunk's dictionary when all its pages are dictionary
 *     encoded), null when unknown
 * @param bloom the chunk's bloom filter, null when it has none
 */
public record ColumnSummary(byte[] min, byte[] max, long nullCount, long valueCount, List<byte[]> dictionary,
    BloomFilter bloom) {

  /** Nothing known. */
  public static final ColumnSummary UNKNOWN = new ColumnSummary(null, null, -1, -1, null, null);

  /** This summary with {@code dictionary} as its values. */
  public ColumnSummary withDictionary(List<byte[]> values) {
    return new ColumnSummary(min, max, nullCount, valueCount, values, bloom);
  }

  /** This summary with {@code filter} as its bloom filter. */
  public ColumnSummary withBloom(BloomFilter filter) {
    return new ColumnSummary(min, max, nullCount, valueCount, dictionary, filter);
  }

  /** A column's summary over rows {@code [firstRow, endRow)} of its row group: one page, or the whole chunk. */
  public record PageSummary(long firstRow, long endRow, ColumnSummary summary) {}

  /** A chunk's bloom filter: whether a plain value may be among the chunk's values. */
  public interface BloomFilter {
    /** False only when {@code plainValue} is certainly not among the chunk's values. */
    boolean mightContain(byte[] plainValue);
  }
}
