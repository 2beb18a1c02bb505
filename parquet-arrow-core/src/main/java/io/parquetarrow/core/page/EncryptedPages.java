package io.parquetarrow.core.page;

import io.parquetarrow.core.crypto.ColumnDecryptor;
import io.parquetarrow.core.crypto.ModuleCipher;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import io.parquetarrow.thrift.CompactProtocolReader;

/**
 * The decryption step of the page layer for one encrypted column chunk: turns a page header module into a
 * {@link PageHeader} and a stored page body into its plaintext, keeping the count the spec's AADs need. The first
 * header of a chunk with a dictionary page is the dictionary page's; every other is a data page's, numbered from 0,
 * and its body has the same ordinal. Bodies are decrypted into one scratch array (from {@link ScratchArrays}) reused
 * from page to page.
 */
final class EncryptedPages {
  /** A page body ready for decompression: where its bytes are. */
  record PageBody(byte[] bytes, int offset, int length) {}

  private final ColumnDecryptor decryptor;
  private final ChunkLocation location;
  private int headersRead;
  /** Data page headers read so far: the next one's ordinal. */
  private int dataPageHeadersRead;
  /** The ordinal of the data page whose header was read last. */
  private int pageOrdinal;
  private byte[] plaintext = new byte[0];

  EncryptedPages(ColumnDecryptor decryptor, ChunkLocation location) {
    this.decryptor = decryptor;
    this.location = location;
  }

  /** Decrypts and parses the header module of {@code moduleLength} bytes at {@code offset}. */
  PageHeader header(byte[] bytes, int offset, int moduleLength, long headerOffset) throws ParquetException {
    boolean dictionary = decryptor.startsWithDictionaryPage() && headersRead == 0;
    int ordinal = dataPageHeadersRead;
    byte[] serialized = decryptor.decryptPageHeader(bytes, offset, moduleLength, dictionary, ordinal, headerOffset);
    PageHeader header;
    try {
      header = PageHeader.read(new CompactProtocolReader(serialized, 0, serialized.length));
    } catch (ParquetCorruptionException e) {
      throw new ParquetCorruptionException(
          location.describe(headerOffset) + ": invalid decrypted page header: " + e.getMessage(), e);
    }
    headersRead++;
    if (!dictionary) {
      pageOrdinal = ordinal;
      dataPageHeadersRead++;
    }
    return header;
  }

  /** Counts a data page passed over without its header read: the pages after it keep their ordinals. */
  void skipDataPage() {
    headersRead++;
    dataPageHeadersRead++;
  }

  /**
   * Decrypts the stored body of the page whose header was read last; valid until the next call.
   *
   * @param storedLength the body's length as stored ({@code compressed_page_size})
   * @param moduleOffset where the body starts in the file, for messages
   */
  PageBody body(PageHeader header, byte[] bytes, int offset, int storedLength, long moduleOffset)
      throws ParquetException {
    int levels = plaintextLevels(header, bytes, offset, storedLength);
    int moduleLength = storedLength - levels;
    int length = levels + decryptor.pagePlaintextLength(moduleLength, moduleOffset + levels);
    if (plaintext.length < length) {
      plaintext = ScratchArrays.replace(plaintext, length);
    }
    System.arraycopy(bytes, offset, plaintext, 0, levels);
    boolean dictionary = header.type() == PageType.DICTIONARY_PAGE;
    decryptor.decryptPage(bytes, offset + levels, moduleLength, dictionary, pageOrdinal, plaintext, levels,
        moduleOffset + levels);
    return new PageBody(plaintext, 0, length);
  }

  /**
   * How many bytes of a data page v2 body are its levels stored in plaintext before the encrypted module: 0 when the
   * whole body is one module (as Arrow C++ writes it, and the spec's "pages" reads), else the levels' length when
   * the module starts after them (parquet-java encrypts only a v2 page's values). The module's length prefix tells
   * the two apart; either way the module is authenticated before any of it is used.
   */
  private static int plaintextLevels(PageHeader header, byte[] bytes, int offset, int storedLength) {
    DataPageHeaderV2 page = header.dataPageHeaderV2();
    if (header.type() != PageType.DATA_PAGE_V2 || page == null
        || storedLength >= ModuleCipher.LENGTH_BYTES
            && ModuleCipher.storedLength(bytes, offset) == storedLength - ModuleCipher.LENGTH_BYTES) {
      return 0;
    }
    long levels = (long) page.repetitionLevelsByteLength() + page.definitionLevelsByteLength();
    if (page.repetitionLevelsByteLength() < 0 || page.definitionLevelsByteLength() < 0 || levels == 0
        || levels + ModuleCipher.LENGTH_BYTES > storedLength
        || ModuleCipher.storedLength(bytes, offset + (int) levels)
            != storedLength - levels - ModuleCipher.LENGTH_BYTES) {
      return 0;
    }
    return (int) levels;
  }

  /** Gives the scratch array back to {@link ScratchArrays}. */
  void close() {
    plaintext = ScratchArrays.give(plaintext);
  }
}
