package io.parquetarrow.core.write;

import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.Type;
import io.parquetarrow.core.schema.ColumnDescriptor;
import java.util.Arrays;

/**
 * Null count and min/max of a page or a column chunk under the column's sort order (the spec's
 * {@code TYPE_DEFINED_ORDER}, "Sort order" in LogicalTypes.md and parquet.thrift's {@code ColumnOrder}):
 *
 * <ul>
 *   <li>BOOLEAN false &lt; true; INT32/INT64 signed, or unsigned for {@code INT(bw, false)};
 *   <li>FLOAT/DOUBLE (and FLOAT16) by value with NaN ignored: a page of only NaNs has no min/max, and a zero
 *       min is written as {@code -0.0}, a zero max as {@code +0.0}, as the spec asks so that readers need not
 *       know which zero was seen;
 *   <li>DECIMAL in FIXED_LEN_BYTE_ARRAY as signed big-endian integers; other byte arrays (UTF-8 strings
 *       included: byte order is code point order) unsigned lexicographically;
 *   <li>INT96 and INTERVAL: the order is undefined, so only the null count is kept.
 * </ul>
 *
 * Min and max come out PLAIN encoded without a length prefix ({@link #min()}, {@link #max()}), as
 * {@code Statistics.min_value} / {@code max_value} and the column index hold them; {@link #compare} orders such
 * encoded values (for the column index's boundary order). Values are given through a {@link ValueBuffer}.
 */
abstract sealed class ColumnStatistics {
  long nullCount;

  /** Takes values {@code [from, from + count)} of {@code values} into account. */
  abstract void update(ValueBuffer values, int from, int count);

  /**
   * Takes the values at indices {@code selected[0 .. count)} of {@code values} into account: a dictionary-encoded
   * page passes the first occurrence of each entry, since min and max only need each distinct value once.
   */
  void updateSelected(ValueBuffer values, int[] selected, int count) {
    for (int i = 0; i < count; i++) {
      update(values, selected[i], 1);
    }
  }

  /**
   * Whether {@link #updateSelected} over distinct values saves work over {@link #update}: true where comparing
   * a value costs more than finding its first occurrence (byte strings), false for numbers.
   */
  boolean prefersDistinctValues() {
    return false;
  }

  /** Whether a min and max exist (false when no value, or only NaNs, was seen). */
  abstract boolean hasMinMax();

  abstract byte[] min();

  abstract byte[] max();

  /** Folds {@code other} (of the same column) into this. */
  abstract void merge(ColumnStatistics other);

  /** A new, empty instance with the same order. */
  abstract ColumnStatistics newEmpty();

  /** Orders two encoded values under the column's sort order. */
  abstract int compare(byte[] left, byte[] right);

  /**
   * Whether the deprecated {@code min}/{@code max} fields may also be set: only where their historical
   * (signed) comparison agrees with the column order, as Arrow C++ does.
   */
  abstract boolean legacyOrderAgrees();

  /** Whether min/max are byte strings that may be truncated (unsigned lexicographic order). */
  boolean truncatable() {
    return false;
  }

  /**
   * Whether the column's sort order is undefined (INT96, INTERVAL): then no min/max is kept, and no column
   * index is written for it either, as parquet-java does (its {@code ColumnIndex} requires bounds per page).
   */
  boolean undefinedOrder() {
    return false;
  }

  /** The statistics kind for a column. */
  static ColumnStatistics forColumn(ColumnDescriptor column) {
    LogicalType logical = column.effectiveLogicalType();
    boolean unsigned = logical instanceof LogicalType.IntType integer && !integer.isSigned();
    return switch (column.physicalType()) {
      case BOOLEAN -> new Booleans();
      case INT32 -> new Ints(unsigned ? IntOrder.UNSIGNED : IntOrder.SIGNED);
      case FLOAT -> new Ints(IntOrder.FLOAT);
      case INT64 -> new Longs(unsigned ? IntOrder.UNSIGNED : IntOrder.SIGNED);
      case DOUBLE -> new Longs(IntOrder.FLOAT);
      case FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY, INT96 -> new Bytes(
          logical instanceof LogicalType.DecimalType ? ByteOrder.SIGNED_BIG_ENDIAN
              : logical instanceof LogicalType.Float16Type ? ByteOrder.FLOAT16 : ByteOrder.UNSIGNED,
          column.physicalType() == Type.INT96 || column.convertedType() == ConvertedType.INTERVAL);
    };
  }

