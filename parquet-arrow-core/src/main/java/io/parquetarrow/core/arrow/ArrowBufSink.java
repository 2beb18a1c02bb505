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
   * Walks the slots backwards until the value left to move is already in its slot (the slots below it are all
   * values, in place). Four- and eight-byte values move as 0038 spreads on the heap: a validity byte of eight
   * values moves them without a test per row, other rows branch-free (the value at the clamped source slot is
   * read whatever the bit, masked to 0 for a null, and the source steps back by the bit); the two loops differ only
   * in the element's width, as Java has no generics over primitives. Other widths move row by row.
   */
  @Override
  public void spreadNulls(int firstSlot, int slots, int values, int width, byte[] validity) {
    ArrowBuffers.checkFits(buffer, (long) firstSlot * width, (long) slots * width);
    long base = buffer.memoryAddress() + (long) firstSlot * width;
    switch (width) {
      case 8 -> spreadLongs(base, firstSlot, slots, values, validity);
      case 4 -> spreadInts(base, firstSlot, slots, values, validity);
      default -> spreadAny(base, firstSlot, slots, values, width, validity);
    }
  }

  private static void spreadLongs(long base, int firstBit, int slots, int values, byte[] validity) {
    int source = values - 1;
    int slot = slots - 1;
    while (slot > source) {
      int bit = firstBit + slot;
      if ((bit & 7) != 7 || slot < 7) {
        int valid = validity[bit >>> 3] >>> (bit & 7) & 1;
        long value = MemoryUtil.getLong(base + 8L * (source & ~(source >> 31)));
        MemoryUtil.putLong(base + 8L * slot, value & -(long) valid);
        source -= valid;
        slot--;
        continue;
      }
      int bits = validity[bit >>> 3] & 0xFF;
      if (bits == 0xFF) {
        for (int k = 0; k < 8; k++) {
          MemoryUtil.putLong(base + 8L * (slot - k), MemoryUtil.getLong(base + 8L * (source - k)));
        }
        source -= 8;
        slot -= 8;
        continue;
      }
      for (int k = 7; k >= 0; k--, slot--) {
        int valid = bits >>> k & 1;
        long value = MemoryUtil.getLong(base + 8L * (source & ~(source >> 31)));
        MemoryUtil.putLong(base + 8L * slot, value & -(long) valid);
        source -= valid;
      }
    }
  }

  private static void spreadInts(long base, int firstBit, int slots, int values, byte[] validity) {
    int source = values - 1;
    int slot = slots - 1;
    while (slot > source) {
      int bit = firstBit + slot;
      if ((bit & 7) != 7 || slot < 7) {
        int valid = validity[bit >>> 3] >>> (bit & 7) & 1;
        MemoryUtil.putInt(base + 4L * slot, MemoryUtil.getInt(base + 4L * (source & ~(source >> 31))) & -valid);
        source -= valid;
        slot--;
        continue;
      }
      int bits = validity[bit >>> 3] & 0xFF;
      if (bits == 0xFF) {
        for (int k = 0; k < 8; k++) {
          MemoryUtil.putInt(base + 4L * (slot - k), MemoryUtil.getInt(base + 4L * (source - k)));
        }
        source -= 8;
        slot -= 8;
        continue;
      }
      for (int k = 7; k >= 0; k--, slot--) {
        int valid = bits >>> k & 1;
        MemoryUtil.putInt(base + 4L * slot, MemoryUtil.getInt(base + 4L * (source & ~(source >> 31))) & -valid);
        source -= valid;
      }
    }
  }

  private static void spreadAny(long base, int firstBit, int slots, int values, int width, byte[] validity) {
    int source = values - 1;
    for (int slot = slots - 1; slot > source; slot--) {
      int bit = firstBit + slot;
      long to = base + (long) slot * width;
      if ((validity[bit >>> 3] >>> (bit & 7) & 1) != 0) {
        MemoryUtil.copyMemory(base + (long) source * width, to, width); // an earlier slot: never overlapping
        source--;
      } else {
        MemoryUtil.setMemory(to, width, (byte) 0);
      }
    }
  }
}
