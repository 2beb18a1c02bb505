package io.parquetarrow.core.column;

/**
 * Where a {@link FlatColumnReader} puts BOOLEAN values (see {@link FlatBatchTarget.Layout#BITS}): the bit-packed
 * data buffer of an Arrow {@code bool} vector, which the arrow layer implements. Bits are LSB first, a bit per row.
 * A section's values arrive either as bits, with the validity that says which rows they go to, or spread over its
 * nulls already (a byte per row on the heap) to be packed.
 */
public interface BitSink {

  /**
   * Writes {@code values[0, count)} (0 or 1 each, nulls already 0) as the bits of rows {@code firstRow} to
   * {@code firstRow + count - 1}.
   */
  void putBits(int firstRow, byte[] values, int count);

  /**
   * Writes rows {@code firstRow} to {@code firstRow + count - 1} from bit-packed values: each row whose bit of
   * {@code validity} is set (every row when it is null) takes the next bit of {@code source} from bit
   * {@code sourceBit} on (LSB first; all of them inside {@code source}), each null row 0. The rows' bits were 0.
   */
  void depositBits(int firstRow, int count, byte[] source, long sourceBit, byte[] validity);
}
