package io.parquetarrow.errors;

/**
 * The file (or a column) is encrypted with Parquet Modular Encryption and cannot be read without the right keys:
 * keys are missing, wrong, or authentication of a module failed.
 */
public class ParquetEncryptionException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public ParquetEncryptionException(String message) {
    super(message);
  }

  public ParquetEncryptionException(String message, Throwable cause) {
    super(message, cause);
  }
}