  enum IntOrder { SIGNED, UNSIGNED, FLOAT }

  enum ByteOrder { UNSIGNED, SIGNED_BIG_ENDIAN, FLOAT16 }

  static byte[] littleEndian(long value, int bytes) {
    byte[] out = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      out[i] = (byte) (value >>> (8 * i));
    }
    return out;
  }

  static long readLittleEndian(byte[] bytes) {
    long value = 0;
    for (int i = bytes.length - 1; i >= 0; i--) {
      value = (value << 8) | (bytes[i] & 0xFF);
    }
    return value;
  }

  static final class Booleans extends ColumnStatistics {
    boolean sawFalse;
    boolean sawTrue;

    @Override
    void update(ValueBuffer values, int from, int count) {
      byte[] bytes = ((ValueBuffer.Booleans) values).values;
      for (int i = from; i < from + count; i++) {
        if (bytes[i] != 0) {
          sawTrue = true;
        } else {
          sawFalse = true;
        }
      }
    }

    @Override
    boolean hasMinMax() {
      return sawFalse || sawTrue;
    }

    @Override
    byte[] min() {
      return new byte[] {(byte) (sawFalse ? 0 : 1)};
    }

    @Override
    byte[] max() {
      return new byte[] {(byte) (sawTrue ? 1 : 0)};
    }

    @Override
    void merge(ColumnStatistics other) {
      Booleans that = (Booleans) other;
      nullCount += that.nullCount;
      sawFalse |= that.sawFalse;
      sawTrue |= that.sawTrue;
    }

    @Override
    ColumnStatistics newEmpty() {
      return new Booleans();
    }

    @Override
    int compare(byte[] left, byte[] right) {
      return Integer.compare(left[0], right[0]);
    }

    @Override
    boolean legacyOrderAgrees() {
      return true;
    }
  }

  /** INT32 (signed or unsigned) and FLOAT bits. */
  static final class Ints extends ColumnStatistics {
    final IntOrder order;
    boolean present;
    int min;
    int max;

    Ints(IntOrder order) {
      this.order = order;
    }

    private int compareValues(int left, int right) {
      return switch (order) {
        case SIGNED -> Integer.compare(left, right);
        case UNSIGNED -> Integer.compareUnsigned(left, right);
        case FLOAT -> Float.compare(Float.intBitsToFloat(left) + 0.0f, Float.intBitsToFloat(right) + 0.0f);
      };
    }

    private void take(int value) {
      if (order == IntOrder.FLOAT && Float.isNaN(Float.intBitsToFloat(value))) {
        return;
      }
      if (!present) {
        present = true;
        min = value;
        max = value;
      } else {
        if (compareValues(value, min) < 0) {
          min = value;
        }
        if (compareValues(value, max) > 0) {
          max = value;
        }
      }
    }

    @Override
    void update(ValueBuffer values, int from, int count) {
      int[] ints = ((ValueBuffer.Ints) values).values;
      for (int i = from; i < from + count; i++) {
        take(ints[i]);
      }
    }

    @Override
    boolean hasMinMax() {
      return present;
    }

    @Override
    byte[] min() {
      int value = min;
      if (order == IntOrder.FLOAT && Float.intBitsToFloat(value) == 0.0f) {
        value = Float.floatToRawIntBits(-0.0f);
      }
      return littleEndian(value, 4);
    }

    @Override
    byte[] max() {
      int value = max;
      if (order == IntOrder.FLOAT && Float.intBitsToFloat(value) == 0.0f) {
        value = 0;
      }
      return littleEndian(value, 4);
    }

    @Override
    void merge(ColumnStatistics other) {
      Ints that = (Ints) other;
      nullCount += that.nullCount;
      if (that.present) {
        take(that.min);
        take(that.max);
      }
    }

    @Override
    ColumnStatistics newEmpty() {
      return new Ints(order);
    }

    @Override
    int compare(byte[] left, byte[] right) {
      return compareValues((int) readLittleEndian(left), (int) readLittleEndian(right));
    }

    @Override
    boolean legacyOrderAgrees() {
      return order != IntOrder.UNSIGNED;
    }
  }

  /** INT64 (signed or unsigned) and DOUBLE bits. */
  static final class Longs extends ColumnStatistics {
    final IntOrder order;
    boolean present;
    long min;
    long max;

    Longs(IntOrder order) {
      this.order = order;
    }

    private int compareValues(long left, long right) {
      return switch (order) {
        case SIGNED -> Long.compare(left, right);
        case UNSIGNED -> Long.compareUnsigned(left, right);
        case FLOAT -> Double.compare(Double.longBitsToDouble(left) + 0.0, Double.longBitsToDouble(right) + 0.0);
      };
    }

    private void take(long value) {
      if (order == IntOrder.FLOAT && Double.isNaN(Double.longBitsToDouble(value))) {
        return;
      }
      if (!present) {
        present = true;
        min = value;
        max = value;
      } else {
        if (compareValues(value, min) < 0) {
          min = value;
        }
        if (compareValues(value, max) > 0) {
          max = value;
        }
      }
    }

    @Override
    void update(ValueBuffer values, int from, int count) {
      long[] longs = ((ValueBuffer.Longs) values).values;
      for (int i = from; i < from + count; i++) {
        take(longs[i]);
      }
    }

    @Override
    boolean hasMinMax() {
      return present;
    }

    @Override
    byte[] min() {
      long value = min;
      if (order == IntOrder.FLOAT && Double.longBitsToDouble(value) == 0.0) {
        value = Double.doubleToRawLongBits(-0.0);
      }
      return littleEndian(value, 8);
    }

    @Override
    byte[] max() {
      long value = max;
      if (order == IntOrder.FLOAT && Double.longBitsToDouble(value) == 0.0) {
        value = 0;
      }
      return littleEndian(value, 8);
    }

    @Override
    void merge(ColumnStatistics other) {
      Longs that = (Longs) other;
      nullCount += that.nullCount;
      if (that.present) {
        take(that.min);
        take(that.max);
      }
    }

    @Override
    ColumnStatistics newEmpty() {
      return new Longs(order);
    }

    @Override
    int compare(byte[] left, byte[] right) {
      return compareValues(readLittleEndian(left), readLittleEndian(right));
    }

    @Override
    boolean legacyOrderAgrees() {
      return order != IntOrder.UNSIGNED;
    }
  }

  /** FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY values. */
  static final class Bytes extends ColumnStatistics {
    private static final java.lang.invoke.VarHandle BIG_ENDIAN_LONGS =
        java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);
    final ByteOrder order;
    /** INT96 or INTERVAL: no defined order, so no min/max. */
    final boolean undefinedOrder;
    byte[] min;
    byte[] max;

    Bytes(ByteOrder order, boolean undefinedOrder) {
      this.order = order;
      this.undefinedOrder = undefinedOrder;
    }

    int compareRegions(byte[] left, int leftFrom, int leftLength, byte[] right, int rightFrom, int rightLength) {
      switch (order) {
        case UNSIGNED:
          return compareUnsigned(left, leftFrom, leftLength, right, rightFrom, rightLength);
        case SIGNED_BIG_ENDIAN: {
          // Equal widths in FIXED_LEN_BYTE_ARRAY: the sign byte decides, then the rest unsigned.
          int sign = Integer.compare(leftLength == 0 ? 0 : left[leftFrom], rightLength == 0 ? 0 : right[rightFrom]);
          if (sign != 0 || leftLength <= 1) {
            return sign;
          }
          return Arrays.compareUnsigned(left, leftFrom + 1, leftFrom + leftLength, right, rightFrom + 1,
              rightFrom + rightLength);
        }
        default:
          return Float.compare(Float16.toFloat(left, leftFrom) + 0.0f, Float16.toFloat(right, rightFrom) + 0.0f);
      }
    }

    private void take(byte[] data, int from, int length) {
      if (order == ByteOrder.FLOAT16 && Float.isNaN(Float16.toFloat(data, from))) {
        return;
      }
      if (min == null || compareRegions(data, from, length, min, 0, min.length) < 0) {
        min = Arrays.copyOfRange(data, from, from + length);
      }
      if (max == null || compareRegions(data, from, length, max, 0, max.length) > 0) {
        max = Arrays.copyOfRange(data, from, from + length);
      }
    }

    @Override
    void update(ValueBuffer values, int from, int count) {
      if (undefinedOrder || count == 0) {
        return; // INT96 and INTERVAL have no defined order; the spec says to leave their min/max out
      }
      if (values instanceof ValueBuffer.FixedLength fixed) {
        int width = fixed.width;
        byte[] bytes = fixed.bytes;
        if (order == ByteOrder.SIGNED_BIG_ENDIAN && width <= 8) {
          // Decimals of up to eight bytes: the batch's extremes as longs, then one byte comparison each.
          int minAt = from;
          int maxAt = from;
          long minValue = bigEndianSigned(bytes, from * width, width);
          long maxValue = minValue;
          for (int i = from + 1; i < from + count; i++) {
            long value = bigEndianSigned(bytes, i * width, width);
            if (value < minValue) {
              minValue = value;
              minAt = i;
            } else if (value > maxValue) {
              maxValue = value;
              maxAt = i;
            }
          }
          take(bytes, minAt * width, width);
          take(bytes, maxAt * width, width);
          return;
        }
        for (int i = from; i < from + count; i++) {
          take(bytes, i * width, width);
        }
      } else if (order == ByteOrder.UNSIGNED) {
        // Byte strings: find the batch's extremes among its own values (no copies), then fold them in.
        BinaryBuffer buffer = ((ValueBuffer.ByteArrays) values).values;
        int[] offsets = buffer.offsets();
        byte[] data = buffer.data();
        int minAt = from;
        int maxAt = from;
        for (int i = from + 1; i < from + count; i++) {
          int start = offsets[i];
          int length = offsets[i + 1] - start;
          if (compareUnsigned(data, start, length, data, offsets[minAt], offsets[minAt + 1] - offsets[minAt]) < 0) {
            minAt = i;
          } else if (compareUnsigned(data, start, length, data, offsets[maxAt],
              offsets[maxAt + 1] - offsets[maxAt]) > 0) {
            maxAt = i;
          }
        }
        take(data, offsets[minAt], offsets[minAt + 1] - offsets[minAt]);
        take(data, offsets[maxAt], offsets[maxAt + 1] - offsets[maxAt]);
      } else {
        BinaryBuffer buffer = ((ValueBuffer.ByteArrays) values).values;
        int[] offsets = buffer.offsets();
        byte[] data = buffer.data();
        for (int i = from; i < from + count; i++) {
          take(data, offsets[i], offsets[i + 1] - offsets[i]);
        }
      }
    }

    @Override
    boolean prefersDistinctValues() {
      return !undefinedOrder;
    }

    @Override
    void updateSelected(ValueBuffer values, int[] selected, int count) {
      if (undefinedOrder || count == 0) {
        return;
      }
      if (order == ByteOrder.FLOAT16) {
        super.updateSelected(values, selected, count); // NaNs must be skipped one by one
        return;
      }
      byte[] data;
      int[] offsets = null;
      int width = 0;
      if (values instanceof ValueBuffer.FixedLength fixed) {
        data = fixed.bytes;
        width = fixed.width;
      } else {
        BinaryBuffer buffer = ((ValueBuffer.ByteArrays) values).values;
        data = buffer.data();
        offsets = buffer.offsets();
      }
      int minAt = selected[0];
      int maxAt = minAt;
      for (int k = 1; k < count; k++) {
        int i = selected[k];
        int start = offsets == null ? i * width : offsets[i];
        int length = offsets == null ? width : offsets[i + 1] - start;
        int minStart = offsets == null ? minAt * width : offsets[minAt];
        int minLength = offsets == null ? width : offsets[minAt + 1] - minStart;
        if (compareRegions(data, start, length, data, minStart, minLength) < 0) {
          minAt = i;
          continue;
        }
        int maxStart = offsets == null ? maxAt * width : offsets[maxAt];
        int maxLength = offsets == null ? width : offsets[maxAt + 1] - maxStart;
        if (compareRegions(data, start, length, data, maxStart, maxLength) > 0) {
          maxAt = i;
        }
      }
      int minStart = offsets == null ? minAt * width : offsets[minAt];
      take(data, minStart, offsets == null ? width : offsets[minAt + 1] - minStart);
      int maxStart = offsets == null ? maxAt * width : offsets[maxAt];
      take(data, maxStart, offsets == null ? width : offsets[maxAt + 1] - maxStart);
    }

    /** The big-endian two's complement integer of {@code width} (1 to 8) bytes at {@code bytes[at ...]}. */
    private static long bigEndianSigned(byte[] bytes, int at, int width) {
      long value = bytes[at]; // sign-extended
      for (int k = 1; k < width; k++) {
        value = (value << 8) | (bytes[at + k] & 0xFF);
      }
      return value;
    }

    /**
     * Unsigned lexicographic order of two byte strings, eight bytes at a time: {@code Arrays.compareUnsigned}
     * costs more per call than the short strings of most columns take to compare.
     */
    static int compareUnsigned(byte[] left, int leftFrom, int leftLength, byte[] right, int rightFrom,
        int rightLength) {
      int common = Math.min(leftLength, rightLength);
      int i = 0;
      for (; i + 8 <= common; i += 8) {
        long a = (long) BIG_ENDIAN_LONGS.get(left, leftFrom + i);
        long b = (long) BIG_ENDIAN_LONGS.get(right, rightFrom + i);
        if (a != b) {
          return Long.compareUnsigned(a, b);
        }
      }
      for (; i < common; i++) {
        int a = left[leftFrom + i] & 0xFF;
        int b = right[rightFrom + i] & 0xFF;
        if (a != b) {
          return a - b;
        }
      }
      return Integer.compare(leftLength, rightLength);
    }

    @Override
    boolean hasMinMax() {
      return min != null;
    }

    @Override
    byte[] min() {
      if (order == ByteOrder.FLOAT16 && Float16.toFloat(min, 0) == 0.0f) {
        return new byte[] {0, (byte) 0x80};
      }
      return min;
    }

    @Override
    byte[] max() {
      if (order == ByteOrder.FLOAT16 && Float16.toFloat(max, 0) == 0.0f) {
        return new byte[] {0, 0};
      }
      return max;
    }

    @Override
    void merge(ColumnStatistics other) {
      Bytes that = (Bytes) other;
      nullCount += that.nullCount;
      if (that.min != null) {
        take(that.min, 0, that.min.length);
        take(that.max, 0, that.max.length);
      }
    }

    @Override
    ColumnStatistics newEmpty() {
      return new Bytes(order, undefinedOrder);
    }

    @Override
    int compare(byte[] left, byte[] right) {
      return compareRegions(left, 0, left.length, right, 0, right.length);
    }

    @Override
    boolean legacyOrderAgrees() {
      return false;
    }

    @Override
    boolean truncatable() {
      return order == ByteOrder.UNSIGNED;
    }

    @Override
    boolean undefinedOrder() {
      return undefinedOrder;
    }
  }

  /** IEEE 754 half precision, decoded without {@code Float.float16ToFloat} (JDK 20+; we run on 17). */
  static final class Float16 {
    private Float16() {}

    static float toFloat(byte[] littleEndian, int offset) {
      int bits = (littleEndian[offset] & 0xFF) | (littleEndian[offset + 1] & 0xFF) << 8;
      int sign = bits >>> 15;
      int exponent = (bits >>> 10) & 0x1F;
      int mantissa = bits & 0x3FF;
      float magnitude;
      if (exponent == 0) {
        magnitude = mantissa * 0x1p-24f;
      } else if (exponent == 31) {
        magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
      } else {
        magnitude = (1 + mantissa / 1024f) * (float) Math.pow(2, exponent - 15);
      }
      return sign == 0 ? magnitude : -magnitude;
    }
  }
}
