package io.parquetarrow.core.page;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The route of a data page's PLAIN values straight into the {@link ValueDestination} the column layer offers
 * {@link PageReader} (a required flat fixed-width column read straight into its Arrow vector), without the heap
 * scratch. It exists to keep those off-heap writes safe: every size a header claims is checked against the values
 * and the room in the destination before a byte is written.
 *
 * <p>A compressed PLAIN page without nulls whose values all fit is decompressed directly into the destination: the
 * page's uncompressed size must then be exactly the bytes its values need (plus the v2 levels), which is checked,
 * together with the room left in the destination, before anything is written. An uncompressed PLAIN page is read
 * from the file straight into it instead (only headers go through the heap window), its first values when it holds
 * more than fit: the rest stays in the file ({@link PageValuesInFile}) for the column layer to read into the next
 * batch's vector, or, when the page has a CRC to verify, is read into the heap window so that the whole page is
 * verified before any of it is handed out; the reader, which walks the chunk, decides which. See
 * docs/decisions/0011-one-read-route-per-shape.md.
 */
final class PlainValuesIntoDestination {
  private final ColumnChunkBytes bytes;
  private final PageDecompressor decompression;
  private final ChunkLocation location;
  private long pagesDecompressed;

  PlainValuesIntoDestination(ColumnChunkBytes bytes, PageDecompressor decompression, ChunkLocation location) {
    this.bytes = bytes;
    this.decompression = decompression;
    this.location = location;
  }

  /** Data pages whose values were decompressed straight into a destination, so far. */
  long pagesDecompressed() {
    return pagesDecompressed;
  }

  /**
   * Whether a page's values may go to {@code destination}: one is offered, the values are PLAIN (the bytes
   * Arrow wants), none is null, and all of them fit (a page spanning two batches takes the heap path).
   */
  static boolean fits(ValueDestination destination, Encoding encoding, int valueCount, int nullCount) {
    return destination != null && encoding == Encoding.PLAIN && nullCount == 0
        && valueCount <= destination.maximumValues();
  }

  /**
   * Decompresses the {@code valueCount} PLAIN values of a page into {@code destination}. Everything is checked
   * before the codec writes off-heap: the header's uncompressed size must be exactly the levels plus
   * {@code valueCount * width} (a page that claims more or fewer bytes than its values need is corrupt, and a
   * bigger size could otherwise overrun the vector), and the destination must have room for them.
   */
  void decompress(ValueDestination destination, byte[] body, int valueCount, int uncompressedPageSize, int levels,
      int valuesOffset, int storedValuesLength, long headerOffset) throws ParquetException {
    long needed = (long) valueCount * destination.valueWidth();
    if (uncompressedPageSize != needed + levels) {
      throw new ParquetCorruptionException(location.describe(headerOffset) + ": " + String.format(
          "PLAIN page of %d values of %d bytes%s needs uncompressed_page_size %d but the header says %d", valueCount,
          destination.valueWidth(), levels == 0 ? "" : " after " + levels + " bytes of levels", needed + levels,
          uncompressedPageSize));
    }
    decompression.checkSize(needed, storedValuesLength, headerOffset);
    ByteBuffer buffer = destination.buffer();
    if (needed > buffer.remaining()) {
      throw doesNotFit(needed, buffer, headerOffset);
    }
    if (needed > 0) {
      decompression.decompressInto(body, valuesOffset, storedValuesLength, buffer, (int) needed,
          headerOffset);
    }
    pagesDecompressed++;
  }

  /**
   * Reads the leading values of an uncompressed page that {@link ValueDestination#takesUncompressed} accepted,
   * whose body of {@code bodyLength} bytes starts at chunk position {@code position}, from the file straight into
   * {@code destination} (one copy, by the kernel): all of them, or the first {@code maximumValues} when the page
   * holds more. The destination's room was checked when it was made ({@link ValueDestination}). Returns a view of
   * the bytes read, for the page's CRC; the rest of the body, which belongs to the next batch, is the caller's.
   */
  ByteBuffer readLeading(PageHeader header, long position, int bodyLength, long headerOffset,
      ValueDestination destination) throws IOException {
    int valueCount = header.type() == PageType.DATA_PAGE
        ? header.dataPageHeader().numValues() : header.dataPageHeaderV2().numValues();
    int leading = Math.min(valueCount, destination.maximumValues());
    int leadingBytes = leading * destination.valueWidth(); // at most bodyLength: the body is exactly the values
    ByteBuffer target = destination.buffer().duplicate();
    if (leadingBytes > target.remaining()) {
      throw doesNotFit(leadingBytes, target, headerOffset);
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
    return checked;
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

  private IllegalStateException doesNotFit(long needed, ByteBuffer buffer, long headerOffset) {
    return new IllegalStateException(location.describe(headerOffset) + ": " + needed
        + " bytes of values do not fit in the " + buffer.remaining() + " bytes left in the destination");
  }
}
