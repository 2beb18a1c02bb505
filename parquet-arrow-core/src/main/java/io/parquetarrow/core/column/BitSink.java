package io.parquetarrow.core.column;

/**
 * Where a {@link FlatColumnReader} puts BOOLEAN values (see {@link FlatBatchTarget.Layout#BITS}): the bit-packed
 * data buffer of an Arrow {@code bool} vector, which the arrow layer implements. Bits are LSB first, a bit per row.
 */
public interface BitSink {

  /** Writes {@code values[0, count)} (0 or 1 each) as the bits of rows {@code firstRow} to {@code firstRow + count - 1}. */
  void putBits(int firstRow, byte[] values, int count);

  /**
   * Moves the {@code values} bits written densely from row {@code firstRow} on to their rows among rows
   * {@code firstRow} to {@code firstRow + rows - 1}, as bit {@code firstRow + i} of {@code validity} says (a clear
   * bit is a null, whose value bit is cleared).
   */
  void spreadNulls(int firstRow, int rows, int values, byte[] validity);
}
