package io.parquetarrow.core.crypto;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.security.GeneralSecurityException;
import java.util.Locale;
import javax.crypto.AEADBadTagException;
import javax.crypto.spec.SecretKeySpec;

/**
 * Decrypts the modules of one encrypted column chunk: page headers and pages for the page layer, and the column
 * index, offset index and bloom filter header and bitset for whoever reads them. Made by
 * {@link FileDecryptor#columnDecryptor} with the chunk's key; holds
 * the AADs of its modules, with the page ordinal updated in place page after page.
 *
 * <p>Page headers and every other module are AES-GCM; pages are AES-GCM or, under AES_GCM_CTR_V1, AES-CTR. A
 * failure is a {@link ParquetEncryptionException} naming the file, row group, column and the module's offset.
 * The ciphers are the calling thread's ({@link ModuleCiphers#current()}). Not thread-safe (one per open column
 * chunk: the page ordinal in its AADs is updated in place).
 */
public final class ColumnDecryptor {
  private final SecretKeySpec key;
  /** Pages are AES-CTR (AES_GCM_CTR_V1) rather than AES-GCM. */
  private final boolean ctrPages;
  private final byte[] fileAad;
  private final int rowGroupOrdinal;
  private final int columnOrdinal;
  private final boolean startsWithDictionaryPage;
  private final String place;
  private final byte[] dataPageHeaderAad;
  private final byte[] dataPageAad;
  private final byte[] dictionaryPageHeaderAad;
  private final byte[] dictionaryPageAad;

  ColumnDecryptor(SecretKeySpec key, boolean ctrPages, byte[] fileAad, int rowGroupOrdinal, int columnOrdinal,
      boolean startsWithDictionaryPage, String place) throws ParquetEncryptionException {
    this.key = key;
    this.ctrPages = ctrPages;
    this.fileAad = fileAad;
    this.rowGroupOrdinal = rowGroupOrdinal;
    this.columnOrdinal = columnOrdinal;
    this.startsWithDictionaryPage = startsWithDictionaryPage;
    this.place = place;
    this.dataPageHeaderAad = aad(ModuleType.DATA_PAGE_HEADER);
    this.dataPageAad = aad(ModuleType.DATA_PAGE);
    this.dictionaryPageHeaderAad = aad(ModuleType.DICTIONARY_PAGE_HEADER);
    this.dictionaryPageAad = aad(ModuleType.DICTIONARY_PAGE);
  }

  private byte[] aad(ModuleType type) throws ParquetEncryptionException {
    try {
      return Aad.module(fileAad, type, rowGroupOrdinal, columnOrdinal, 0);
    } catch (ParquetEncryptionException e) {
      throw new ParquetEncryptionException(place + ": " + e.getMessage(), e);
    }
  }

  /**
   * Whether the chunk's first page is a dictionary page (its column metadata has a dictionary page offset): the
   * first page header is then decrypted as a dictionary page header. The spec's AADs need the module type before
   * the header can be read.
   */
  public boolean startsWithDictionaryPage() {
    return startsWithDictionaryPage;
  }

  /**
   * Decrypts a page header module of {@code moduleLength} bytes (prefix included) at {@code offset}.
   *
   * @param dictionary whether it is the dictionary page's header (no page ordinal)
   * @param pageOrdinal the data page's ordinal in the chunk, from 0 (ignored for the dictionary)
   * @param fileOffset where the module starts in the file, for messages
   * @return the serialized {@code PageHeader}
   */
  public byte[] decryptPageHeader(byte[] bytes, int offset, int moduleLength, boolean dictionary, int pageOrdinal,
      long fileOffset) throws ParquetEncryptionException {
    byte[] aad = dictionary ? dictionaryPageHeaderAad : withPageOrdinal(dataPageHeaderAad, pageOrdinal, fileOffset);
    String what = dictionary ? "dictionary page header" : "header of data page " + pageOrdinal;
    AesGcmModuleCipher gcm = ModuleCiphers.current().gcm();
    byte[] plaintext = new byte[plaintextLength(gcm, moduleLength, what, fileOffset)];
    decrypt(gcm, bytes, offset, moduleLength, aad, plaintext, 0, what, fileOffset);
    return plaintext;
  }

