package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ValueSink;
import java.nio.ByteBuffer;
import java.util.Objects;
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
   * Four- and eight-byte values go forward a validity byte at a time: a byte of eight values as a block, a byte of
   * nulls as zeros, a mixed byte branch-free (each slot reads the value after the byte's set bits below it,
   * clamped to the last value, masked to 0 for a null, so the eight loads do not wait on one another); slots
   * before the first whole byte and after the last one by one. Other widths take the default, dense and then
   * spread.
   */
  @Override
  public void putSpread(
      int firstSlot, int slots, int values, int width, byte[] source, int sourceOffset, byte[] validity) {
    if ((width != Long.BYTES && width != Integer.BYTES) || values == 0) {
      ValueSink.super.putSpread(firstSlot, slots, values, width, source, sourceOffset, validity);
      return;
    }
    ArrowBuffers.checkFits(buffer, (long) firstSlot * width, (long) slots * width);
    Objects.checkFromIndexSize(sourceOffset, values * width, source.length);
    long to = buffer.memoryAddress() + (long) firstSlot * width;
    if (width == Long.BYTES) {
      spreadLongsForward(to, firstSlot, slots, source, sourceOffset, sourceOffset + (values - 1) * 8, validity);
    } else {
      spreadIntsForward(to, firstSlot, slots, source, sourceOffset, sourceOffset + (values - 1) * 4, validity);
    }
  }

  /** {@code last} is where the last value starts: no read goes past it, however many bits are set. */
  private static void spreadLongsForward(
      long to, int firstBit, int slots, byte[] source, int from, int last, byte[] validity) {
    int bit = firstBit;
    int end = firstBit + slots;
    for (; bit < end && ((bit & 7) != 0 || end - bit < 8); bit++, to += 8) {
      int valid = validity[bit >>> 3] >>> (bit & 7) & 1;
      MemoryUtil.putLong(to, MemoryUtil.getLong(source, Math.min(from, last)) & -(long) valid);
      from += valid << 3;
    }
    for (; end - bit >= 8; bit += 8, to += 64) {
      int bits = validity[bit >>> 3] & 0xFF;
      if (bits == 0xFF && from + 56 <= last) {
        for (int k = 0; k < 8; k++) {
          MemoryUtil.putLong(to + 8L * k, MemoryUtil.getLong(source, from + 8 * k));
        }
        from += 64;
      } else if (bits == 0) {
        for (int k = 0; k < 8; k++) {
          MemoryUtil.putLong(to + 8L * k, 0);
        }
      } else {
        for (int k = 0; k < 8; k++) {
          int at = Math.min(from + 8 * Integer.bitCount(bits & ((1 << k) - 1)), last);
          MemoryUtil.putLong(to + 8L * k, MemoryUtil.getLong(source, at) & -(long) (bits >>> k & 1));
        }
        from += 8 * Integer.bitCount(bits);
      }
    }
    for (; bit < end; bit++, to += 8) {
      int valid = validity[bit >>> 3] >>> (bit & 7) & 1;
      MemoryUtil.putLong(to, MemoryUtil.getLong(source, Math.min(from, last)) & -(long) valid);
      from += valid << 3;
    }
  }

  /** As {@link #spreadLongsForward} for four-byte values. */
  private static void spreadIntsForward(
      long to, int firstBit, int slots, byte[] source, int from, int last, byte[] validity) {
    int bit = firstBit;
    int end = firstBit + slots;
    for (; bit < end && ((bit & 7) != 0 || end - bit < 8); bit++, to += 4) {
      int valid = validity[bit >>> 3] >>> (bit & 7) & 1;
      MemoryUtil.putInt(to, MemoryUtil.getInt(source, Math.min(from, last)) & -valid);
      from += valid << 2;
    }
    for (; end - bit >= 8; bit += 8, to += 32) {
      int bits = validity[bit >>> 3] & 0xFF;
      if (bits == 0xFF && from + 28 <= last) {
        for (int k = 0; k < 4; k++) {
          MemoryUtil.putLong(to + 8L * k, MemoryUtil.getLong(source, from + 8 * k));
        }
        from += 32;
      } else if (bits == 0) {
        for (int k = 0; k < 4; k++) {
          MemoryUtil.putLong(to + 8L * k, 0);
        }
      } else {
        for (int k = 0; k < 8; k++) {
          int at = Math.min(from + 4 * Integer.bitCount(bits & ((1 << k) - 1)), last);
          MemoryUtil.putInt(to + 4L * k, MemoryUtil.getInt(source, at) & -(bits >>> k & 1));
        }
        from += 4 * Integer.bitCount(bits);
      }
    }
    for (; bit < end; bit++, to += 4) {
      int valid = validity[bit >>> 3] >>> (bit & 7) & 1;
      MemoryUtil.putInt(to, MemoryUtil.getInt(source, Math.min(from, last)) & -valid);
      from += valid << 2;
    }
  }

  /**
   * Walks the slots backwards until the value left to move is already in its slot (the slots below it are all
   * values, in place). Four- and eight-byte values move a validity byte at a time: a byte of eight values as a
   * block, a mixed byte branch-free (each row's value found by counting the byte's set bits below it, masked to 0
   * for a null); rows before the first whole byte one by one, the source stepping back by each bit. The two loops
   * differ only in the element's width, as Java has no generics over primitives. Other widths move row by row.
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
      // A mixed byte: the value of bit k is the dense value after the byte's set bits below k, so the eight loads
      // do not wait on one another.
      int low = source + 1 - Integer.bitCount(bits);
      long to = base + 8L * (slot - 7);
      long from = base + 8L * low;
      for (int k = 7; k >= 0; k--) {
        long value = MemoryUtil.getLong(from + 8L * Integer.bitCount(bits & ((1 << k) - 1)));
        MemoryUtil.putLong(to + 8L * k, value & -(long) (bits >>> k & 1));
      }
      source = low - 1;
      slot -= 8;
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
      // A mixed byte: the value of bit k is the dense value after the byte's set bits below k, so the eight loads
      // do not wait on one another.
      int low = source + 1 - Integer.bitCount(bits);
      long to = base + 4L * (slot - 7);
      long from = base + 4L * low;
      for (int k = 7; k >= 0; k--) {
        int value = MemoryUtil.getInt(from + 4L * Integer.bitCount(bits & ((1 << k) - 1)));
        MemoryUtil.putInt(to + 4L * k, value & -(bits >>> k & 1));
      }
      source = low - 1;
      slot -= 8;
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
