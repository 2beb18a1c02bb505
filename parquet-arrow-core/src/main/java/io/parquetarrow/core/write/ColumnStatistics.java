package io.parquetarrow.core.write;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.Type;

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
 * encoded values (for the column index's boundary order). Values are given through a {@link ValueBuffer}; byte strings are
 * {@link BinaryStatistics}.
 */
abstract sealed class ColumnStatistics permits ColumnStatistics.Booleans, ColumnStatistics.Ints,
    ColumnStatistics.Longs, BinaryStatistics {
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
      case FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY, INT96 -> new BinaryStatistics(
          logical instanceof LogicalType.DecimalType ? BinaryOrder.SIGNED_BIG_ENDIAN
              : logical instanceof LogicalType.Float16Type ? BinaryOrder.FLOAT16 : BinaryOrder.UNSIGNED,
          column.physicalType() == Type.INT96 || column.convertedType() == ConvertedType.INTERVAL);
    };
  }

  enum IntOrder { SIGNED, UNSIGNED, FLOAT }

  enum BinaryOrder { UNSIGNED, SIGNED_BIG_ENDIAN, FLOAT16 }

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
}
