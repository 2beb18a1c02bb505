package io.parquetarrow.core.page;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The PLAIN values of an uncompressed data page that were left in the file when the page straddled the end of a
 * batch (see {@link DataPage#valuesInFile()}): the column layer reads them from here straight into the vector of
 * the batch they belong to, one positional read per batch, so they are copied once, by the kernel, as a page that
 * fits a batch is. Only pages without a CRC to verify are left in the file; a page with one is verified whole
 * before any of it is handed out (docs/decisions/0011-one-read-route-per-shape.md).
 *
 * <p>Reads do not depend on the page reader's state: this range of the chunk stays readable after the reader has
 * moved to later pages.
 */
public final class PageValuesInFile {
  private final ColumnChunkBytes bytes;
  private final long position;
  private final int length;
  private final ChunkLocation location;
  private final long headerOffset;

  /**
   * @param position where the values start, relative to the chunk; {@code [position, position + length)} lies in
   *     the chunk (the page reader checked the page body does)
   */
  PageValuesInFile(ColumnChunkBytes bytes, long position, int length, ChunkLocation location, long headerOffset) {
    this.bytes = bytes;
    this.position = position;
    this.length = length;
    this.location = location;
    this.headerOffset = headerOffset;
  }

  /** The bytes of values left in the file. */
  public int length() {
    return length;
  }

  /**
   * Fills {@code destination}, from its position to its limit, with the bytes from {@code from} on. The caller
   * made {@code destination} over memory it checked has room; this checks the range lies among the values.
   */
  public void readInto(int from, ByteBuffer destination) throws IOException {
    int count = destination.remaining();
    if (from < 0 || count > length - from) {
      throw new IllegalArgumentException(location.describe(headerOffset) + ": bytes [" + from + ", +" + count
          + ") are not among the " + length + " bytes of values left in the file");
    }
    try {
      bytes.readInto(position + from, destination);
    } catch (EOFException e) {
      throw new ParquetCorruptionException(
          location.describe(headerOffset) + ": file ends inside the column chunk: " + e.getMessage(), e);
    }
  }
}
