package io.parquetarrow.core.page;

import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;

/**
 * The partial decompression of compressed data pages, a step of {@link PageReader} between a page's checked body
 * and the {@link DataPage} it returns: for a reader that needs only a page's first level entries for now (a sparse
 * selection of rows), a page is decompressed only as far as those entries probably reach, and its compressed body
 * is kept so that the whole page can be decompressed ({@link #complete}) when the reader needs more of it. Rows
 * skipped after a page's first entries then cost no decompression. The prefix is only a guess from the page's
 * sizes; the column layer verifies it holds what it needs. See
 * docs/decisions/0061-data-pages-decompressed-as-far-as-sparse-rows-need.md.
 */
final class DataPagePrefix {
  /**
   * The most level entries one bit-packed run of the RLE/bit-packed hybrid holds (63 groups of 8): a v1 page's
   * levels are guessed to need a run header this often.
   */
  private static final int ENTRIES_PER_RUN_HEADER = 504;
  /** The 4-byte length prefixes of a v1 page's repetition and definition level sections. */
  private static final int LEVEL_LENGTH_PREFIXES = 8;
  /** A prefix holds a tenth more than its entries' share of a section: values and runs are of uneven size. */
  private static final int UNEVEN_SIZE_SHARE = 10;
  /** Bytes a prefix holds beyond its entries' share for the level and run headers: 1 KiB. */
  private static final int HEADER_ALLOWANCE = 1024;

  private final PageDecompressor decompression;
  /** Whether the chunk is encrypted: a page is then authenticated, so decrypted and decompressed, whole. */
  private final boolean encrypted;
  private final ChunkLocation location;
  /** The last page read, when only a prefix of it was decompressed; else null. */
  private PrefixedPage prefixed;
  private long pagesDecompressedInPart;
  /** Bits per entry of a v1 page's levels when bit-packed ({@link #levelBits}), which a prefix holds whole. */
  private int levelBits;

  DataPagePrefix(PageDecompressor decompression, boolean encrypted, ChunkLocation location) {
    this.decompression = decompression;
    this.encrypted = encrypted;
    this.location = location;
  }

  /** See {@link PageReader#levelBits}. */
  void levelBits(int bits) {
    levelBits = bits;
  }

  /** Data pages returned of which only a prefix was decompressed, not completed since, so far. */
  long pagesDecompressedInPart() {
    return pagesDecompressedInPart;
  }

  /**
   * Whether a compressed page of {@code valueCount} entries in {@code encoding}, of which a reader wants the first
   * {@code leadingEntries}, is decompressed only as far as those probably reach: fewer than all are wanted, the
   * values are PLAIN or dictionary indices (a value's place depends only on those before it), the codec can stop
   * early, and the chunk is not encrypted (a page is authenticated, so decrypted, whole).
   */
  boolean applies(Encoding encoding, int valueCount, int leadingEntries) {
    return leadingEntries >= 0 && leadingEntries < valueCount && !encrypted && decompression.stopsEarly()
        && (encoding == Encoding.PLAIN || encoding == Encoding.PLAIN_DICTIONARY
            || encoding == Encoding.RLE_DICTIONARY);
  }

  /**
   * The leading bytes of a v1 page of {@code length} bytes uncompressed likely to hold its first
   * {@code leadingEntries} of {@code valueCount} entries: its levels, which come first, whole, then the values'
   * share ({@link #prefixLength}).
   */
  int v1PrefixLength(int length, int valueCount, int leadingEntries) {
    // The levels, bit-packed at most about as long as their bits, with a length or run header each run of entries.
    long levelsLength = levelBits == 0 ? 0
        : ((long) valueCount * levelBits + Byte.SIZE - 1) / Byte.SIZE + valueCount / ENTRIES_PER_RUN_HEADER
            + LEVEL_LENGTH_PREFIXES;
    int levels = (int) Math.min(length, levelsLength);
    return levels + prefixLength(length - levels, leadingEntries, valueCount);
  }

  /**
   * The leading bytes of a page section of {@code length} bytes likely to hold its first {@code entries} of
   * {@code valueCount} entries: their share of it, a tenth more for values of uneven size (byte arrays, runs of
   * indices) and 1 KiB for the level and run headers.
   */
  static int prefixLength(int length, int entries, int valueCount) {
    long share = (long) length * entries / valueCount;
    return (int) Math.min(length, share + share / UNEVEN_SIZE_SHARE + HEADER_ALLOWANCE);
  }

  /**
   * The data page of which {@code data[0, length)} is a decompressed prefix for its first {@code leadingEntries}
   * entries; its compressed body is kept for {@link #complete}.
   */
  DataPage keep(PageHeader header, byte[] body, int bodyOffset, int bodyLength, long headerOffset, byte[] data,
      int length, int leadingEntries) {
    prefixed = new PrefixedPage(header, body, bodyOffset, bodyLength, headerOffset);
    pagesDecompressedInPart++;
    return new DataPage(DataPage.Header.of(header, headerOffset), data, 0, length, 0, null, leadingEntries);
  }

  /** Forgets the page kept last: the reader moved on, and its compressed body is no longer valid. */
  void forget() {
    prefixed = null;
  }

  /** See {@link PageReader#completeDataPage}. */
  DataPage complete() throws ParquetException {
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

  /** A data page's header and compressed body, kept while only a prefix of it is decompressed. */
  private record PrefixedPage(PageHeader header, byte[] body, int offset, int length, long headerOffset) {}
}