  /** The plaintext length of a page module of {@code moduleLength} bytes. */
  public int pagePlaintextLength(int moduleLength, long fileOffset) throws ParquetEncryptionException {
    return plaintextLength(pageCipher(), moduleLength, "page", fileOffset);
  }

  /**
   * Decrypts a page module (a dictionary or data page's body, as {@code compressed_page_size} spans it) into
   * {@code output} at {@code outputOffset}, which has room for {@link #pagePlaintextLength} bytes; returns that
   * length.
   */
  public int decryptPage(byte[] bytes, int offset, int moduleLength, boolean dictionary, int pageOrdinal,
      byte[] output, int outputOffset, long fileOffset) throws ParquetEncryptionException {
    byte[] aad = dictionary ? dictionaryPageAad : withPageOrdinal(dataPageAad, pageOrdinal, fileOffset);
    String what = dictionary ? "dictionary page" : "data page " + pageOrdinal;
    return decrypt(pageCipher(), bytes, offset, moduleLength, aad, output, outputOffset, what, fileOffset);
  }

  private ModuleCipher pageCipher() {
    ModuleCiphers ciphers = ModuleCiphers.current();
    return ctrPages ? ciphers.ctr() : ciphers.gcm();
  }

  /**
   * Decrypts a column index, offset index, bloom filter header or bloom filter bitset module of
   * {@code moduleLength} bytes at {@code offset}.
   */
  public byte[] decryptModule(ModuleType type, byte[] bytes, int offset, int moduleLength, long fileOffset)
      throws ParquetEncryptionException {
    if (type.hasPageOrdinal() || type == ModuleType.FOOTER || type == ModuleType.COLUMN_META_DATA) {
      throw new IllegalArgumentException(type + " is not a module of a column chunk's indexes or bloom filter");
    }
    String what = type.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    AesGcmModuleCipher gcm = ModuleCiphers.current().gcm();
    byte[] plaintext = new byte[plaintextLength(gcm, moduleLength, what, fileOffset)];
    decrypt(gcm, bytes, offset, moduleLength, aad(type), plaintext, 0, what, fileOffset);
    return plaintext;
  }

  private byte[] withPageOrdinal(byte[] aad, int pageOrdinal, long fileOffset) throws ParquetEncryptionException {
    try {
      Aad.setPageOrdinal(aad, pageOrdinal);
    } catch (ParquetEncryptionException e) {
      throw new ParquetEncryptionException(place + ", module at offset " + fileOffset + ": " + e.getMessage(), e);
    }
    return aad;
  }

  private int plaintextLength(ModuleCipher cipher, int moduleLength, String what, long fileOffset)
      throws ParquetEncryptionException {
    try {
      return cipher.plaintextLength(moduleLength);
    } catch (GeneralSecurityException e) {
      throw failure(what, fileOffset, e);
    }
  }

  private int decrypt(ModuleCipher cipher, byte[] bytes, int offset, int moduleLength, byte[] aad, byte[] output,
      int outputOffset, String what, long fileOffset) throws ParquetEncryptionException {
    try {
      return cipher.decrypt(key, bytes, offset, moduleLength, aad, output, outputOffset);
    } catch (GeneralSecurityException e) {
      throw failure(what, fileOffset, e);
    }
  }

  private ParquetEncryptionException failure(String what, long fileOffset, GeneralSecurityException e) {
    String reason = e instanceof AEADBadTagException
        ? "does not authenticate (GCM tag mismatch: wrong key, wrong AAD prefix, or altered bytes)"
        : "cannot be decrypted: " + e.getMessage();
    return new ParquetEncryptionException(
        place + ", " + what + " at offset " + fileOffset + ": encrypted module " + reason, e);
  }
}
