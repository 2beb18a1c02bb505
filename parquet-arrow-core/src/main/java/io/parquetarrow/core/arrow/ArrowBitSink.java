package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.BitSink;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/** A {@link BitSink} over the data buffer of an Arrow {@code bool} vector; every range is bounds-checked first. */
final class ArrowBitSink implements BitSink {
  private final ArrowBuf buffer;

  /** @param buffer the data buffer, zeroed */
  ArrowBitSink(ArrowBuf buffer) {
    this.buffer = buffer;
  }

  @Override
  public void putBits(int firstRow, byte[] values, int count) {
    long address = checkedAddress(firstRow, count);
    for (int i = 0; i < count; i++) {
      setBit(address, firstRow + i, values[i] & 1);
    }
  }

  /** Walks the rows backwards until the bit left to move is already in its row (as {@link ArrowBufSink} does). */
  @Override
  public void spreadNulls(int firstRow, int rows, int values, byte[] validity) {
    long address = checkedAddress(firstRow, rows);
    int source = values - 1;
    for (int row = rows - 1; row > source; row--) {
      int bit = firstRow + row;
      if ((validity[bit >>> 3] >>> (bit & 7) & 1) != 0) {
        int from = firstRow + source;
        setBit(address, bit, MemoryUtil.getByte(address + (from >>> 3)) >>> (from & 7) & 1);
        source--;
      } else {
        setBit(address, bit, 0);
      }
    }
  }

  private long checkedAddress(int firstRow, int rows) {
    ArrowBuffers.checkFits(buffer, firstRow >>> 3, ((firstRow & 7) + rows + 7L) >>> 3);
    return buffer.memoryAddress();
  }

  private static void setBit(long address, int bit, int value) {
    long at = address + (bit >>> 3);
    int mask = 1 << (bit & 7);
    byte current = MemoryUtil.getByte(at);
    MemoryUtil.putByte(at, (byte) (value != 0 ? current | mask : current & ~mask));
  }
}
