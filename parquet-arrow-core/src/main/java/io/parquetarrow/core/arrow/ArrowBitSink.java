package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.BitSink;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A {@link BitSink} over the data buffer of an Arrow {@code bool} vector: whole bytes are packed on the heap and
 * copied in bulk, the bits of a partial byte at either end set one by one. Every range is bounds-checked first.
 */
final class ArrowBitSink implements BitSink {
  /** Entry {@code mask << 4 | bits}: the low bits of {@code bits} placed at the set bits of the nibble {@code mask}. */
  private static final byte[] DEPOSIT = new byte[256];

  static {
    for (int mask = 0; mask < 16; mask++) {
      for (int bits = 0; bits < 16; bits++) {
        int out = 0;
        int next = 0;
        for (int k = 0; k < 4; k++) {
          if ((mask >>> k & 1) != 0) {
            out |= (bits >>> next++ & 1) << k;
          }
        }
        DEPOSIT[mask << 4 | bits] = (byte) out;
      }
    }
  }

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

  /**
   * A validity byte at a time: its rows in range take the next bits of the source, deposited at its set bits (all
   * eight at once for a byte of values; otherwise a nibble at a time through {@link #DEPOSIT}). The bytes are built
   * on the heap and copied in bulk, the first and last merged with the rows around the range.
   */
  @Override
  public void depositBits(int firstRow, int count, byte[] source, long sourceBit, byte[] validity) {
    if (count <= 0) {
      return;
    }
    int end = firstRow + count;
    int firstByte = firstRow >>> 3;
    int lastByte = (end - 1) >>> 3;
    int bytes = lastByte - firstByte + 1;
    ArrowBuffers.checkFits(buffer, firstByte, bytes);
    if (packed.length < bytes) {
      packed = new byte[Math.max(bytes, packed.length * 2)];
    }
    long bit = sourceBit;
    for (int j = 0; j < bytes; j++) {
      int range = 0xFF;
      if (j == 0) {
        range &= 0xFF << (firstRow & 7);
      }
      if (j == bytes - 1) {
        range &= 0xFF >>> (7 - ((end - 1) & 7));
      }
      int rows = validity == null ? range : validity[firstByte + j] & range;
      int taken = Integer.bitCount(rows);
      int bits = taken == 0 ? 0 : bitsAt(source, bit) & ((1 << taken) - 1);
      bit += taken;
      packed[j] = (byte) (rows == 0xFF ? bits : deposit(bits, rows));
    }
    long address = buffer.memoryAddress() + firstByte;
    packed[0] |= MemoryUtil.getByte(address);
    packed[bytes - 1] |= MemoryUtil.getByte(address + bytes - 1);
    ArrowBuffers.copyBytes(packed, 0, bytes, buffer, firstByte);
  }

  /** The eight bits of {@code source} from bit {@code bit} on, as far as the array holds them. */
  private static int bitsAt(byte[] source, long bit) {
    int index = (int) (bit >>> 3);
    int low = source[index] & 0xFF;
    int high = index + 1 < source.length ? source[index + 1] & 0xFF : 0;
    return (low | high << 8) >>> (bit & 7);
  }

  /** The low bits of {@code bits} placed, in order, at the set bits of {@code mask} (eight bits each). */
  private static int deposit(int bits, int mask) {
    int low = mask & 15;
    return DEPOSIT[low << 4 | bits & 15] | DEPOSIT[(mask >>> 4) << 4 | (bits >>> Integer.bitCount(low)) & 15] << 4;
  }

  private static void setBit(long address, int bit, int value) {
    long at = address + (bit >>> 3);
    int mask = 1 << (bit & 7);
    byte current = MemoryUtil.getByte(at);
    MemoryUtil.putByte(at, (byte) ((value & 1) != 0 ? current | mask : current & ~mask));
  }
}
