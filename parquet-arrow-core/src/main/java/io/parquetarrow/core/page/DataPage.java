package io.parquetarrow.core.page;

import io.parquetarrow.format.DataPageHeader;
import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;

/**
 * One data page (v1 or v2) with its body uncompressed, as {@link PageReader} returns it to the column layer.
 *
 * <p>{@code data[offset, offset + length)} holds the page exactly as the level and value decoders expect it:
 * for v1 the repetition levels, the definition levels (each RLE section with its 4-byte length prefix, or
 * BIT_PACKED) and the values; for v2 the repetition levels ({@code repetitionLevelsLength} bytes), the
 * definition levels ({@code definitionLevelsLength} bytes, both RLE without length prefix) and the values. The
 * array is the reader's scratch and is valid until the next call to {@link PageReader#nextPage()}.
 *
 * @param header what the page header says about the page
 * @param valuesInDestination how many of the page's first values went to the {@link ValueDestination} offered to
 *     {@link PageReader#nextPage(ValueDestination)}: all of them when they fit (then {@code data} holds no values,
 *     only v2 levels, which a column without levels ignores), the values that fit when an uncompressed page holds
 *     more (then {@code data} or {@link #valuesInFile} holds the rest), else 0. A page of no values never goes
 *     there.
 * @param valuesInFile where the rest of the values are when an uncompressed page straddling the destination's end
 *     has no CRC to verify: they stay in the file, {@code data} holds none of them, and the column layer reads
 *     them straight into the next batch's vector; null when the values not in the destination are in {@code data}
 * @param prefixEntries -1 when {@code data} holds the whole page; otherwise {@code data} holds only a leading part
 *     of a compressed page, decompressed for a reader that asked for its first {@code prefixEntries} level entries
 *     ({@link PageReader#nextPage(ValueDestination, int)}): a guess that the column layer verifies, and that
 *     {@link PageReader#completeDataPage()} replaces by the whole page
 */
public record DataPage(Header header, byte[] data, int offset, int length, int valuesInDestination,
    PageValuesInFile valuesInFile, int prefixEntries)
    implements Page {

  /**
   * The fields of a v1 or v2 data page header that the column layer reads.
   *
   * @param version 1 or 2
   * @param valueCount {@code num_values}: level entries in the page (including nulls)
   * @param nullCount v2 {@code num_nulls}, or -1 for v1
   * @param rowCount v2 {@code num_rows}, or -1 for v1
   * @param valueEncoding the encoding of the values section
   * @param definitionLevelEncoding v1 encoding of the definition levels (RLE for v2)
   * @param repetitionLevelEncoding v1 encoding of the repetition levels (RLE for v2)
   * @param repetitionLevelsLength v2 byte length of the repetition levels, -1 for v1
   * @param definitionLevelsLength v2 byte length of the definition levels, -1 for v1
   * @param fileOffset where the page header starts in the file, for error messages
   */
  public record Header(
      int version, int valueCount, int nullCount, int rowCount, Encoding valueEncoding,
      Encoding definitionLevelEncoding, Encoding repetitionLevelEncoding, int repetitionLevelsLength,
      int definitionLevelsLength, long fileOffset) {

    /** The fields of {@code header}, a DATA_PAGE or DATA_PAGE_V2 header with its page header set. */
    static Header of(PageHeader header, long fileOffset) {
      if (header.type() == PageType.DATA_PAGE) {
        DataPageHeader page = header.dataPageHeader();
        return new Header(1, page.numValues(), -1, -1, page.encoding(), page.definitionLevelEncoding(),
            page.repetitionLevelEncoding(), -1, -1, fileOffset);
      }
      DataPageHeaderV2 page = header.dataPageHeaderV2();
      return new Header(2, page.numValues(), page.numNulls(), page.numRows(), page.encoding(), Encoding.RLE,
          Encoding.RLE, page.repetitionLevelsByteLength(), page.definitionLevelsByteLength(), fileOffset);
    }
  }

  public int version() {
    return header.version();
  }

  public int valueCount() {
    return header.valueCount();
  }

  public Encoding valueEncoding() {
    return header.valueEncoding();
  }

  public long fileOffset() {
    return header.fileOffset();
  }
}
