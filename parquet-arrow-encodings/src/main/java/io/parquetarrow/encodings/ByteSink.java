package io.parquetarrow.encodings;

import java.util.Arrays;

/**
 * A growable output buffer for the encoders of this package: little-endian integers, ULEB128 and zigzag
 * varints, and raw bytes. The writer-side mirror of {@link PageCursor}.
 */
final class ByteSink {
  private byte[] buffer;
  private int length;

  ByteSink(int initialCapacity) {
    buffer = new byte[Math.max(16, initialCapacity)];
  }

  int length() {
    return length;
  }

  byte[] buffer() {
    return buffer;
  }

  void reset() {
    length = 0;
  }

  /** Makes room for {@code additional} more bytes and returns the offset where they go. */
  int reserve(long additional) {
    long needed = length + additional;
    if (needed > BinaryBuffer.MAXIMUM_DATA_LENGTH) {
      throw new IllegalStateException("an encoded page would exceed " + BinaryBuffer.MAXIMUM_DATA_LENGTH
          + " bytes; flush pages sooner");
    }
    if (needed > buffer.length) {
      buffer = Arrays.copyOf(buffer, (int) Math.min(BinaryBuffer.MAXIMUM_DATA_LENGTH,
          Math.max(needed, 2L * buffer.length)));
    }
    int start = length;
    length = (int) needed;
    return start;
  }

  void writeByte(int value) {
    int at = reserve(1);
    buffer[at] = (byte) value;
  }

  void writeBytes(byte[] source, int offset, int count) {
    int at = reserve(count);
    System.arraycopy(source, offset, buffer, at, count);
  }

  void writeIntLittleEndian(int value) {
    int at = reserve(4);
    buffer[at] = (byte) value;
    buffer[at + 1] = (byte) (value >>> 8);
    buffer[at + 2] = (byte) (value >>> 16);
    buffer[at + 3] = (byte) (value >>> 24);
  }

  void writeLongLittleEndian(long value) {
    int at = reserve(8);
    for (int i = 0; i < 8; i++) {
      buffer[at + i] = (byte) (value >>> (8 * i));
    }
  }

  /** Writes {@code value} as an unsigned LEB128 varint (all 64 bits unsigned). */
  void writeUnsignedVarInt(long value) {
    while ((value & ~0x7FL) != 0) {
      writeByte((int) ((value & 0x7F) | 0x80));
      value >>>= 7;
    }
    writeByte((int) value);
  }

  void writeZigZagVarInt(long value) {
    writeUnsignedVarInt((value << 1) ^ (value >> 63));
  }

  ByteSlice slice() {
    return new ByteSlice(buffer, 0, length);
  }
}
