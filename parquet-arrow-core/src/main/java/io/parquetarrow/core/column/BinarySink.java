package io.parquetarrow.core.column;

import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.ParquetException;

/**
 * Where a {@link FlatColumnReader} puts BYTE_ARRAY values (see {@link FlatBatchTarget.Layout#BINARY}): the offsets
 * and data buffers of an Arrow {@code utf8} or {@code binary} vector, which the arrow layer implements. Values are
 * appended run by run, each run still in the cache from its decoding, and then spread over a section's nulls.
 */
public interface BinarySink {

  /**
   * Appends the first {@code count} values of {@code values} as rows {@code row} to {@code row + count - 1}: their
   * bytes after those already held, their ends as the offsets of the following rows.
   *
   * @throws ParquetException when the batch's bytes would exceed what 32-bit offsets address
   */
  void append(int row, BinaryBuffer values, int count) throws ParquetException;

  /**
   * Spreads the {@code values} values appended at rows {@code firstRow} onwards over rows {@code firstRow} to
   * {@code firstRow + rows - 1}, as bit {@code firstRow + i} of {@code validity} says (a clear bit is a null, an
   * empty value): the offsets move, the bytes stay.
   */
  void spreadNulls(int firstRow, int rows, int values, byte[] validity);
}
