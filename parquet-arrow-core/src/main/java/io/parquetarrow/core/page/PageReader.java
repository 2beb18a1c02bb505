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
 * into its Arrow vector), a PLAIN page without nulls goes into it without the heap scratch: see
 * {@link PlainValuesIntoDestination}.
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
  /** Decompresses a page only as far as a reader needs for now, and the rest when it needs more. */
  private final DataPagePrefix prefix;
  private final PlainValuesIntoDestination intoDestination;
  private final PageHeaderChecks checks;

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
    this.prefix = new DataPagePrefix(decompression, encrypted != null, location);
    this.intoDestination = new PlainValuesIntoDestination(bytes, decompression, location);
    this.checks = new PageHeaderChecks(location);
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
    return intoDestination.pagesDecompressed();
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
    prefix.forget();
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
    prefix.forget();
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
          checks.dataPage(peeked, headerOffset);
          return DataPage.Header.of(peeked, headerOffset);
        }
        case DATA_PAGE_V2 -> {
          checks.peekedDataPageV2(peeked, headerOffset);
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
    prefix.levelBits(bits);
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
    prefix.forget();
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
    return prefix.pagesDecompressedInPart();
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
    checks.sizes(header, bytes.length() - position, headerOffset);
    return header;
  }

  private DictionaryPage dictionaryPage(PageHeader header, byte[] body, int bodyOffset, int bodyLength,
      long headerOffset) throws ParquetException {
    DictionaryPageHeader dictionary = checks.dictionaryPage(header, dictionarySeen, dataPageSeen, headerOffset);
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
    DataPageHeader page = checks.dataPage(header, headerOffset);
    dataPageSeen = true;
    valuesSeen += page.numValues();
    // A v1 body of a column without levels is nothing but its values.
    if (decompression.compressed()
        && PlainValuesIntoDestination.fits(destination, page.encoding(), page.numValues(), 0)) {
      intoDestination.decompress(destination, body, page.numValues(), header.uncompressedPageSize(), 0, bodyOffset,
          bodyLength, headerOffset);
      return dataPage(header, headerOffset, body, bodyOffset, 0, page.numValues(), null);
    }
    if (!decompression.compressed()) {
      return dataPage(header, headerOffset, body, bodyOffset, bodyLength, 0, null);
    }
    int length = decompression.uncompressedLength(header, bodyLength, headerOffset);
    if (prefix.applies(page.encoding(), page.numValues(), leadingEntries)) {
      byte[] data = decompression.scratch(length);
      int produced = decompression.decompressPrefixInto(body, bodyOffset, bodyLength, data, 0, length,
          prefix.v1PrefixLength(length, page.numValues(), leadingEntries), headerOffset);
      if (produced < length) {
        dataPagesRead++;
        return prefix.keep(header, body, bodyOffset, bodyLength, headerOffset, data, produced, leadingEntries);
      }
      return dataPage(header, headerOffset, data, 0, length, 0, null);
    }
    byte[] data = decompression.decompressIntoScratch(body, bodyOffset, bodyLength, 0, length, headerOffset);
    return dataPage(header, headerOffset, data, 0, length, 0, null);
  }

  private DataPage dataPageV2(PageHeader header, byte[] body, int bodyOffset, int bodyLength, long headerOffset,
      ValueDestination destination, int leadingEntries)
      throws ParquetException {
    DataPageHeaderV2 page = checks.dataPageV2(header, bodyLength, headerOffset);
    int valueCount = page.numValues();
    dataPageSeen = true;
    valuesSeen += valueCount;
    boolean valuesCompressed = page.isCompressed() == null || page.isCompressed();
    int levels = page.repetitionLevelsByteLength() + page.definitionLevelsByteLength();
    int storedValuesLength = bodyLength - levels;
    if (!decompression.compressed() || !valuesCompressed) {
      return dataPage(header, headerOffset, body, bodyOffset, bodyLength, 0, null);
    }
    if (PlainValuesIntoDestination.fits(destination, page.encoding(), valueCount, page.numNulls())) {
      // The levels stay in the chunk bytes (uncompressed, as v2 stores them); only the values move.
      intoDestination.decompress(destination, body, valueCount, header.uncompressedPageSize(), levels,
          bodyOffset + levels, storedValuesLength, headerOffset);
      return dataPage(header, headerOffset, body, bodyOffset, levels, valueCount, null);
    }
    long valuesLength = (long) header.uncompressedPageSize() - levels;
    checks.check(valuesLength >= 0, headerOffset,
        "data page v2 has uncompressed_page_size %d, less than its %d bytes of levels",
        header.uncompressedPageSize(), levels);
    decompression.checkSize(valuesLength, storedValuesLength, headerOffset);
    checks.check(levels + valuesLength <= MAXIMUM_PAGE_SIZE, headerOffset,
        "uncompressed_page_size %d exceeds the largest page this reader accepts (%d)", levels + valuesLength,
        MAXIMUM_PAGE_SIZE);
    int length = (int) valuesLength;
    byte[] data;
    int produced = length;
    if (length > 0 && prefix.applies(page.encoding(), valueCount, leadingEntries)) {
      data = decompression.scratch(levels + length);
      produced = decompression.decompressPrefixInto(body, bodyOffset + levels, storedValuesLength, data, levels,
          length, DataPagePrefix.prefixLength(length, leadingEntries, valueCount), headerOffset);
    } else if (length > 0) {
      data = decompression.decompressIntoScratch(body, bodyOffset + levels, storedValuesLength, levels, length,
          headerOffset);
    } else {
      data = decompression.scratch(levels);
    }
    // Copied after the values: a scratch array that grew while they arrived does not keep its earlier content.
    System.arraycopy(body, bodyOffset, data, 0, levels);
    if (produced < length) {
      dataPagesRead++;
      return prefix.keep(header, body, bodyOffset, bodyLength, headerOffset, data, levels + produced, leadingEntries);
    }
    return dataPage(header, headerOffset, data, 0, levels + length, 0, null);
  }

  /**
   * Decompresses the whole of the data page that {@link #nextPage(ValueDestination, int)} returned last, of which
   * only a prefix was decompressed ({@link DataPage#prefixEntries()} at least 0), into the same array at the same
   * place: the bytes the reader has used stay where they were. Valid until the next page is read, peeked or skipped.
   */
  public DataPage completeDataPage() throws ParquetException {
    return prefix.complete();
  }

  /**
   * Reads the body of an uncompressed page that {@link ValueDestination#takesUncompressed} accepted from the file
   * straight into {@code destination} ({@link PlainValuesIntoDestination#readLeading}), then verifies its CRC. When
   * the page holds more values than fit, the first {@code maximumValues} go there and the rest, which belong to the
   * next batch, stay in the file; with a CRC to verify they are read into the heap window instead, so that the whole
   * page is checked before it is handed out.
   */
  private DataPage readIntoDestination(PageHeader header, int bodyLength, long headerOffset,
      ValueDestination destination) throws IOException {
    ByteBuffer checked = intoDestination.readLeading(header, position, bodyLength, headerOffset, destination);
    int leadingBytes = checked.remaining();
    int leading = leadingBytes / destination.valueWidth(); // whole values: the body is exactly the values
    int restLength = bodyLength - leadingBytes;
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
