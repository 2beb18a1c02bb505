package io.parquetarrow.errors;

/**
 * A valid file could not be read with the resources given: the caller's Arrow allocator refused a buffer (its
 * limit is reached; the cause is Arrow's {@code OutOfMemoryException}). The message names the file, row group and
 * column being read. Nothing read so far is kept: every buffer of the failed batch is released, and the reader
 * cannot continue, but a new one with a larger limit (or smaller {@code batchRows}) can.
 */
public class ParquetResourceException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public ParquetResourceException(String message, Throwable cause) {
    super(message, cause);
  }
}
