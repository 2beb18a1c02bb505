package io.parquetarrow.core.crypto;

import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.ColumnCryptoMetaData;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts the modules of one encrypted column, chunk after chunk: page headers and pages for the page layer of the
 * write path, the column index, offset index and Bloom filter header and bitset for the column layer, and the
 * column metadata for the footer. Made by {@link FileEncryptor#columnEncryptor}; null stands for a plaintext column,
 * so the writer has one route and asks only "is there an encryptor".
 *
 * <p>Every module gets a fresh 12-byte nonce from the file's {@link SecureRandom}. Page headers and every module
 * but pages are AES-GCM; pages are AES-GCM, or AES-CTR under AES_GCM_CTR_V1. Ordinals are passed explicitly (row
 * group, data page within the chunk from 0), since the indexes are written after every row group. Uses the calling
 * thread's {@link ModuleCiphers}; not thread-safe (the writer of one file is single-threaded). An ordinal that
 * does not fit the AAD's two bytes is an {@link IllegalStateException}.
 */
public final class ColumnEncryptor {
  private final SecretKeySpec key;
  private final boolean ctrPages;
  private final byte[] fileAad;
  private final int columnOrdinal;
  private final String path;
  private final ColumnCryptoMetaData cryptoMetaData;
  private final SecureRandom random;

  ColumnEncryptor(SecretKeySpec key, boolean ctrPages, byte[] fileAad, int columnOrdinal, String path,
      ColumnCryptoMetaData cryptoMetaData, SecureRandom random) {
    this.key = key;
    this.ctrPages = ctrPages;
    this.fileAad = fileAad;
    this.columnOrdinal = columnOrdinal;
    this.path = path;
    this.cryptoMetaData = cryptoMetaData;
    this.random = random;
  }

  /** The chunk's {@code crypto_metadata}: encrypted with the footer key, or with the column's own key. */
  public ColumnCryptoMetaData cryptoMetaData() {
    return cryptoMetaData;
  }

  /** Whether the column has a key of its own (its metadata is then encrypted separately from the footer). */
  public boolean columnKey() {
    return cryptoMetaData instanceof ColumnCryptoMetaData.EncryptionWithColumnKey;
  }

  /** Bytes a page module adds to its plaintext (length prefix, nonce and, for GCM, the tag). */
  public int pageOverhead() {
    return pageCipher().overhead();
  }

  /**
   * Encrypts a page header.
   *
   * @param dictionary the dictionary page's header (no page ordinal), else a data page's
   * @param pageOrdinal the data page's ordinal in its chunk, from 0
   */
  public byte[] encryptPageHeader(byte[] header, boolean dictionary, int rowGroupOrdinal, int pageOrdinal) {
    ModuleType type = dictionary ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER;
    return encrypt(ModuleCiphers.current().gcm(), type, header, 0, header.length, rowGroupOrdinal, pageOrdinal);
  }

  /** Encrypts a page body as stored (compressed), or the part of it that is encrypted. */
  public byte[] encryptPage(byte[] body, int offset, int length, boolean dictionary, int rowGroupOrdinal,
      int pageOrdinal) {
    ModuleType type = dictionary ? ModuleType.DICTIONARY_PAGE : ModuleType.DATA_PAGE;
    return encrypt(pageCipher(), type, body, offset, length, rowGroupOrdinal, pageOrdinal);
  }

  /**
   * Encrypts a column index, offset index, Bloom filter header or Bloom filter bitset, or (with the column's own
   * key) the column metadata.
   */
  public byte[] encryptModule(ModuleType type, byte[] plaintext, int rowGroupOrdinal) {
    if (type.hasPageOrdinal() || type == ModuleType.FOOTER) {
      throw new IllegalArgumentException(type + " is not a module of a column chunk's metadata or indexes");
    }
    return encrypt(ModuleCiphers.current().gcm(), type, plaintext, 0, plaintext.length, rowGroupOrdinal, 0);
  }

  private ModuleCipher pageCipher() {
    ModuleCiphers ciphers = ModuleCiphers.current();
    return ctrPages ? ciphers.ctr() : ciphers.gcm();
  }

  private byte[] encrypt(ModuleCipher cipher, ModuleType type, byte[] plaintext, int offset, int length,
      int rowGroupOrdinal, int pageOrdinal) {
    try {
      byte[] aad = Aad.module(fileAad, type, rowGroupOrdinal, columnOrdinal, pageOrdinal);
      byte[] nonce = new byte[ModuleCipher.NONCE_BYTES];
      random.nextBytes(nonce);
      return cipher.encrypt(key, plaintext, offset, length, aad, nonce);
    } catch (ParquetEncryptionException e) {
      // An ordinal past 32767: the AAD cannot name the module, so the file cannot be encrypted as laid out.
      throw new IllegalStateException("row group " + rowGroupOrdinal + ", column " + path + ": "
          + e.getMessage() + "; write fewer row groups or larger pages", e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("row group " + rowGroupOrdinal + ", column " + path + ": the JDK cannot"
          + " encrypt " + type + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "ColumnEncryptor[" + path + ", " + (columnKey() ? "column key" : "footer key") + "]";
  }
}
