package io.parquetarrow.core.page;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.DataPageHeader;
import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.DictionaryPageHeader;
import io.parquetarrow.format.PageHeader;

/**
 * The checks {@link PageReader} makes of a page header's fields once the header is parsed and before its page's
 * body is located, read, sized or handed out: the header of the page's type is present, its counts and lengths are
 * not negative, and what it says fits inside the page and the column chunk. Nothing after them has to guard against
 * a header that does not add up. Each failure is a {@link ParquetCorruptionException} naming the file, row group,
 * column and page offset.
 */
final class PageHeaderChecks {
  private final ChunkLocation location;

  PageHeaderChecks(ChunkLocation location) {
    this.location = location;
  }

  /** Checks a header's page sizes, its body within the {@code remaining} bytes of the chunk after the header. */
  void sizes(PageHeader header, long remaining, long headerOffset) throws ParquetCorruptionException {
    long compressedSize = header.compressedPageSize();
    long uncompressedSize = header.uncompressedPageSize();
    check(compressedSize >= 0 && uncompressedSize >= 0, headerOffset,
        "page header has compressed_page_size %d and uncompressed_page_size %d (expected >= 0)",
        compressedSize, uncompressedSize);
    check(compressedSize <= remaining, headerOffset,
        "page body of %d bytes runs past the end of the column chunk (%d bytes remain)", compressedSize,
        remaining);
  }

  /** The data_page_header of a DATA_PAGE header, checked. */
  DataPageHeader dataPage(PageHeader header, long headerOffset) throws ParquetCorruptionException {
    DataPageHeader page = header.dataPageHeader();
    check(page != null, headerOffset, "DATA_PAGE header has no data_page_header");
    check(page.numValues() >= 0, headerOffset, "data page has num_values %d (expected >= 0)", page.numValues());
    return page;
  }

  /** The counts of a DATA_PAGE_V2 header peeked at, checked: those the column layer reads before the body. */
  void peekedDataPageV2(PageHeader header, long headerOffset) throws ParquetCorruptionException {
    DataPageHeaderV2 page = header.dataPageHeaderV2();
    check(page != null, headerOffset, "DATA_PAGE_V2 header has no data_page_header_v2");
    check(page.numValues() >= 0 && page.numRows() >= 0, headerOffset,
        "data page v2 has num_values %d and num_rows %d (expected >= 0)", page.numValues(), page.numRows());
  }

  /**
   * The data_page_header_v2 of a DATA_PAGE_V2 header with a body of {@code bodyLength} bytes, checked: its counts,
   * and its levels within the body.
   */
  DataPageHeaderV2 dataPageV2(PageHeader header, int bodyLength, long headerOffset)
      throws ParquetCorruptionException {
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
    return page;
  }

  /**
   * The dictionary_page_header of a DICTIONARY_PAGE header, checked, with the page's place in the chunk: the first
   * dictionary page and before every data page.
   */
  DictionaryPageHeader dictionaryPage(PageHeader header, boolean dictionarySeen, boolean dataPageSeen,
      long headerOffset) throws ParquetCorruptionException {
    DictionaryPageHeader dictionary = header.dictionaryPageHeader();
    check(dictionary != null, headerOffset, "DICTIONARY_PAGE header has no dictionary_page_header");
    check(!dictionarySeen, headerOffset, "column chunk has more than one dictionary page");
    check(!dataPageSeen, headerOffset, "dictionary page follows a data page");
    check(dictionary.numValues() >= 0, headerOffset, "dictionary page has num_values %d (expected >= 0)",
        dictionary.numValues());
    return dictionary;
  }

  void check(boolean condition, long headerOffset, String format, Object... args)
      throws ParquetCorruptionException {
    if (!condition) {
      throw new ParquetCorruptionException(location.describe(headerOffset) + ": " + String.format(format, args));
    }
  }
}
