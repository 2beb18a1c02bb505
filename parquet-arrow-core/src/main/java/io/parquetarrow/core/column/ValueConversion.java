package io.parquetarrow.core.column;

/**
 * Turns a flat column's fixed-width values into the bytes its Arrow vector holds as they are decoded, for
 * columns whose Arrow layout differs from the Parquet one (decimals stored as INT32, INT64 or a short
 * FIXED_LEN_BYTE_ARRAY become 16 or 32 little-endian bytes). {@link FlatColumnReader} converts a dictionary's
 * entries once, when it reads the dictionary page, so the values of dictionary-encoded pages are gathered
 * already converted; the values of other pages are decoded in cache-sized runs and converted run by run. The
 * batch's {@link ColumnBatch#bytes()} then hold the converted values, {@link #width()} bytes each, and
 * {@link ColumnBatch#valuesConverted()} is true. A conversion never fails: every source value has an image.
 */
public interface ValueConversion {

  /** Bytes of one converted value. */
  int width();

  /** Converts INT32 values {@code values[from, from + count)} to {@code out} from {@code outOffset} on. */
  void convertInts(int[] values, int from, int count, byte[] out, int outOffset);

  /** Converts INT64 values {@code values[from, from + count)} to {@code out} from {@code outOffset} on. */
  void convertLongs(long[] values, int from, int count, byte[] out, int outOffset);

  /**
   * Converts FIXED_LEN_BYTE_ARRAY values {@code [from, from + count)} ({@code type_length} bytes each, back to back
   * in {@code values}) to {@code out} from {@code outOffset} on.
   */
  void convertFixed(byte[] values, int from, int count, byte[] out, int outOffset);
}
