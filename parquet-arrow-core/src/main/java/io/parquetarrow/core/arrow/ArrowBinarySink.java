package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.BinarySink;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A {@link BinarySink} over the offsets and data buffers of one batch of an Arrow {@code utf8} or {@code binary}
 * vector (32-bit offsets) or of their large variants (64-bit offsets). The offsets are allocated once for the
 * batch's rows; the data buffer is sized from the bytes per row of the column's previous batch and, should the
 * batch hold more, grows by doubling (its bytes moved once).
 * Every range is bounds-checked before it is written through the buffers' addresses.
 */
final class ArrowBinarySink implements BinarySink {
  private final BufferAllocator allocator;
  /** Bytes per offset: 4, or 8 for the large variants. */
  private final int offsetWidth;
  private ArrowBuf offsets;
  private ArrowBuf data;
  private long dataLength;

  /** Allocates the offsets for {@code rows} rows and {@code dataBytes} bytes of data (both released on failure). */
  ArrowBinarySink(BufferAllocator allocator, int rows, long dataBytes, boolean large) {
    this.allocator = allocator;
    this.offsetWidth = large ? Long.BYTES : Integer.BYTES;
    this.offsets = ArrowBuffers.allocate(allocator, (rows + 1L) * offsetWidth);
    try {
      this.data = allocator.buffer(Math.max(dataBytes, 1));
    } catch (RuntimeException e) {
      offsets.close();
      throw e;
    }
    offsets.setZero(0, offsetWidth);
  }

  @Override
  public void append(int row, BinaryBuffer values, int count) throws UnsupportedParquetFeatureException {
    int[] ends = values.offsets();
    int bytes = ends[count];
    long newLength = dataLength + bytes;
    if (offsetWidth == Integer.BYTES && newLength > Integer.MAX_VALUE) {
      throw new UnsupportedParquetFeatureException("a batch holds more than 2 GiB of values, more than 32-bit "
          + "offsets address; read fewer rows per batch or read the column as large_utf8 / large_binary");
    }
    if (newLength > data.capacity()) {
      grow(newLength);
    }
    ArrowBuffers.copyBytes(values.data(), 0, bytes, data, dataLength);
    ArrowBuffers.checkFits(offsets, (row + 1L) * offsetWidth, (long) count * offsetWidth);
    long at = offsets.memoryAddress() + (row + 1L) * offsetWidth;
    long base = dataLength;
    if (offsetWidth == Integer.BYTES) {
      for (int i = 1; i <= count; i++, at += Integer.BYTES) {
        MemoryUtil.putInt(at, (int) base + ends[i]);
      }
    } else {
      for (int i = 1; i <= count; i++, at += Long.BYTES) {
        MemoryUtil.putLong(at, base + ends[i]);
      }
    }
    dataLength = newLength;
  }

  /**
   * Walks the rows backwards, giving each the end of the last value at or before it, until the value left is
   * already in its row: the rows below it are all values, in place. 32-bit offsets move a validity byte at a time
   * where a whole byte lies above the values left (a byte of eight values as a block; a mixed byte branch-free, each
   * row's end found by counting the byte's set bits up to it); other rows one by one.
   */
  @Override
  public void spreadNulls(int firstRow, int rows, int values, byte[] validity) {
    ArrowBuffers.checkFits(offsets, (long) firstRow * offsetWidth, (rows + 1L) * offsetWidth);
    long start = offsets.memoryAddress() + (long) firstRow * offsetWidth;
    long before = offset(start);
    long ends = start + offsetWidth;
    int source = values - 1;
    int row = rows - 1;
    while (row > source) {
      int bit = firstRow + row;
      int bits = validity[bit >>> 3] & 0xFF;
      int low = source + 1 - Integer.bitCount(bits); // the values of the byte's rows start here
      if (offsetWidth != Integer.BYTES || (bit & 7) != 7 || row < 7 || low == 0) {
        long end = source >= 0 ? offset(ends + (long) source * offsetWidth) : before;
        long at = ends + (long) row * offsetWidth;
        if (offsetWidth == Integer.BYTES) {
          MemoryUtil.putInt(at, (int) end);
        } else {
          MemoryUtil.putLong(at, end);
        }
        source -= bits >>> (bit & 7) & 1;
        row--;
        continue;
      }
      long to = ends + Integer.BYTES * (row - 7L);
      if (bits == 0xFF) {
        long from = ends + Integer.BYTES * (source - 7L);
        for (int k = 7; k >= 0; k--) {
          MemoryUtil.putInt(to + Integer.BYTES * k, MemoryUtil.getInt(from + Integer.BYTES * k));
        }
      } else {
        long from = ends + Integer.BYTES * (low - 1L);
        for (int k = 7; k >= 0; k--) {
          MemoryUtil.putInt(to + Integer.BYTES * k,
              MemoryUtil.getInt(from + Integer.BYTES * Integer.bitCount(bits & ((2 << k) - 1))));
        }
      }
      source = low - 1;
      row -= 8;
    }
  }

  private long offset(long address) {
    return offsetWidth == Integer.BYTES ? MemoryUtil.getInt(address) : MemoryUtil.getLong(address);
  }

  /** Bytes of data appended so far. */
  long dataLength() {
    return dataLength;
  }

  /** The offsets; the caller owns them from here on. */
  ArrowBuf takeOffsets() {
    ArrowBuf taken = offsets;
    offsets = null;
    return taken;
  }

  /** The data, zero-padded after {@link #dataLength} ({@link ArrowBuffers#allocate}); the caller owns it now. */
  ArrowBuf takeData() {
    ArrowBuf taken = data;
    data = null;
    ArrowBuffers.zeroPadding(taken, dataLength);
    return taken;
  }

  /** Releases the buffers not taken. */
  void release() {
    if (offsets != null) {
      offsets.close();
      offsets = null;
    }
    if (data != null) {
      data.close();
      data = null;
    }
  }

  private void grow(long needed) {
    long capacity = Math.max(needed, Math.min(data.capacity() * 2, Integer.MAX_VALUE));
    ArrowBuf grown = allocator.buffer(capacity);
    grown.setBytes(0, data, 0, dataLength);
    data.close();
    data = grown;
  }
}
