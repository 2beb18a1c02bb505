package io.parquetarrow.errors;

/** The file is valid Parquet but uses something this library does not implement (yet). */
public class UnsupportedParquetFeatureException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public UnsupportedParquetFeatureException(String message) {
    super(message);
  }

  public UnsupportedParquetFeatureException(String message, Throwable cause) {
    super(message, cause);
  }
}
