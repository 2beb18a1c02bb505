package io.parquetarrow.core.page;

import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.core.crypto.ColumnDecryptor;
import io.parquetarrow.core.page.EncryptedPages.PageBody;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.DataPageHeader;
import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.DictionaryPageHeader;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The page layer: walks the pages of one column chunk and returns each dictionary or data page with its body
 * checked and uncompressed. Index pages and page types this library does not know are skipped, as the spec
 * allows. Spec: <a href="https://github.com/apache/parquet-format/blob/master/README.md#column-chunks">README.md,
 * Column chunks</a> and {@code PageHeader} in parquet.thrift.
 *
 * <p>For each page it: reads the Thrift {@code PageHeader} from a prefix of the remaining chunk bytes, retrying
 * with a longer prefix when the header is longer; checks that the page body lies inside the chunk; verifies the
 * CRC-32 of the body as stored on disk (for v2 that includes the uncompressed levels, per the spec's "the CRC
 * is computed on the serialization binary representation of the page (as written to disk), excluding the page
 * header") when the header has one and verification is on; and decompresses into a scratch array reused from
 * page to page (and, through {@link ScratchArrays}, from reader to reader). For data page v2 the levels are never
 * compressed and {@code is_compressed = false} leaves the values uncompressed too. Uncompressed bodies are handed
 * out in place, without a copy.
 *
 * <p>When the column layer offers a {@link ValueDestination} (a required flat fixed-width column read straight
 * into its Arrow vector), a compressed PLAIN page without nulls whose values all fit is decompressed directly
 * into it: the page's uncompressed size must then be exactly the bytes its values need (plus the v2 levels),
 * which is checked, together with the room left in the destination, before anything is written. An uncompressed
 * PLAIN page is read from the file straight into it instead (only headers go through the heap window), its first
 * values when it holds more than fit: the rest stays in the file ({@link PageValuesInFile}) for the column layer to
 * read into the next batch's vector, or, when the page has a CRC to verify, is read into the heap window so that
 * the whole page is verified before any of it is handed out. See docs/decisions/0011-one-read-route-per-shape.md.
 *
 * <p>A chunk encrypted with Parquet Modular Encryption has a {@link ColumnDecryptor}: each page header is a module
 * decrypted before it is parsed, and each page body is checked as stored (CRC), then decrypted whole onto the heap
 * and only then decompressed ({@link #checkedBody}); its pages never take the file-to-vector route. A plaintext
 * chunk has none and pays nothing.
 *
 * <p>Stops after the chunk's {@code num_values} level entries or at the end of its bytes, whichever comes first;
 * the column layer decides whether that was enough. Every problem is a {@link ParquetCorruptionException} whose
 * message starts with the file, row group, column and page offset.
 */
public final class PageReader implements AutoCloseable {
  /**
   * The largest uncompressed page this reader accepts: the largest heap array the JVM grants (pages are
   * decompressed into one). A valid file may hold pages above 1 GiB (parquet-testing's
   * {@code large_string_map.brotli.parquet} has one string of 2^30 bytes per page).
   */
  static final int MAXIMUM_PAGE_SIZE = Integer.MAX_VALUE - 16;
  private final ColumnChunkBytes bytes;
  private final long chunkStart;
  private final long totalValueCount;
  private final PageDecompressor decompression;
  private final PageChecksum checksum;
  private final ChunkLocation location;
  private long position;
  private long valuesSeen;
  private long pagesIntoDestination;
  private long pagesReadIntoDestination;
  private boolean dataPageSeen;
  private boolean dictionarySeen;
  /** Whether the last page's body was read from the file into a {@link ValueDestination}. */
  private boolean previousReadIntoDestination;
  /** A header {@link #peekDataPage} read whose body has not been read or skipped yet, else null. */
  private PageHeader peeked;
  /** Where the header last read starts in the file. */
  private long headerOffset;
  private long pagesSkipped;
  /** Decrypts an encrypted chunk's headers and pages; null for a plaintext chunk. */
  private final EncryptedPages encrypted;
  private final PageHeaderReader headers;
  /** The pages of the chunk a read needs, from its offset index; null reads them all. */
  private final PagePlan plan;
  private long pagesNotRead;
  private long dataPagesRead;
  /** The last page read, when only a prefix of it was decompressed ({@link #completeDataPage}); else null. */
  private PrefixedPage prefixed;
  private long pagesDecompressedInPart;
  /** Bits per entry of a v1 page's levels when bit-packed ({@link #levelBits}), which a prefix holds whole. */
  private int levelBits;

  /**
   * @param file the file holding the chunk
   * @param chunkStart the chunk's first byte (the dictionary page if any), as corrected by the footer reader
   * @param chunkLength the chunk's length, checked by the footer reader to lie within the file
   * @param totalValueCount the chunk's {@code num_values}
   * @param codec the chunk's compression codec
   * @param decompressor a decompressor for {@code codec}, owned (and closed) by this reader; null for
   *     UNCOMPRESSED
   */
  public PageReader(
      InputFile file, long chunkStart, long chunkLength, long totalValueCount, CompressionCodec codec,
      Decompressor decompressor, boolean verifyChecksums, ChunkLocation location) {
    this(new ColumnChunkBytes(file, chunkStart, chunkLength), chunkStart, totalValueCount, codec, decompressor,
        verifyChecksums, location, Runtime.getRuntime().maxMemory() / 2, null, null);
  }

  /**
   * As above, taking the chunk's bytes from {@code readAhead} when it has read them ahead (see
   * {@link ChunkReadAhead}; null reads them here), for a chunk encrypted with Parquet Modular Encryption when
   * {@code decryptor} is not null: each page header is decrypted before it is read, and each page body is
   * decrypted whole before it is decompressed. With a {@code plan} (null for none) only its ranges are read and
   * the data pages it leaves out can be passed over unread ({@link #indexedPageRows()}).
   */
  public PageReader(
      InputFile file, long chunkStart, long chunkLength, long totalValueCount, CompressionCodec codec,
      Decompressor decompressor, boolean verifyChecksums, ChunkLocation location, ChunkReadAhead readAhead,
      ColumnDecryptor decryptor, PagePlan plan) {
    this(new ColumnChunkBytes(file, chunkStart, chunkLength, readAhead, plan), chunkStart, totalValueCount, codec,
        decompressor, verifyChecksums, location, Runtime.getRuntime().maxMemory() / 2, decryptor, plan);
  }

  PageReader(ColumnChunkBytes bytes, long chunkStart, long totalValueCount, CompressionCodec codec,
      Decompressor decompressor, boolean verifyChecksums, ChunkLocation location) {
    this(bytes, chunkStart, totalValueCount, codec, decompressor, verifyChecksums, location,
        Runtime.getRuntime().maxMemory() / 2, null, null);
  }

  /**
   * The constructor all others call; {@code decryptor} is null for a plaintext chunk.
   *
   * @param heapPageLimit the largest decompressed page to hold on the heap; the public constructors use half the
   *     JVM's maximum heap, since the column layer may copy a page's values to the heap once more (a dictionary)
   */
  PageReader(ColumnChunkBytes bytes, long chunkStart, long totalValueCount, CompressionCodec codec,
      Decompressor decompressor, boolean verifyChecksums, ChunkLocation location, long heapPageLimit,
      ColumnDecryptor decryptor, PagePlan plan) {
    this.encrypted = decryptor == null ? null : new EncryptedPages(decryptor, location);
    this.headers = new PageHeaderReader(bytes, encrypted, location);
    this.plan = plan;
    this.bytes = bytes;
    this.chunkStart = chunkStart;
    this.totalValueCount = totalValueCount;
    this.decompression = new PageDecompressor(decompressor, codec, location, heapPageLimit);
    this.checksum = new PageChecksum(verifyChecksums, location);
    this.location = location;
  }

  /**
   * Rejects pages whose uncompressed_page_size exceeds the chunk's {@code total_uncompressed_size} (at least
   * 1 MiB is always allowed) before any buffer is sized by it; returns this reader.
   */
  public PageReader limitUncompressedPages(long totalUncompressedSize) {
    decompression.limitToChunk(totalUncompressedSize);
    return this;
  }

  public ChunkLocation location() {
    return location;
  }

  /** Bytes of the file read so far for this chunk. */
  public long bytesRead() {
    return bytes.bytesRead();
  }

  /**
   * Data pages whose values were decompressed straight into a {@link ValueDestination}, so far: a statistic that
   * lets tests and benchmarks see that the path without heap scratch is taken.
   */
  public long pagesIntoDestination() {
    return pagesIntoDestination;
  }

  /**
   * Uncompressed data pages whose values were read from the file straight into a {@link ValueDestination}, so
   * far (not counted by {@link #pagesIntoDestination()}, which counts decompressed ones).
   */
  public long pagesReadIntoDestination() {
    return pagesReadIntoDestination;
  }

  /**
   * The next dictionary or data page, or null when the chunk has no more. The returned page's bytes stay valid
   * until the next call.
   */
  public Page nextPage() throws IOException {
    return nextPage(null);
  }

  /**
   * Like {@link #nextPage()}, but a data page that qualifies (see {@link ValueDestination}) has its values, or as
   * many of an uncompressed page's as fit, put into {@code destination}; {@link DataPage#valuesInDestination()}
   * says how many.
   *
   * @param destination where the next page's values may go, or null for none
   */
  public Page nextPage(ValueDestination destination) throws IOException {
    return nextPage(destination, -1);
  }

  /**
   * Like {@link #nextPage(ValueDestination)}, for a reader that needs only the next data page's first
   * {@code leadingEntries} level entries for now (-1: all of them). A compressed page that does not go to
   * {@code destination}, whose values are PLAIN or dictionary indices (where a value's bytes follow the values
   * before it), may then be decompressed only as far as those entries probably reach, when the codec can stop early
   * ({@link Decompressor#decompressPrefix}); {@link DataPage#prefixEntries()} says so, and
   * {@link #completeDataPage()} decompresses the whole page when the reader needs more of it.
   */
  public Page nextPage(ValueDestination destination, int leadingEntries) throws IOException {
    prefixed = null;
    // An uncompressed chunk read into vectors fetches headers and the odd page body that cannot go there one at
    // a time, so that the other bodies can be read from the file straight into the vector.
    boolean readNear = destination != null && !decompression.compressed() && encrypted == null;
    while (true) {
      PageHeader header = nextHeader(readNear);
      if (header == null) {
        return null;
      }
      long headerOffset = this.headerOffset;
      int bodyLength = header.compressedPageSize();
      previousReadIntoDestination = readNear && destination.takesUncompressed(header, bodyLength);
      if (previousReadIntoDestination) {
        return readIntoDestination(header, bodyLength, headerOffset, destination);
      }
      int bodyOffset = readNear
          ? headers.ensureNear(position, bodyLength, headerOffset) : headers.ensure(position, bodyLength, headerOffset);
      position += bodyLength;
      switch (header.type()) {
        case DICTIONARY_PAGE -> {
          PageBody body = checkedBody(header, bodyOffset, bodyLength, headerOffset);
          return dictionaryPage(header, body.bytes(), body.offset(), body.length(), headerOffset);
        }
        case DATA_PAGE -> {
          PageBody body = checkedBody(header, bodyOffset, bodyLength, headerOffset);
          return dataPageV1(header, body.bytes(), body.offset(), body.length(), headerOffset, destination,
              leadingEntries);
        }
        case DATA_PAGE_V2 -> {
          PageBody body = checkedBody(header, bodyOffset, bodyLength, headerOffset);
          return dataPageV2(header, body.bytes(), body.offset(), body.length(), headerOffset, destination,
              leadingEntries);
        }
        default -> {
          // INDEX_PAGE and types added after this library: skip, their body length is known.
        }
      }
    }
  }

  /**
   * The header of the next page when it is a data page, read without its body, so that the column layer can skip
   * the page unread ({@link #skipDataPage}) or read it ({@link #nextPage}); null when the next page is a dictionary
   * page or the chunk has no more pages. Index pages and unknown page types on the way are skipped.
   */
  public DataPage.Header peekDataPage() throws IOException {
    prefixed = null;
    while (true) {
      if (peeked == null) {
        peeked = nextHeader(false);
        if (peeked == null) {
          return null;
        }
      }
      switch (peeked.type()) {
        case DICTIONARY_PAGE -> {
          return null;
        }
        case DATA_PAGE -> {
          DataPageHeader page = peeked.dataPageHeader();
          check(page != null, headerOffset, "DATA_PAGE header has no data_page_header");
          check(page.numValues() >= 0, headerOffset, "data page has num_values %d (expected >= 0)",
              page.numValues());
          return DataPage.Header.of(peeked, headerOffset);
        }
        case DATA_PAGE_V2 -> {
          DataPageHeaderV2 page = peeked.dataPageHeaderV2();
          check(page != null, headerOffset, "DATA_PAGE_V2 header has no data_page_header_v2");
          check(page.numValues() >= 0 && page.numRows() >= 0, headerOffset,
              "data page v2 has num_values %d and num_rows %d (expected >= 0)", page.numValues(), page.numRows());
          return DataPage.Header.of(peeked, headerOffset);
        }
        default -> {
          position += peeked.compressedPageSize();
          peeked = null;
        }
      }
    }
  }

  /**
   * Skips the data page whose header {@link #peekDataPage} returned, without reading, checking or decompressing its
   * body: the column layer skips rows it was asked not to return.
   */
  public void skipDataPage() throws ParquetException {
    if (peeked == null || peeked.type() != PageType.DATA_PAGE && peeked.type() != PageType.DATA_PAGE_V2) {
      throw new IllegalStateException(location.describe() + ": no data page header was peeked to skip");
    }
    int valueCount = peeked.type() == PageType.DATA_PAGE
        ? peeked.dataPageHeader().numValues() : peeked.dataPageHeaderV2().numValues();
    position += peeked.compressedPageSize();
    valuesSeen += valueCount;
    dataPageSeen = true;
    peeked = null;
    pagesSkipped++;
  }

  /**
   * Tells the reader the bit widths of the column's repetition and definition levels together, so that a prefix of a
   * v1 page ({@link #nextPage(ValueDestination, int)}), whose levels come first inside the compressed body, is
   * guessed to hold all of them. 0 (the default) for a column without levels.
   */
  public void levelBits(int bits) {
    levelBits = bits;
  }

  /** Data pages skipped unread by {@link #skipDataPage}, so far. */
  public long pagesSkipped() {
    return pagesSkipped;
  }

  /**
   * With a {@link PagePlan}, when the next page is a data page of the offset index, its rows (level entries):
   * known without reading it, so that the column layer can pass over it with {@link #skipIndexedPage}; -1
   * otherwise (no plan, a dictionary page next, or a header already peeked).
   */
  public long indexedPageRows() {
    int page = plan == null || peeked != null ? -1 : plan.pageStartingAt(position);
    return page < 0 ? -1 : plan.rows(page);
  }

  /**
   * Passes over the data page {@link #indexedPageRows} describes, neither reading nor decompressing any of it:
   * only the position, the level entries seen and, for an encrypted chunk, the page ordinal move on.
   */
  public void skipIndexedPage() {
    int page = plan == null || peeked != null ? -1 : plan.pageStartingAt(position);
    if (page < 0) {
      throw new IllegalStateException(location.describe() + ": no data page of the offset index starts next");
    }
    prefixed = null;
    valuesSeen += plan.rows(page);
    position = plan.next(page);
    dataPageSeen = true;
    if (encrypted != null) {
      encrypted.skipDataPage();
    }
    pagesNotRead++;
  }

  /**
   * Data pages read of which only a prefix was decompressed ({@link #nextPage(ValueDestination, int)}), not
   * completed since, so far.
   */
  public long pagesDecompressedInPart() {
    return pagesDecompressedInPart;
  }

  /** Data pages read (returned by {@code nextPage}), so far. */
  public long dataPagesRead() {
    return dataPagesRead;
  }

  /** Data pages passed over by {@link #skipIndexedPage} without a byte of them read, so far. */
  public long pagesNotRead() {
    return pagesNotRead;
  }

  /** Whether the header {@link #peekDataPage} read last, and returned null for, is a dictionary page's. */
  public boolean dictionaryPageNext() {
    return peeked != null && peeked.type() == PageType.DICTIONARY_PAGE;
  }

  /**
   * The next page's header (the one {@link #peekDataPage} read, if any), with its body checked to lie inside the
   * chunk and {@link #headerOffset} set; null when the chunk has no more pages.
   */
  private PageHeader nextHeader(boolean readNear) throws IOException {
    if (peeked != null) {
      PageHeader header = peeked;
      peeked = null;
      return header;
    }
    if (valuesSeen >= totalValueCount || position >= bytes.length()) {
      return null;
    }
    headerOffset = chunkStart + position;
    PageHeader header =
        headers.read(position, headerOffset, readNear, readNear && previousReadIntoDestination);
    position += headers.consumed();
    long compressedSize = header.compressedPageSize();
    long uncompressedSize = header.uncompressedPageSize();
    check(compressedSize >= 0 && uncompressedSize >= 0, headerOffset,
        "page header has compressed_page_size %d and uncompressed_page_size %d (expected >= 0)",
        compressedSize, uncompressedSize);
    check(compressedSize <= bytes.length() - position, headerOffset,
        "page body of %d bytes runs past the end of the column chunk (%d bytes remain)", compressedSize,
        bytes.length() - position);
    return header;
  }

  private DictionaryPage dictionaryPage(PageHeader header, byte[] body, int bodyOffset, int bodyLength,
      long headerOffset) throws ParquetException {
    DictionaryPageHeader dictionary = header.dictionaryPageHeader();
    check(dictionary != null, headerOffset, "DICTIONARY_PAGE header has no dictionary_page_header");
    check(!dictionarySeen, headerOffset, "column chunk has more than one dictionary page");
    check(!dataPageSeen, headerOffset, "dictionary page follows a data page");
    check(dictionary.numValues() >= 0, headerOffset, "dictionary page has num_values %d (expected >= 0)",
        dictionary.numValues());
    dictionarySeen = true;
    Encoding encoding = dictionary.encoding();
    // The size is checked now; a compressed body is decompressed when the column layer first needs the entries.
    int length = decompression.uncompressedLength(header, bodyLength, headerOffset);
    if (!decompression.compressed()) {
      return new DictionaryPage(dictionary.numValues(), encoding, body, bodyOffset, bodyLength, headerOffset);
    }
    return new DictionaryPage(dictionary.numValues(), encoding, body, bodyOffset, bodyLength, length, decompression,
        headerOffset);
  }

  private DataPage dataPageV1(PageHeader header, byte[] body, int bodyOffset, int bodyLength, long headerOffset,
      ValueDestination destination, int leadingEntries)
      throws ParquetException {
    DataPageHeader page = header.dataPageHeader();
    check(page != null, headerOffset, "DATA_PAGE header has no data_page_header");
    check(page.numValues() >= 0, headerOffset, "data page has num_values %d (expected >= 0)", page.numValues());
    dataPageSeen = true;
    valuesSeen += page.numValues();
    // A v1 body of a column without levels is nothing but its values.
    if (decompression.compressed()
        && fitsDestination(destination, page.encoding(), page.numValues(), 0)) {
      intoDestination(destination, body, page.numValues(), header.uncompressedPageSize(), 0, bodyOffset, bodyLength,
          headerOffset);
      return dataPage(header, headerOffset, body, bodyOffset, 0, page.numValues(), null);
    }
    if (!decompression.compressed()) {
      return dataPage(header, headerOffset, body, bodyOffset, bodyLength, 0, null);
    }
    int length = decompression.uncompressedLength(header, bodyLength, headerOffset);
    if (prefixApplies(page.encoding(), page.numValues(), leadingEntries)) {
      byte[] data = decompression.scratch(length);
      // The levels, bit-packed at most about as long as their bits, with a length or run header each 504 entries.
      long levelsLength = levelBits == 0 ? 0 : ((long) page.numValues() * levelBits + 7) / 8 + page.numValues() / 504
          + 8;
      int levels = (int) Math.min(length, levelsLength);
      int produced = decompression.decompressPrefixInto(body, bodyOffset, bodyLength, data, 0, length,
          levels + prefixLength(length - levels, leadingEntries, page.numValues()), headerOffset);
      if (produced < length) {
        return prefixPage(header, body, bodyOffset, bodyLength, headerOffset, data, produced, leadingEntries);
      }
      return dataPage(header, headerOffset, data, 0, length, 0, null);
    }
    byte[] data = decompression.decompressIntoScratch(body, bodyOffset, bodyLength, 0, length, headerOffset);
    return dataPage(header, headerOffset, data, 0, length, 0, null);
  }

  private DataPage dataPageV2(PageHeader header, byte[] body, int bodyOffset, int bodyLength, long headerOffset,
      ValueDestination destination, int leadingEntries)
      throws ParquetException {
    DataPageHeaderV2 page = header.dataPageHeaderV2();
    check(page != null, headerOffset, "DATA_PAGE_V2 header has no data_page_header_v2");
    int valueCount = page.numValues();
    check(valueCount >= 0 && page.numNulls() >= 0 && page.numRows() >= 0 && page.numNulls() <= valueCount,
        headerOffset, "data page v2 has num_values %d, num_nulls %d, num_rows %d (expected 0 <= num_nulls <="
            + " num_values, num_rows >= 0)", valueCount, page.numNulls(), page.numRows());
    int repetitionLength = page.repetitionLevelsByteLength();
    int definitionLength = page.definitionLevelsByteLength();
    long levelsLength = (long) repetitionLength + definitionLength;
    check(repetitionLength >= 0 && definitionLength >= 0 && levelsLength <= bodyLength, headerOffset,
        "data page v2 has repetition_levels_byte_length %d and definition_levels_byte_length %d, which do not fit"
            + " in its %d bytes", repetitionLength, definitionLength, bodyLength);
    dataPageSeen = true;
    valuesSeen += valueCount;
    boolean valuesCompressed = page.isCompressed() == null || page.isCompressed();
    int levels = (int) levelsLength;
    int storedValuesLength = bodyLength - levels;
    if (!decompression.compressed() || !valuesCompressed) {
      return dataPage(header, headerOffset, body, bodyOffset, bodyLength, 0, null);
    }
    if (fitsDestination(destination, page.encoding(), valueCount, page.numNulls())) {
      // The levels stay in the chunk bytes (uncompressed, as v2 stores them); only the values move.
      intoDestination(destination, body, valueCount, header.uncompressedPageSize(), levels, bodyOffset + levels,
          storedValuesLength, headerOffset);
      return dataPage(header, headerOffset, body, bodyOffset, levels, valueCount, null);
    }
    long valuesLength = (long) header.uncompressedPageSize() - levels;
    check(valuesLength >= 0, headerOffset,
        "data page v2 has uncompressed_page_size %d, less than its %d bytes of levels",
        header.uncompressedPageSize(), levels);
    decompression.checkSize(valuesLength, storedValuesLength, headerOffset);
    check(levels + valuesLength <= MAXIMUM_PAGE_SIZE, headerOffset,
        "uncompressed_page_size %d exceeds the largest page this reader accepts (%d)", levels + valuesLength,
        MAXIMUM_PAGE_SIZE);
    int length = (int) valuesLength;
    byte[] data;
    int produced = length;
    if (length > 0 && prefixApplies(page.encoding(), valueCount, leadingEntries)) {
      data = decompression.scratch(levels + length);
      produced = decompression.decompressPrefixInto(body, bodyOffset + levels, storedValuesLength, data, levels, length,
          prefixLength(length, leadingEntries, valueCount), headerOffset);
    } else if (length > 0) {
      data = decompression.decompressIntoScratch(body, bodyOffset + levels, storedValuesLength, levels, length,
          headerOffset);
    } else {
      data = decompression.scratch(levels);
    }
    // Copied after the values: a scratch array that grew while they arrived does not keep its earlier content.
    System.arraycopy(body, bodyOffset, data, 0, levels);
    if (produced < length) {
      return prefixPage(header, body, bodyOffset, bodyLength, headerOffset, data, levels + produced, leadingEntries);
    }
    return dataPage(header, headerOffset, data, 0, levels + length, 0, null);
  }

  /**
   * The data page of which {@code data[0, length)} is a decompressed prefix for its first {@code leadingEntries}
   * entries; its compressed body is kept for {@link #completeDataPage}.
   */
  private DataPage prefixPage(PageHeader header, byte[] body, int bodyOffset, int bodyLength, long headerOffset,
      byte[] data, int length, int leadingEntries) {
    prefixed = new PrefixedPage(header, body, bodyOffset, bodyLength, headerOffset);
    dataPagesRead++;
    pagesDecompressedInPart++;
    return new DataPage(DataPage.Header.of(header, headerOffset), data, 0, length, 0, null, leadingEntries);
  }

  /**
   * Decompresses the whole of the data page that {@link #nextPage(ValueDestination, int)} returned last, of which
   * only a prefix was decompressed ({@link DataPage#prefixEntries()} at least 0), into the same array at the same
   * place: the bytes the reader has used stay where they were. Valid until the next page is read, peeked or skipped.
   */
  public DataPage completeDataPage() throws ParquetException {
    PrefixedPage page = prefixed;
    if (page == null) {
      throw new IllegalStateException(location.describe() + ": the last page read is not a prefix to complete");
    }
    prefixed = null;
    pagesDecompressedInPart--;
    PageHeader header = page.header();
    byte[] data;
    int length;
    if (header.type() == PageType.DATA_PAGE) {
      length = header.uncompressedPageSize();
      data = decompression.decompressIntoScratch(page.body(), page.offset(), page.length(), 0, length,
          page.headerOffset());
    } else {
      DataPageHeaderV2 v2 = header.dataPageHeaderV2();
      int levels = v2.repetitionLevelsByteLength() + v2.definitionLevelsByteLength();
      length = header.uncompressedPageSize();
      data = decompression.decompressIntoScratch(page.body(), page.offset() + levels, page.length() - levels, levels,
          length - levels, page.headerOffset());
      System.arraycopy(page.body(), page.offset(), data, 0, levels);
    }
    return new DataPage(DataPage.Header.of(header, page.headerOffset()), data, 0, length, 0, null, -1);
  }

  /**
   * Whether a compressed page of {@code valueCount} entries in {@code encoding}, of which a reader wants the first
   * {@code leadingEntries}, is decompressed only as far as those probably reach: fewer than all are wanted, the
   * values are PLAIN or dictionary indices (a value's place depends only on those before it), the codec can stop
   * early, and the chunk is not encrypted (a page is authenticated, so decrypted, whole).
   */
  private boolean prefixApplies(Encoding encoding, int valueCount, int leadingEntries) {
    return leadingEntries >= 0 && leadingEntries < valueCount && encrypted == null && decompression.stopsEarly()
        && (encoding == Encoding.PLAIN || encoding == Encoding.PLAIN_DICTIONARY
            || encoding == Encoding.RLE_DICTIONARY);
  }

  /**
   * The leading bytes of a page section of {@code length} bytes likely to hold its first {@code entries} of
   * {@code valueCount} entries: their share of it, a tenth more for values of uneven size (byte arrays, runs of
   * indices) and 1 KiB for the level and run headers.
   */
  static int prefixLength(int length, int entries, int valueCount) {
    long share = (long) length * entries / valueCount;
    return (int) Math.min(length, share + share / 10 + 1024);
  }

  /** A data page's header and compressed body, kept while only a prefix of it is decompressed. */
  private record PrefixedPage(PageHeader header, byte[] body, int offset, int length, long headerOffset) {}

  /**
   * Whether a page's values may go to {@code destination}: one is offered, the values are PLAIN (the bytes
   * Arrow wants), none is null, and all of them fit (a page spanning two batches takes the heap path).
   */
  private static boolean fitsDestination(
      ValueDestination destination, Encoding encoding, int valueCount, int nullCount) {
    return destination != null && encoding == Encoding.PLAIN && nullCount == 0
        && valueCount <= destination.maximumValues();
  }

  /**
   * Decompresses the {@code valueCount} PLAIN values of a page into {@code destination}. Everything is checked
   * before the codec writes off-heap: the header's uncompressed size must be exactly the levels plus
   * {@code valueCount * width} (a page that claims more or fewer bytes than its values need is corrupt, and a
   * bigger size could otherwise overrun the vector), and the destination must have room for them.
   */
  private void intoDestination(ValueDestination destination, byte[] body, int valueCount, int uncompressedPageSize, int levels, int valuesOffset,
      int storedValuesLength, long headerOffset) throws ParquetException {
    long needed = (long) valueCount * destination.valueWidth();
    check(uncompressedPageSize == needed + levels, headerOffset,
        "PLAIN page of %d values of %d bytes%s needs uncompressed_page_size %d but the header says %d", valueCount,
        destination.valueWidth(), levels == 0 ? "" : " after " + levels + " bytes of levels", needed + levels,
        uncompressedPageSize);
    decompression.checkSize(needed, storedValuesLength, headerOffset);
    ByteBuffer buffer = destination.buffer();
    if (needed > buffer.remaining()) {
      throw new IllegalStateException(location.describe(headerOffset) + ": " + needed
          + " bytes of values do not fit in the " + buffer.remaining() + " bytes left in the destination");
    }
    if (needed > 0) {
      decompression.decompressInto(body, valuesOffset, storedValuesLength, buffer, (int) needed,
          headerOffset);
    }
    pagesIntoDestination++;
  }

  /**
   * Reads the body of an uncompressed page that {@link ValueDestination#takesUncompressed} accepted from the file straight into
   * {@code destination} (one copy, by the kernel), then verifies its CRC. The destination's room was checked when
   * it was made ({@link ValueDestination}). When the page holds more values than fit, the first
   * {@code maximumValues} go there and the rest, which belong to the next batch, stay in the file; with a CRC to
   * verify they are read into the heap window instead, so that the whole page is checked before it is handed out.
   */
  private DataPage readIntoDestination(PageHeader header, int bodyLength, long headerOffset,
      ValueDestination destination) throws IOException {
    int valueCount = header.type() == PageType.DATA_PAGE
        ? header.dataPageHeader().numValues() : header.dataPageHeaderV2().numValues();
    int leading = Math.min(valueCount, destination.maximumValues());
    int leadingBytes = leading * destination.valueWidth(); // at most bodyLength: the body is exactly the values
    ByteBuffer target = destination.buffer().duplicate();
    if (leadingBytes > target.remaining()) {
      throw new IllegalStateException(location.describe(headerOffset) + ": " + leadingBytes
          + " bytes of values do not fit in the " + target.remaining() + " bytes left in the destination");
    }
    target.limit(target.position() + leadingBytes);
    ByteBuffer checked = target.duplicate();
    int restLength = bodyLength - leadingBytes;
    // Room past the body among the values the caller wants (only those are sure to be written over).
    long room = (long) destination.maximumValues() * destination.valueWidth() - leadingBytes;
    int headerAhead = restLength > 0 ? 0 : headerAhead(position + bodyLength, room);
    target.limit(target.limit() + headerAhead);
    try {
      bytes.readInto(position, target, headerAhead);
    } catch (EOFException e) {
      throw new ParquetCorruptionException(
          location.describe(headerOffset) + ": file ends inside the column chunk: " + e.getMessage(), e);
    }
    boolean verify = checksum.applies(header);
    PageValuesInFile inFile = null;
    int restOffset = 0;
    if (restLength > 0 && !verify) {
      inFile = new PageValuesInFile(bytes, position + leadingBytes, restLength, location, headerOffset);
    } else if (restLength > 0) {
      restOffset = headers.ensureNear(position + leadingBytes, restLength, headerOffset);
    }
    position += bodyLength;
    dataPageSeen = true;
    if (verify) {
      checksum.verify(header, checked, bytes.window(), restOffset, restLength, bodyLength, headerOffset);
    }
    pagesReadIntoDestination++;
    DataPage page = dataPage(header, headerOffset, bytes.window(), restOffset, inFile == null ? restLength : 0,
        leading, inFile);
    valuesSeen += page.valueCount();
    return page;
  }

  /** The one place a {@link DataPage} is made: its header from the Thrift header, its body as given. */
  private DataPage dataPage(PageHeader header, long headerOffset, byte[] data, int offset, int length,
      int valuesInDestination, PageValuesInFile valuesInFile) {
    dataPagesRead++;
    return new DataPage(DataPage.Header.of(header, headerOffset), data, offset, length, valuesInDestination,
        valuesInFile, -1);
  }

  /**
   * How many bytes after a page body read into a destination to read with it, so that the next page's header
   * comes in the same request instead of one of its own (a system call costs as much as copying 20–40 KB here):
   * the short header prefix, when the destination has room for it past the body. Those bytes land where the
   * batch's next values go and are overwritten by them; a copy stays in the window for the header. 0 when the
   * destination has no room for it past the body, or at the end of the chunk.
   *
   * @param bodyEnd the chunk position just past the body
   */
  private int headerAhead(long bodyEnd, long roomAfterBody) {
    if (!bytes.planned(bodyEnd)) {
      return 0;
    }
    int prefix = (int) Math.min(bytes.readableEnd(bodyEnd) - bodyEnd,
        PageHeaderReader.HEADER_AFTER_DESTINATION_PREFIX);
    return prefix > 0 && roomAfterBody >= prefix ? prefix : 0;
  }

  /**
   * The one step between a page's stored body (in the window) and the page types: verifies its CRC as stored and,
   * for an encrypted chunk, decrypts it whole into a scratch array (so nothing of an encrypted page is handed out
   * or read into a vector before it is authenticated). An encrypted body is decrypted first: an altered AES-GCM
   * page then fails authentication (a {@code ParquetEncryptionException}) whatever its CRC; the CRC, over the
   * stored bytes, remains the only check of an AES-CTR page.
   */
  private PageBody checkedBody(PageHeader header, int bodyOffset, int bodyLength, long headerOffset)
      throws ParquetException {
    if (encrypted == null) {
      checksum.verify(header, bytes.window(), bodyOffset, bodyLength, headerOffset);
      return new PageBody(bytes.window(), bodyOffset, bodyLength);
    }
    PageBody body =
        encrypted.body(header, bytes.window(), bodyOffset, bodyLength, chunkStart + position - bodyLength);
    checksum.verify(header, bytes.window(), bodyOffset, bodyLength, headerOffset);
    return body;
  }

  private void check(boolean condition, long headerOffset, String format, Object... args)
      throws ParquetCorruptionException {
    if (!condition) {
      throw new ParquetCorruptionException(location.describe(headerOffset) + ": " + String.format(format, args));
    }
  }

  /**
   * Closes the decompressor and gives the scratch arrays to {@link ScratchArrays} for the next reader: the last
   * page read is no longer valid. Closing twice is harmless.
   */
  @Override
  public void close() {
    decompression.close();
    bytes.releaseWindow();
    if (encrypted != null) {
      encrypted.close();
    }
  }
}
