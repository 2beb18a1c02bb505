package io.parquetarrow.encodings;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Encoders of the PLAIN encoding, one per physical type, for data pages and dictionary pages. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#plain-plain--0">Encodings.md,
 * Plain (PLAIN = 0)</a> (grammar quoted in {@link PlainDecoder}).
 */
public final class PlainEncoder {
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(
      int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(
      long[].class, ByteOrder.LITTLE_ENDIAN);

  private PlainEncoder() {}

  /** BOOLEAN from one 0/1 byte per value ({@code offset} indexes values), bit packed LSB first. */
  public static final class BooleanValues implements ValueEncoder<byte[]> {
    private final ByteSink sink = new ByteSink(64);
    private int count;
    private int pendingBits;
    private int pending;

    @Override
    public void put(byte[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, values.length);
      for (int i = 0; i < count; i++) {
        pending |= (values[offset + i] != 0 ? 1 : 0) << pendingBits;
        if (++pendingBits == 8) {
          sink.writeByte(pending);
          pending = 0;
          pendingBits = 0;
        }
      }
      this.count += count;
    }

    @Override
    public int valueCount() {
      return count;
    }

    @Override
    public ByteSlice flush() {
      if (pendingBits > 0) {
        sink.writeByte(pending);
      }
      ByteSlice result = sink.slice();
      sink.reset();
      pending = 0;
      pendingBits = 0;
      count = 0;
      return result;
    }
  }

  /** INT32 and FLOAT bits: four little-endian bytes each. */
  public static final class IntValues implements ValueEncoder<int[]> {
    private final ByteSink sink = new ByteSink(256);
    private int count;

    @Override
    public void put(int[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, values.length);
      int at = sink.reserve(4L * count);
      byte[] buffer = sink.buffer();
      for (int i = 0; i < count; i++, at += 4) {
        INTS.set(buffer, at, values[offset + i]);
      }
      this.count += count;
    }

    @Override
    public int valueCount() {
      return count;
    }

    @Override
    public ByteSlice flush() {
      ByteSlice result = sink.slice();
      sink.reset();
      count = 0;
      return result;
    }
  }

  /** INT64 and DOUBLE bits: eight little-endian bytes each. */
  public static final class LongValues implements ValueEncoder<long[]> {
    private final ByteSink sink = new ByteSink(256);
    private int count;

    @Override
    public void put(long[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, values.length);
      int at = sink.reserve(8L * count);
      byte[] buffer = sink.buffer();
      for (int i = 0; i < count; i++, at += 8) {
        LONGS.set(buffer, at, values[offset + i]);
      }
      this.count += count;
    }

    @Override
    public int valueCount() {
      return count;
    }

    @Override
    public ByteSlice flush() {
      ByteSlice result = sink.slice();
      sink.reset();
      count = 0;
      return result;
    }
  }

  /**
   * FIXED_LEN_BYTE_ARRAY and INT96 (width 12): values back to back; {@code offset} is a byte offset into
   * {@code values}, {@code count} a number of values.
   */
  public static final class FixedLengthValues implements ValueEncoder<byte[]> {
    private final int width;
    private final ByteSink sink = new ByteSink(256);
    private int count;

    public FixedLengthValues(int width) {
      if (width <= 0) {
        throw new IllegalArgumentException("fixed length width must be positive, was " + width);
      }
      this.width = width;
    }

    @Override
    public void put(byte[] values, int offset, int count) {
      Objects.checkFromIndexSize(offset, (long) count * width, values.length);
      sink.writeBytes(values, offset, count * width);
      this.count += count;
    }

    @Override
    public int valueCount() {
      return count;
    }

    @Override
    public ByteSlice flush() {
      ByteSlice result = sink.slice();
      sink.reset();
      count = 0;
      return result;
    }
  }

  /** BYTE_ARRAY: each value as a 4-byte little-endian length and its bytes; {@code offset} indexes values. */
  public static final class ByteArrayValues implements ValueEncoder<BinaryBuffer> {
    private final ByteSink sink = new ByteSink(256);
    private int count;

    @Override
    public void put(BinaryBuffer values, int offset, int count) {
      Objects.checkFromIndexSize(offset, count, values.size());
      int[] offsets = values.offsets();
      byte[] data = values.data();
      // One reservation for the whole batch (lengths plus bytes), then plain stores into the sink's array.
      int at = sink.reserve(4L * count + offsets[offset + count] - offsets[offset]);
      byte[] buffer = sink.buffer();
      for (int i = offset; i < offset + count; i++) {
        int start = offsets[i];
        int length = offsets[i + 1] - start;
        INTS.set(buffer, at, length);
        System.arraycopy(data, start, buffer, at + 4, length);
        at += 4 + length;
      }
      this.count += count;
    }

    @Override
    public int valueCount() {
      return count;
    }

    @Override
    public ByteSlice flush() {
      ByteSlice result = sink.slice();
      sink.reset();
      count = 0;
      return result;
    }
  }
}
