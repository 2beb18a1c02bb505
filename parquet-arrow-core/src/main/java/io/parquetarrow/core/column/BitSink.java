package io.parquetarrow.core.column;

/**
 * Where a {@link FlatColumnReader} puts BOOLEAN values (see {@link FlatBatchTarget.Layout#BITS}): the bit-packed
 * data buffer of an Arrow {@code bool} vector, which the arrow layer implements. Bits are LSB first, a bit per row.
 * A section's values arrive spread over its nulls already (a byte per row on the heap, where a spread is cheap),
 * to be packed.
 */
public interface BitSink {

  /**
   * Writes {@code values[0, count)} (0 or 1 each, nulls already 0) as the bits of rows {@code firstRow} to
   * {@code firstRow + count - 1}.
   */
  void putBits(int firstRow, byte[] values, int count);
}
