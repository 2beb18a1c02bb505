package io.parquetarrow.core.column;

import java.nio.ByteBuffer;

/**
 * Where a {@link FlatColumnReader} puts fixed-width values (see {@link FlatBatchTarget.Layout#FIXED_WIDTH}):
 * straight into the value buffer of the Arrow vector (the Arrow layer implements it over an {@code ArrowBuf}), so
 * PLAIN pages go from page bytes to the vector in one copy and other encodings in one bulk copy per decoded run;
 * a section with nulls is then spread in place ({@link #spreadNulls}). Offsets are in bytes from the start of the
 * buffer; implementations bounds-check every range before writing.
 */
public interface ValueSink {

  /** Copies {@code source[sourceOffset, + length)} to {@code destinationOffset}. */
  void putBytes(long destinationOffset, byte[] source, int sourceOffset, int length);

  /** Copies {@code count} ints from {@code source[0..)} as little-endian bytes to {@code destinationOffset}. */
  void putInts(long destinationOffset, int[] source, int count);

  /** Copies {@code count} longs from {@code source[0..)} as little-endian bytes to {@code destinationOffset}. */
  void putLongs(long destinationOffset, long[] source, int count);

  /**
   * A writable view of {@code [destinationOffset, + length)} that a codec can decompress into directly (position
   * 0, {@code length} bytes remaining), or null when this sink has none; the default has none. Implementations
   * bounds-check the range before making the view, like every other write.
   */
  default ByteBuffer directView(long destinationOffset, int length) {
    return null;
  }

  /**
   * Moves the {@code values} values of {@code width} bytes written densely from slot {@code firstSlot} on to their
   * rows among slots {@code firstSlot} to {@code firstSlot + slots - 1}, as bit {@code firstSlot + i} of
   * {@code validity} says (LSB first; a clear bit is a null), and zeroes the null slots. Works backwards, so that
   * no value is overwritten before it moved.
   */
  void spreadNulls(int firstSlot, int slots, int values, int width, byte[] validity);

  /**
   * Writes slots {@code firstSlot} to {@code firstSlot + slots - 1} in one forward pass: each slot whose bit of
   * {@code validity} is set takes the next of the {@code values} values of {@code width} bytes at
   * {@code source[sourceOffset..)} (as many as the set bits, all inside {@code source}), each null slot zeros.
   * The same slots as writing the values densely and then {@link #spreadNulls}, which the default does.
   */
  default void putSpread(
      int firstSlot, int slots, int values, int width, byte[] source, int sourceOffset, byte[] validity) {
    putBytes((long) firstSlot * width, source, sourceOffset, values * width);
    spreadNulls(firstSlot, slots, values, width, validity);
  }
}
