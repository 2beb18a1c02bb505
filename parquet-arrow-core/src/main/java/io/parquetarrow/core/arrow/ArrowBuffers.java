package io.parquetarrow.core.arrow;

import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Bulk copies from Java heap arrays into Arrow buffers, each bounds-checked once before it writes. Copies go
 * through a little-endian NIO view of the buffer, which the JDK turns into one memory copy (Arrow's memory is
 * little-endian on every platform Arrow Java supports).
 */
final class ArrowBuffers {
  private ArrowBuffers() {}

  /** Arrow's recommended buffer alignment and padding: a buffer's length rounded up to it is zero-padded. */
  static final int PADDING = 64;

  /**
   * A buffer of at least {@code bytes} bytes whose first {@code bytes} bytes the caller must write, all of them:
   * only the padding after them, up to the next multiple of {@value #PADDING} bytes (as Arrow C++ pads), is
   * zeroed, so the buffer is not cleared twice (once here and once by the caller's writes) and nothing of an
   * earlier allocation shows in the bytes a consumer of the buffer may read. The allocator's rounding past that
   * (up to twice the size asked for) is outside the buffer as Arrow sees it and is left as it is.
   */
  static ArrowBuf allocate(BufferAllocator allocator, long bytes) {
    ArrowBuf buffer = allocator.buffer(bytes);
    zeroPadding(buffer, bytes);
    return buffer;
  }

  /**
   * A buffer of bits (validity, booleans) of at least {@code bytes} bytes whose first {@code bytes} the caller
   * writes: all of the rest is zeroed, so slots past the batch read as null and false to a caller that extends
   * the vector (Arrow Java's {@code setValueCount} takes the bits under its capacity as cleared).
   */
  static ArrowBuf allocateBits(BufferAllocator allocator, long bytes) {
    ArrowBuf buffer = allocator.buffer(bytes);
    long slack = buffer.capacity() - bytes;
    if (slack > 0) {
      buffer.setZero(bytes, slack);
    }
    return buffer;
  }

  /** Zeroes {@code buffer} from {@code length} up to the next multiple of {@value #PADDING} within its capacity. */
  static void zeroPadding(ArrowBuf buffer, long length) {
    long padded = Math.min(buffer.capacity(), (length + PADDING - 1) & -PADDING);
    if (padded > length) {
      buffer.setZero(length, padded - length);
    }
  }

  /** Throws {@link IllegalStateException} unless {@code [offset, offset + length)} lies inside {@code buffer}. */
  static void checkFits(ArrowBuf buffer, long offset, long length) {
    if (offset < 0 || length < 0 || offset + length > buffer.capacity()) {
      throw new IllegalStateException(
          "write of " + length + " bytes at " + offset + " exceeds Arrow buffer of " + buffer.capacity() + " bytes");
    }
  }

  static void copyBytes(byte[] source, int sourceOffset, int length, ArrowBuf destination, long destinationOffset) {
    checkFits(destination, destinationOffset, length);
    if (length > 0) {
      destination.setBytes(destinationOffset, source, sourceOffset, length);
    }
  }

  static void copyShorts(short[] source, int count, ArrowBuf destination) {
    checkFits(destination, 0, 2L * count);
    if (count > 0) {
      destination.nioBuffer(0, 2 * count).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer().put(source, 0, count);
    }
  }

  static void copyInts(int[] source, int sourceOffset, int count, ArrowBuf destination, long destinationOffset) {
    checkFits(destination, destinationOffset, 4L * count);
    if (count > 0) {
      destination.nioBuffer(destinationOffset, 4 * count).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer()
          .put(source, sourceOffset, count);
    }
  }

  static void copyLongs(long[] source, int sourceOffset, int count, ArrowBuf destination, long destinationOffset) {
    checkFits(destination, destinationOffset, 8L * count);
    if (count > 0) {
      destination.nioBuffer(destinationOffset, 8 * count).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer()
          .put(source, sourceOffset, count);
    }
  }

  /** Sets the first {@code bits} bits to 1 and the rest of their last byte to 0. */
  static void setAllValid(ArrowBuf validity, int bits) {
    int bytes = (bits + 7) >>> 3;
    checkFits(validity, 0, bytes);
    if (bits == 0) {
      return;
    }
    validity.setOne(0, bytes);
    if ((bits & 7) != 0) {
      validity.setByte(bytes - 1, (1 << (bits & 7)) - 1);
    }
  }
}
