package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;

/**
 * A decoder of fixed-width numbers that can also hand them over as Arrow and PLAIN store them: each value's
 * little-endian bytes, back to back. The core reads a column without nulls through it into a small chunk that it
 * copies straight into the Arrow buffer, skipping the {@code int[]}/{@code long[]} step of
 * {@link ValueDecoder#read}.
 */
public interface LittleEndianValues {

  /**
   * Decodes the next {@code count} values into {@code destination} from {@code destinationOffset}, each as its
   * width's little-endian bytes; consumes them as {@link ValueDecoder#read} would.
   */
  void readLittleEndian(byte[] destination, int destinationOffset, int count) throws ParquetCorruptionException;
}
