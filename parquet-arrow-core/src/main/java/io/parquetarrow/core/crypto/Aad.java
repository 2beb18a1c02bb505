package io.parquetarrow.core.crypto;

import io.parquetarrow.errors.ParquetEncryptionException;

/**
 * Module AADs (additional authenticated data) of Parquet Modular Encryption, spec "4.4 Additional Authenticated
 * Data": the file AAD ({@code aad_prefix || aad_file_unique}) followed by the module's suffix
 *
 * <pre>
 * module type (1 byte) [row group ordinal (2 bytes LE) column ordinal (2 bytes LE) [page ordinal (2 bytes LE)]]
 * </pre>
 *
 * where the footer has no ordinals and only data pages and data page headers have a page ordinal. Used by readers
 * and writers alike.
 */
public final class Aad {
  /** Ordinals are stored as 2-byte shorts; parquet-java and Arrow C++ both refuse anything above this. */
  public static final int MAXIMUM_ORDINAL = Short.MAX_VALUE;

  private Aad() {}

  /** The file AAD: the AAD prefix (may be null or empty) followed by the file's unique identifier. */
  public static byte[] file(byte[] aadPrefix, byte[] aadFileUnique) {
    byte[] prefix = aadPrefix == null ? new byte[0] : aadPrefix;
    byte[] unique = aadFileUnique == null ? new byte[0] : aadFileUnique;
    byte[] aad = new byte[prefix.length + unique.length];
    System.arraycopy(prefix, 0, aad, 0, prefix.length);
    System.arraycopy(unique, 0, aad, prefix.length, unique.length);
    return aad;
  }

  /** The footer's AAD: the file AAD and the footer module type. */
  public static byte[] footer(byte[] fileAad) {
    byte[] aad = new byte[fileAad.length + 1];
    System.arraycopy(fileAad, 0, aad, 0, fileAad.length);
    aad[fileAad.length] = ModuleType.FOOTER.id();
    return aad;
  }

  /**
   * The AAD of a column module. For a type with a page ordinal ({@link ModuleType#hasPageOrdinal()}) the last two
   * bytes hold {@code pageOrdinal}, which {@link #setPageOrdinal} can change in place page after page.
   *
   * @throws ParquetEncryptionException an ordinal does not fit the 2 bytes the spec gives it
   */
  public static byte[] module(byte[] fileAad, ModuleType type, int rowGroupOrdinal, int columnOrdinal,
      int pageOrdinal) throws ParquetEncryptionException {
    if (type == ModuleType.FOOTER) {
      return footer(fileAad);
    }
    checkOrdinal("row group", rowGroupOrdinal);
    checkOrdinal("column", columnOrdinal);
    int suffix = type.hasPageOrdinal() ? 7 : 5;
    byte[] aad = new byte[fileAad.length + suffix];
    System.arraycopy(fileAad, 0, aad, 0, fileAad.length);
    int at = fileAad.length;
    aad[at] = type.id();
    putShort(aad, at + 1, rowGroupOrdinal);
    putShort(aad, at + 3, columnOrdinal);
    if (type.hasPageOrdinal()) {
      setPageOrdinal(aad, pageOrdinal);
    }
    return aad;
  }

  /** Writes {@code pageOrdinal} into the last two bytes of a data page or data page header AAD. */
  public static void setPageOrdinal(byte[] aad, int pageOrdinal) throws ParquetEncryptionException {
    checkOrdinal("page", pageOrdinal);
    putShort(aad, aad.length - 2, pageOrdinal);
  }

  private static void checkOrdinal(String what, int ordinal) throws ParquetEncryptionException {
    if (ordinal < 0 || ordinal > MAXIMUM_ORDINAL) {
      throw new ParquetEncryptionException(
          what + " ordinal " + ordinal + " does not fit the 2-byte AAD field (expected 0.." + MAXIMUM_ORDINAL + ")");
    }
  }

  private static void putShort(byte[] bytes, int at, int value) {
    bytes[at] = (byte) value;
    bytes[at + 1] = (byte) (value >>> 8);
  }
}
