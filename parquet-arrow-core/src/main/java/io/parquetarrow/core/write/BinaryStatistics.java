package io.parquetarrow.core.write;


import io.parquetarrow.encodings.BinaryBuffer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.Float16;

/**
 * The {@link ColumnStatistics} of FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY and INT96 values: unsigned lexicographic
 * order for byte strings (UTF-8 included), signed big-endian integers for decimals, half-precision floats for
 * FLOAT16, and no min/max for the undefined orders of INT96 and INTERVAL.
 */
final class BinaryStatistics extends ColumnStatistics {
  private static final VarHandle BIG_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  final BinaryOrder order;
  /** INT96 or INTERVAL: no defined order, so no min/max. */
  final boolean undefinedOrder;
  byte[] min;
  byte[] max;

  BinaryStatistics(BinaryOrder order, boolean undefinedOrder) {
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
        return Float.compare(half(left, leftFrom) + 0.0f, half(right, rightFrom) + 0.0f);
    }
  }

  private void take(byte[] data, int from, int length) {
    if (order == BinaryOrder.FLOAT16 && Float.isNaN(half(data, from))) {
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
      if (order == BinaryOrder.SIGNED_BIG_ENDIAN && width <= 8) {
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
    } else if (order == BinaryOrder.UNSIGNED) {
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
    if (order == BinaryOrder.FLOAT16) {
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
    if (order == BinaryOrder.FLOAT16 && half(min, 0) == 0.0f) {
      return new byte[] {0, (byte) 0x80};
    }
    return min;
  }

  @Override
  byte[] max() {
    if (order == BinaryOrder.FLOAT16 && half(max, 0) == 0.0f) {
      return new byte[] {0, 0};
    }
    return max;
  }

  @Override
  void merge(ColumnStatistics other) {
    BinaryStatistics that = (BinaryStatistics) other;
    nullCount += that.nullCount;
    if (that.min != null) {
      take(that.min, 0, that.min.length);
      take(that.max, 0, that.max.length);
    }
  }

  @Override
  ColumnStatistics newEmpty() {
    return new BinaryStatistics(order, undefinedOrder);
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
    return order == BinaryOrder.UNSIGNED;
  }

  @Override
  boolean undefinedOrder() {
    return undefinedOrder;
  }

  /** The IEEE 754 half-precision value stored little-endian at {@code offset}. */
  private static float half(byte[] littleEndian, int offset) {
    return Float16.toFloat((short) ((littleEndian[offset] & 0xFF) | (littleEndian[offset + 1] & 0xFF) << 8));
  }
}
