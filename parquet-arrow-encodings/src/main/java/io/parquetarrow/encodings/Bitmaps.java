package io.parquetarrow.encodings;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Ranges of LSB-first bitmaps (Parquet's bit packing of width 1 and Arrow's validity share the layout): copied at
 * any two bit offsets eight bytes at a time, set or cleared, counted. Callers check the ranges.
 */
public final class Bitmaps {
  private static final VarHandle LITTLE_ENDIAN_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private Bitmaps() {}

  /**
   * Copies bits {@code [sourceBit, sourceBit + count)} of {@code source} to {@code destination} from
   * {@code destinationBit} on (other bits of the destination are kept) and returns how many of them are set.
   */
  public static int copy(byte[] source, int sourceBit, byte[] destination, int destinationBit, int count) {
    int ones = 0;
    int done = 0;
    for (; done < count && ((destinationBit + done) & 7) != 0; done++) {
      ones += copyBit(source, sourceBit + done, destination, destinationBit + done);
    }
    int shift = (sourceBit + done) & 7;
    // Eight destination bytes at a time: a long from the source's byte holding the first bit, shifted down, its top
    // bits from the byte after those eight when the offset is not byte aligned.
    for (; count - done >= 64 && ((sourceBit + done) >>> 3) + 9 <= source.length; done += 64) {
      int at = (sourceBit + done) >>> 3;
      long bits = (long) LITTLE_ENDIAN_LONG.get(source, at) >>> shift;
      if (shift != 0) {
        bits |= (long) (source[at + 8] & 0xFF) << (64 - shift);
      }
      LITTLE_ENDIAN_LONG.set(destination, (destinationBit + done) >>> 3, bits);
      ones += Long.bitCount(bits);
    }
    for (; count - done >= 8; done += 8) {
      int at = (sourceBit + done) >>> 3;
      int bits = (source[at] & 0xFF) >>> shift;
      if (shift != 0) {
        bits |= (source[at + 1] & 0xFF) << (8 - shift); // bits [at * 8 + shift, + 8) end in byte at + 1
      }
      destination[(destinationBit + done) >>> 3] = (byte) bits;
      ones += Integer.bitCount(bits & 0xFF);
    }
    for (; done < count; done++) {
      ones += copyBit(source, sourceBit + done, destination, destinationBit + done);
    }
    return ones;
  }

  /** Sets (or clears) bits {@code [from, from + count)} of {@code bitmap}. */
  public static void fill(byte[] bitmap, int from, int count, boolean set) {
    int bit = from;
    int end = from + count;
    for (; bit < end && (bit & 7) != 0; bit++) {
      put(bitmap, bit, set);
    }
    int wholeBytes = (end - bit) >>> 3;
    Arrays.fill(bitmap, bit >>> 3, (bit >>> 3) + wholeBytes, set ? (byte) -1 : 0);
    for (bit += wholeBytes << 3; bit < end; bit++) {
      put(bitmap, bit, set);
    }
  }

  /** How many of bits {@code [from, from + count)} of {@code bitmap} are set. */
  public static int count(byte[] bitmap, int from, int count) {
    int ones = 0;
    int bit = from;
    int end = from + count;
    for (; bit < end && (bit & 7) != 0; bit++) {
      ones += bitmap[bit >>> 3] >>> (bit & 7) & 1;
    }
    for (; end - bit >= 64; bit += 64) {
      ones += Long.bitCount((long) LITTLE_ENDIAN_LONG.get(bitmap, bit >>> 3));
    }
    for (; end - bit >= 8; bit += 8) {
      ones += Integer.bitCount(bitmap[bit >>> 3] & 0xFF);
    }
    for (; bit < end; bit++) {
      ones += bitmap[bit >>> 3] >>> (bit & 7) & 1;
    }
    return ones;
  }

  private static int copyBit(byte[] source, int sourceBit, byte[] destination, int destinationBit) {
    int value = source[sourceBit >>> 3] >>> (sourceBit & 7) & 1;
    put(destination, destinationBit, value != 0);
    return value;
  }

  /** Sets (or clears) bit {@code bit} of {@code bitmap}. */
  public static void put(byte[] bitmap, int bit, boolean set) {
    int mask = 1 << (bit & 7);
    bitmap[bit >>> 3] = (byte) (set ? bitmap[bit >>> 3] | mask : bitmap[bit >>> 3] & ~mask);
  }
}
