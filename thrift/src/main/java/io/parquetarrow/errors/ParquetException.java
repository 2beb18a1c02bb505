package io.parquetarrow.errors;

import java.io.IOException;

/**
 * Root of the parquet-arrow exception family. Every problem with a file's bytes or features surfaces as one of
 * its subclasses, so callers can catch one type; misuse of the API is reported with the JDK's
 * {@link IllegalArgumentException} / {@link IllegalStateException} instead.
 *
 * <p>It is an {@link IOException} because it reports a problem with input, and because Arrow's
 * {@code ArrowReader.loadNextBatch()} declares {@code IOException}.
 */
public class ParquetException extends IOException {
  private static final long serialVersionUID = 1L;

  public ParquetException(String message) {
    super(message);
  }

  public ParquetException(String message, Throwable cause) {
    super(message, cause);
  }
}
