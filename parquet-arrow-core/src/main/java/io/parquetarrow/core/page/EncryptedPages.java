package io.parquetarrow.core.page;

import io.parquetarrow.core.crypto.ColumnDecryptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
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

  /**
   * Decrypts the body module of the page whose header was read last; valid until the next call.
   *
   * @param moduleOffset where the body starts in the file, for messages
   */
  PageBody body(PageHeader header, byte[] bytes, int offset, int moduleLength, long moduleOffset)
      throws ParquetException {
    int length = decryptor.pagePlaintextLength(moduleLength, moduleOffset);
    if (plaintext.length < length) {
      plaintext = ScratchArrays.replace(plaintext, length);
    }
    boolean dictionary = header.type() == PageType.DICTIONARY_PAGE;
    decryptor.decryptPage(bytes, offset, moduleLength, dictionary, pageOrdinal, plaintext, moduleOffset);
    return new PageBody(plaintext, 0, length);
  }

  /** Gives the scratch array back to {@link ScratchArrays}. */
  void close() {
    plaintext = ScratchArrays.give(plaintext);
  }
}
