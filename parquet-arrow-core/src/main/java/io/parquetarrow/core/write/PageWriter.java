package io.parquetarrow.core.write;

import io.parquetarrow.core.codec.Compressor;
import io.parquetarrow.core.crypto.ColumnEncryptor;
import io.parquetarrow.encodings.ByteSlice;
import io.parquetarrow.format.DataPageHeader;
import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.DictionaryPageHeader;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageEncodingStats;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageLocation;
import io.parquetarrow.format.PageType;
import io.parquetarrow.format.Statistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * The page layer of the write path: turns a page's encoded parts into {@code PageHeader} + body bytes of one
 * column chunk, compressing the body and, when enabled, putting the CRC-32 of the bytes after the header
 * (parquet.thrift: "The CRC is computed on the serialization binary representation of the page (as written to
 * disk), excluding the page header") into the header. Holds the chunk's pages in memory until the row group is
 * written: the dictionary page apart, since it must come first but is only complete after the data pages that
 * use it, and the data pages in order with their {@link PageLocation}s relative to the first data page.
 *
 * <p>Data page V1 bodies are {@code repetition levels | definition levels | values}, compressed together, each
 * level section with its 4-byte length prefix. V2 bodies are the same sections with the levels uncompressed and
 * unprefixed (their lengths are in the header), followed by the compressed values.
 *
 * <p>An encrypted column's pages go through its {@link ColumnEncryptor} on the way (spec "Parquet Modular
 * Encryption"): the body as stored (compressed) becomes a page module, then the header, which gives the module's
 * length as {@code compressed_page_size} and the CRC-32 of the stored (encrypted) bytes, becomes a header module.
 * A V2 page keeps its levels in plaintext and encrypts the values section only, as parquet-java writes and reads
 * it. Data pages are numbered from 0 in each chunk, the dictionary page has no number; row groups are counted by
 * {@link #reset}.
 */
final class PageWriter {
  private final Compressor compressor;
  private final boolean checksums;
  private final CRC32 crc = new CRC32();
  private final EncodedPages dataPages = new EncodedPages();
  private byte[] dictionaryPage;
  private byte[] scratch = new byte[1024];
  private byte[] compressed = new byte[1024];
  private final List<PageLocation> locations = new ArrayList<>();
  private final Map<String, PageEncodingStats> encodingStats = new LinkedHashMap<>();
  private long uncompressedSize;
  private long compressedSize;
  private int dictionaryUncompressedSize;

  /** Whether the codec compresses: an UNCOMPRESSED page's parts are copied straight into the chunk. */
  private final boolean compressing;
  /** The column's encryptor, or null when its pages are plaintext. */
  private final ColumnEncryptor encryptor;
  /** The ordinal of the chunk's row group in the file, for the AADs of its modules. */
  private int rowGroupOrdinal;

  /** Makes a {@code PageHeader} once the stored body's length and CRC-32 (or null) are known. */
  private interface HeaderMaker {
    PageHeader header(int storedLength, Integer checksum);
  }

  PageWriter(Compressor compressor, boolean checksums, boolean compressing, ColumnEncryptor encryptor) {
    this.compressor = compressor;
    this.checksums = checksums;
    this.compressing = compressing;
    this.encryptor = encryptor;
  }

  /** The ordinal of the current chunk's row group. */
  int rowGroupOrdinal() {
    return rowGroupOrdinal;
  }

  /** Writes the dictionary page (PLAIN entries); it will precede the data pages. */
  void writeDictionaryPage(ByteSlice entries, int entryCount) {
    int length = compress(entries.array(), entries.offset(), entries.length());
    byte[] body = compressed;
    if (encryptor != null) {
      body = encryptor.encryptPage(compressed, 0, length, true, rowGroupOrdinal, 0);
      length = body.length;
    }
    PageHeader header = new PageHeader(PageType.DICTIONARY_PAGE, entries.length(), length,
        checksum(body, 0, length), null, null, new DictionaryPageHeader(entryCount, Encoding.PLAIN, null),
        null);
    byte[] headerBytes = header.encode();
    if (encryptor != null) {
      headerBytes = encryptor.encryptPageHeader(headerBytes, true, rowGroupOrdinal, 0);
    }
    dictionaryPage = new byte[headerBytes.length + length];
    System.arraycopy(headerBytes, 0, dictionaryPage, 0, headerBytes.length);
    System.arraycopy(body, 0, dictionaryPage, headerBytes.length, length);
    dictionaryUncompressedSize = headerBytes.length + entries.length();
    count(PageType.DICTIONARY_PAGE, Encoding.PLAIN);
  }

  /** Writes a V1 data page; {@code repetitionLevels} and {@code definitionLevels} carry their length prefix. */
  void writeDataPageV1(ByteSlice repetitionLevels, ByteSlice definitionLevels, ByteSlice values, int valueCount,
      Encoding encoding, Statistics statistics, long firstRowIndex) {
    DataPageHeader dataPageHeader = new DataPageHeader(valueCount, encoding, Encoding.RLE, Encoding.RLE, statistics);
    if (!compressing && encryptor == null) {
      // No body to build: the header, then each part copied once into the chunk (CRC-32 runs over the parts).
      int bodyLength = checkedLength(repetitionLevels, definitionLevels, values);
      Integer checksum = null;
      if (checksums) {
        crc.reset();
        for (ByteSlice part : new ByteSlice[] {repetitionLevels, definitionLevels, values}) {
          if (part != null) {
            crc.update(part.array(), part.offset(), part.length());
          }
        }
        checksum = (int) crc.getValue();
      }
      PageHeader header = new PageHeader(PageType.DATA_PAGE, bodyLength, bodyLength, checksum, dataPageHeader,
          null, null, null);
      byte[] headerBytes = header.encode();
      long pageOffset = dataPages.size();
      dataPages.write(headerBytes, 0, headerBytes.length);
      for (ByteSlice part : new ByteSlice[] {repetitionLevels, definitionLevels, values}) {
        if (part != null) {
          dataPages.write(part.array(), part.offset(), part.length());
        }
      }
      locations.add(new PageLocation(pageOffset, headerBytes.length + bodyLength, firstRowIndex));
      uncompressedSize += headerBytes.length + bodyLength;
      compressedSize += headerBytes.length + bodyLength;
      count(PageType.DATA_PAGE, encoding);
      return;
    }
    int bodyLength;
    int length;
    byte[] body;
    if (!compressing) {
      bodyLength = concatenate(repetitionLevels, definitionLevels, values); // encrypted, so built once
      length = bodyLength;
      body = scratch;
    } else if (repetitionLevels == null && definitionLevels == null) {
      bodyLength = values.length(); // a required flat column: the values are the whole body
      length = compress(values.array(), values.offset(), bodyLength);
      body = compressed;
    } else {
      bodyLength = concatenate(repetitionLevels, definitionLevels, values);
      length = compress(scratch, 0, bodyLength);
      body = compressed;
    }
    if (encryptor != null) {
      body = encryptor.encryptPage(body, 0, length, false, rowGroupOrdinal, locations.size());
      length = body.length;
    }
    int uncompressedLength = bodyLength;
    append((storedLength, checksum) -> new PageHeader(PageType.DATA_PAGE, uncompressedLength, storedLength,
        checksum, dataPageHeader, null, null, null), body, 0, length, bodyLength, firstRowIndex);
    count(PageType.DATA_PAGE, encoding);
  }

  /** Writes a V2 data page; the level sections come without a length prefix. */
  void writeDataPageV2(ByteSlice repetitionLevels, ByteSlice definitionLevels, ByteSlice values, int valueCount,
      int nullCount, int rowCount, Encoding encoding, Statistics statistics, long firstRowIndex,
      boolean compressValues) {
    int levelsLength = length(repetitionLevels) + length(definitionLevels);
    int valuesLength;
    byte[] valueBytes;
    int valueOffset;
    if (compressValues) {
      valuesLength = compress(values.array(), values.offset(), values.length());
      valueBytes = compressed;
      valueOffset = 0;
    } else {
      valuesLength = values.length();
      valueBytes = values.array();
      valueOffset = values.offset();
    }
    if (encryptor != null) {
      valueBytes = encryptor.encryptPage(valueBytes, valueOffset, valuesLength, false, rowGroupOrdinal,
          locations.size());
      valueOffset = 0;
      valuesLength = valueBytes.length;
    }
    int bodyLength = concatenate(repetitionLevels, definitionLevels, new ByteSlice(valueBytes, valueOffset,
        valuesLength));
    DataPageHeaderV2 dataPageHeader = new DataPageHeaderV2(valueCount, nullCount, rowCount, encoding,
        length(definitionLevels), length(repetitionLevels), compressValues, statistics);
    int uncompressedLength = levelsLength + values.length();
    append((storedLength, checksum) -> new PageHeader(PageType.DATA_PAGE_V2, uncompressedLength, storedLength,
        checksum, null, null, null, dataPageHeader), scratch, 0, bodyLength, uncompressedLength, firstRowIndex);
    count(PageType.DATA_PAGE_V2, encoding);
  }

  private static int length(ByteSlice slice) {
    return slice == null ? 0 : slice.length();
  }

  private static int checkedLength(ByteSlice first, ByteSlice second, ByteSlice third) {
    long total = (long) length(first) + length(second) + length(third);
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("a page body of " + total + " bytes exceeds 2 GiB; lower the page size");
    }
    return (int) total;
  }

  private int concatenate(ByteSlice first, ByteSlice second, ByteSlice third) {
    int total = checkedLength(first, second, third);
    if (total > scratch.length) {
      scratch = new byte[(int) Math.max(total, Math.min(Integer.MAX_VALUE - 16, 2L * scratch.length))];
    }
    int at = 0;
    for (ByteSlice part : new ByteSlice[] {first, second, third}) {
      if (part != null) {
        System.arraycopy(part.array(), part.offset(), scratch, at, part.length());
        at += part.length();
      }
    }
    return at;
  }

  private int compress(byte[] input, int offset, int length) {
    int bound = compressor.maxCompressedLength(length);
    if (bound > compressed.length) {
      compressed = new byte[Math.max(bound, (int) Math.min(Integer.MAX_VALUE - 16, 2L * compressed.length))];
    }
    return compressor.compress(input, offset, length, compressed, 0);
  }

  private Integer checksum(byte[] bytes, int offset, int length) {
    if (!checksums) {
      return null;
    }
    crc.reset();
    crc.update(bytes, offset, length);
    return (int) crc.getValue();
  }

  /** Appends a data page whose body is stored as {@code body[offset, offset + length)} (encrypted if need be). */
  private void append(HeaderMaker headerMaker, byte[] body, int offset, int length, int uncompressedBodyLength,
      long firstRowIndex) {
    byte[] headerBytes = headerMaker.header(length, checksum(body, offset, length)).encode();
    if (encryptor != null) {
      headerBytes = encryptor.encryptPageHeader(headerBytes, false, rowGroupOrdinal, locations.size());
    }
    long pageOffset = dataPages.size();
    dataPages.write(headerBytes, 0, headerBytes.length);
    dataPages.write(body, offset, length);
    locations.add(new PageLocation(pageOffset, headerBytes.length + length, firstRowIndex));
    uncompressedSize += headerBytes.length + uncompressedBodyLength;
    compressedSize += headerBytes.length + length;
  }

  private void count(PageType type, Encoding encoding) {
    encodingStats.merge(type + "/" + encoding, new PageEncodingStats(type, encoding, 1),
        (left, right) -> new PageEncodingStats(type, encoding, left.count() + 1));
  }

  /** The dictionary page's bytes (header and body), or null when there is none. */
  byte[] dictionaryPage() {
    return dictionaryPage;
  }

  EncodedPages dataPages() {
    return dataPages;
  }

  /** Data page locations, offsets relative to the first data page. */
  List<PageLocation> locations() {
    return locations;
  }

  List<PageEncodingStats> encodingStats() {
    return new ArrayList<>(encodingStats.values());
  }

  /** Total uncompressed size of all pages, headers included (ColumnMetaData.total_uncompressed_size). */
  long totalUncompressedSize() {
    return uncompressedSize + (dictionaryPage == null ? 0 : dictionaryUncompressedSize);
  }

  /** Total size as stored, headers included (ColumnMetaData.total_compressed_size). */
  long totalCompressedSize() {
    return compressedSize + (dictionaryPage == null ? 0 : dictionaryPage.length);
  }

  /** Forgets the chunk's pages, for the next row group. */
  void reset() {
    rowGroupOrdinal++;
    dataPages.reset();
    dictionaryPage = null;
    locations.clear();
    encodingStats.clear();
    uncompressedSize = 0;
    compressedSize = 0;
    dictionaryUncompressedSize = 0;
  }
}
