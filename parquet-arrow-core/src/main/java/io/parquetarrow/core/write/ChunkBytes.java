package io.parquetarrow.core.write;

import java.util.Arrays;

/**
 * A growable in-memory byte buffer holding a column chunk's pages until its row group is written. Unlike
 * {@code ByteArrayOutputStream} it is unsynchronized, hands out its array without copying, and fails clearly at
 * the 2 GiB a Java array can hold.
 */
final class ChunkBytes {
  private byte[] buffer = new byte[4096];
  private int size;

  void write(byte[] source, int offset, int length) {
    long needed = (long) size + length;
    if (needed > buffer.length) {
      if (needed > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("a column chunk would exceed 2 GiB in memory; lower the row group size");
      }
      buffer = Arrays.copyOf(buffer, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, 2L * buffer.length)));
    }
    System.arraycopy(source, offset, buffer, size, length);
    size += length;
  }

  int size() {
    return size;
  }

  /** The array holding the bytes; only the first {@link #size()} are meaningful. */
  byte[] array() {
    return buffer;
  }

  void reset() {
    size = 0;
    if (buffer.length > 16 * 1024 * 1024) {
      buffer = new byte[4096]; // do not pin a large row group's memory between row groups
    }
  }
}
