package io.parquetarrow.core.page;

import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import java.nio.ByteBuffer;

/**
 * Where the column layer offers {@link PageReader#nextPage(ValueDestination)} to put the values of the next data
 * page directly: a view of the Arrow vector's data buffer starting at the slot of the next value. The page layer
 * decompresses a PLAIN page without nulls there, skipping the heap scratch, when it holds at most
 * {@code maximumValues} values, and reads an uncompressed one there from the file, its first
 * {@code maximumValues} values when it holds more (see {@link DataPage#valuesInDestination()}); otherwise it
 * ignores the offer and returns the page as usual.
 *
 * <p>Offered only for columns without repetition or definition levels (a required flat column), so a v1 page
 * body is nothing but values and a v2 page's (uncompressed) levels can be skipped.
 *
 * @param buffer the destination from its position; at least {@code maximumValues * valueWidth} bytes remain
 *     (usually a direct {@code ArrowBuf.nioBuffer} view)
 * @param valueWidth bytes per PLAIN value (4, 8 or FIXED_LEN_BYTE_ARRAY's {@code type_length}), at least 1
 * @param maximumValues the values that fit in {@code buffer} and that the caller still wants in this batch
 */
public record ValueDestination(ByteBuffer buffer, int valueWidth, int maximumValues) {
  public ValueDestination {
    if (valueWidth <= 0 || maximumValues < 0 || (long) valueWidth * maximumValues > buffer.remaining()) {
      throw new IllegalArgumentException("destination of " + buffer.remaining() + " bytes cannot hold "
          + maximumValues + " values of " + valueWidth + " bytes");
    }
  }

  /**
   * Whether an uncompressed page's body can be read from the file straight into this destination: a data page
   * (v1, or v2 without level bytes and nulls) of PLAIN values whose body is exactly its values, and room for at
   * least one value (a page with more values than fit straddles the batch, see {@link #readIntoDestination}).
   * Anything else, including every header that does not add up, takes the usual path and its checks.
   */
  boolean takesUncompressed(PageHeader header, int bodyLength) {
    int valueCount;
    Encoding encoding;
    if (header.type() == PageType.DATA_PAGE && header.dataPageHeader() != null) {
      valueCount = header.dataPageHeader().numValues();
      encoding = header.dataPageHeader().encoding();
    } else if (header.type() == PageType.DATA_PAGE_V2 && header.dataPageHeaderV2() != null) {
      DataPageHeaderV2 page = header.dataPageHeaderV2();
      if (page.numNulls() != 0 || page.repetitionLevelsByteLength() != 0 || page.definitionLevelsByteLength() != 0
          || page.numRows() < 0) {
        return false;
      }
      valueCount = page.numValues();
      encoding = page.encoding();
    } else {
      return false;
    }
    return encoding == Encoding.PLAIN && valueCount > 0 && maximumValues > 0
        && (long) valueCount * valueWidth == bodyLength;
  }
}
