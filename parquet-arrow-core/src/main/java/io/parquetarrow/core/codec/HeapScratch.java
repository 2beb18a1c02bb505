package io.parquetarrow.core.codec;

import java.nio.ByteBuffer;

/**
 * Reusable scratch for codecs whose library has no direct-buffer API for one side of the transfer: a heap array
 * for output that is then copied to a direct destination, or a direct buffer holding a copy of heap input for
 * libraries that take only direct buffers. Grows, never shrinks; owned by one decompressor.
 */
final class HeapScratch {
  private byte[] array = new byte[0];
  private ByteBuffer direct;

  /** A heap array of at least {@code length} bytes; its content is unspecified. */
  byte[] array(int length) {
    if (array.length < length) {
      array = new byte[grownCapacity(array.length, length)];
    }
    return array;
  }

  /** A direct buffer holding a copy of {@code input[offset, +length)}, positioned at 0 with limit {@code length}. */
  ByteBuffer directCopyOf(byte[] input, int offset, int length) {
    if (direct == null || direct.capacity() < length) {
      direct = ByteBuffer.allocateDirect(grownCapacity(direct == null ? 0 : direct.capacity(), Math.max(length, 4096)));
    }
    direct.clear();
    direct.put(input, offset, length);
    direct.flip();
    return direct;
  }

  /** Doubles rather than growing to the exact need, so a column chunk's growing pages do not reallocate often. */
  private static int grownCapacity(int current, int needed) {
    long doubled = Math.min((long) current * 2, Integer.MAX_VALUE - 16);
    return (int) Math.max(needed, doubled);
  }
}
