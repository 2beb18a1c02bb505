package io.parquetarrow.encodings;

/**
 * Encodes the values section of one data page (or a dictionary page) in one Parquet encoding; the writer's
 * mirror of {@link ValueDecoder}. Values are given with {@link #put} in the same destination types the decoders
 * produce ({@code int[]} for INT32/FLOAT bits, {@code long[]} for INT64/DOUBLE bits, {@code byte[]} for BOOLEAN
 * 0/1 bytes and fixed-width values back to back, {@link BinaryBuffer} for BYTE_ARRAY); {@link #flush} returns
 * the page's encoded bytes and makes the encoder ready for the next page.
 */
public interface ValueEncoder<T> {

  /** Adds values {@code [offset, offset + count)} of {@code values} to the current page. */
  void put(T values, int offset, int count);

  /** The number of values put since the last flush. */
  int valueCount();

  /**
   * Returns the encoded page and starts a new one. The slice's array is the encoder's and is overwritten by the
   * next page, so callers copy or compress it first.
   */
  ByteSlice flush();
}
