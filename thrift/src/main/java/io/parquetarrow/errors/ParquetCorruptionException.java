package io.parquetarrow.errors;

/**
 * The bytes do not form valid Parquet: a bad magic, footer, Thrift structure, page header, level or value
 * stream, checksum, or a size that does not fit in the bytes that hold it. The message names where (file, row
 * group, column path, page offset, as far as the layer that throws knows them), what was expected and what was
 * found. Layers that know more context wrap a lower layer's exception with {@link #withContext(String)}.
 */
public class ParquetCorruptionException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public ParquetCorruptionException(String message) {
    super(message);
  }

  public ParquetCorruptionException(String message, Throwable cause) {
    super(message, cause);
  }

  /** Formats the message with {@link String#format}. */
  public static ParquetCorruptionException of(String format, Object... args) {
    return new ParquetCorruptionException(String.format(format, args));
  }

  /** A new exception whose message is {@code context + ": " + getMessage()}, keeping this one as cause. */
  public ParquetCorruptionException withContext(String context) {
    return new ParquetCorruptionException(context + ": " + getMessage(), this);
  }
}
