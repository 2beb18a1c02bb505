package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.BitSink;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A {@link BitSink} over the data buffer of an Arrow {@code bool} vector: whole bytes are packed on the heap and
 * copied in bulk, the bits of a partial byte at either end set one by one. Every range is bounds-checked first.
 */
final class ArrowBitSink implements BitSink {
  private final ArrowBuf buffer;
  private byte[] packed = new byte[0];

  /** @param buffer the data buffer, zeroed */
  ArrowBitSink(ArrowBuf buffer) {
    this.buffer = buffer;
  }

  @Override
  public void putBits(int firstRow, byte[] values, int count) {
    ArrowBuffers.checkFits(buffer, firstRow >>> 3, ((firstRow & 7) + count + 7L) >>> 3);
    long address = buffer.memoryAddress();
    int bit = firstRow;
    int i = 0;
    for (; i < count && (bit & 7) != 0; i++, bit++) {
      setBit(address, bit, values[i]);
    }
    int wholeBytes = (count - i) >>> 3;
    if (packed.length < wholeBytes) {
      packed = new byte[Math.max(wholeBytes, packed.length * 2)];
    }
    for (int b = 0; b < wholeBytes; b++, i += 8) {
      packed[b] = (byte) ((values[i] & 1) | (values[i + 1] & 1) << 1 | (values[i + 2] & 1) << 2
          | (values[i + 3] & 1) << 3 | (values[i + 4] & 1) << 4 | (values[i + 5] & 1) << 5
          | (values[i + 6] & 1) << 6 | (values[i + 7] & 1) << 7);
    }
    ArrowBuffers.copyBytes(packed, 0, wholeBytes, buffer, bit >>> 3);
    bit += wholeBytes << 3;
    for (; i < count; i++, bit++) {
      setBit(address, bit, values[i]);
    }
  }

  private static void setBit(long address, int bit, int value) {
    long at = address + (bit >>> 3);
    int mask = 1 << (bit & 7);
    byte current = MemoryUtil.getByte(at);
    MemoryUtil.putByte(at, (byte) ((value & 1) != 0 ? current | mask : current & ~mask));
  }
}
