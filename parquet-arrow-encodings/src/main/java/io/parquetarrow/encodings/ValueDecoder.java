package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;

/**
 * Decodes the values section of one data page in one Parquet encoding. One implementation per encoding, reused
 * from page to page: {@link #init} points it at a page, then {@link #read} and {@link #skip} consume values in
 * order. Decoders know nothing of Arrow; {@code parquet-arrow-core} moves what they produce into vectors.
 *
 * <p>The destination type {@code T} follows the physical type: {@code int[]} for INT32 and FLOAT (raw IEEE
 * bits), {@code long[]} for INT64 and DOUBLE (raw bits), {@code byte[]} for BOOLEAN (one byte, 0 or 1, per value)
 * and for FIXED_LEN_BYTE_ARRAY and INT96 (values back to back), and {@link BinaryBuffer} for BYTE_ARRAY.
 *
 * <p>Every length read from the page is checked against the bytes that remain before it is used; a bad page
 * ends in {@link ParquetCorruptionException}, never in an out-of-bounds access or an oversized allocation.
 */
public interface ValueDecoder<T> {

  /**
   * Starts decoding the page bytes {@code page[offset, offset + length)} holding {@code valueCount} non-null
   * values. The decoder keeps a reference to {@code page}; the caller does not change those bytes until the
   * next {@code init}.
   */
  void init(byte[] page, int offset, int length, int valueCount) throws ParquetCorruptionException;

  /** Decodes the next {@code count} values into {@code destination} starting at {@code destinationOffset}. */
  void read(T destination, int destinationOffset, int count) throws ParquetCorruptionException;

  /** Skips the next {@code count} values. */
  void skip(int count) throws ParquetCorruptionException;
}
