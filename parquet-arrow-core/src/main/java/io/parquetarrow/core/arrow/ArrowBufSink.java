package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ValueSink;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/** A {@link ValueSink} over one Arrow buffer; every write is bounds-checked by {@link ArrowBuffers} first. */
final class ArrowBufSink implements ValueSink {
  private ArrowBuf buffer;

  ArrowBufSink target(ArrowBuf buffer) {
    this.buffer = buffer;
    return this;
  }

  @Override
  public void putBytes(long destinationOffset, byte[] source, int sourceOffset, int length) {
    ArrowBuffers.copyBytes(source, sourceOffset, length, buffer, destinationOffset);
  }

  /** The buffer's own memory (direct), so a codec writes the page's values straight into the vector. */
  @Override
  public ByteBuffer directView(long destinationOffset, int length) {
    ArrowBuffers.checkFits(buffer, destinationOffset, length);
    return buffer.nioBuffer(destinationOffset, length);
  }

  @Override
  public void putInts(long destinationOffset, int[] source, int count) {
    ArrowBuffers.copyInts(source, 0, count, buffer, destinationOffset);
  }

  @Override
  public void putLongs(long destinationOffset, long[] source, int count) {
    ArrowBuffers.copyLongs(source, 0, count, buffer, destinationOffset);
  }

  /**
   * Walks the slots backwards, moving each value to its row and zeroing each null, until the value left to move
   * is already in its row: the slots below it are all values, in place.
   */
  @Override
  public void spreadNulls(int firstSlot, int slots, int values, int width, byte[] validity) {
    ArrowBuffers.checkFits(buffer, (long) firstSlot * width, (long) slots * width);
    long base = buffer.memoryAddress() + (long) firstSlot * width;
    int source = values - 1;
    for (int slot = slots - 1; slot > source; slot--) {
      int bit = firstSlot + slot;
      long to = base + (long) slot * width;
      if ((validity[bit >>> 3] >>> (bit & 7) & 1) != 0) {
        move(base + (long) source * width, to, width);
        source--;
      } else {
        zero(to, width);
      }
    }
  }

  /** Copies a value of {@code width} bytes to a later slot (the two never overlap). */
  private static void move(long from, long to, int width) {
    switch (width) {
      case 8 -> MemoryUtil.putLong(to, MemoryUtil.getLong(from));
      case 4 -> MemoryUtil.putInt(to, MemoryUtil.getInt(from));
      default -> MemoryUtil.copyMemory(from, to, width);
    }
  }

  private static void zero(long to, int width) {
    switch (width) {
      case 8 -> MemoryUtil.putLong(to, 0L);
      case 4 -> MemoryUtil.putInt(to, 0);
      default -> MemoryUtil.setMemory(to, width, (byte) 0);
    }
  }
}
