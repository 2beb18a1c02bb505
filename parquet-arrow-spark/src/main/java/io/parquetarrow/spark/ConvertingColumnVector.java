package io.parquetarrow.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.BaseRepeatedValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column over an Arrow vector whose values Spark's {@code ArrowColumnVector} does not read as they are
 * (unsigned integers, timestamps in other units than microseconds, millisecond dates, half floats, fixed-size
 * binary, 256-bit decimals, large and fixed-size lists, or a struct, list or map holding one of these, or a flat
 * column {@link FlatArrowColumnVector} reads): part of the
 * executor's read step ({@link SparkColumns}). Nothing is copied; each value is widened or rescaled as Spark asks
 * for it, in the type {@link SparkTypes} gave the column. The vector belongs to the reader's batch, so this column
 * is valid until the next batch.
 */
final class ConvertingColumnVector extends ColumnVector {
  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;

  private final ValueVector vector;
  private final ColumnVector[] children;
  private final long microsMultiplier;
  private final long microsDivisor;

  ConvertingColumnVector(DataType type, ValueVector vector, List<ColumnVector> children) {
    super(type);
    this.vector = vector;
    this.children = children.toArray(new ColumnVector[0]);
    long multiplier = 1;
    long divisor = 1;
    if (vector instanceof TimeStampVector timestamps) {
      TimeUnit unit = ((ArrowType.Timestamp) timestamps.getField().getType()).getUnit();
      switch (unit) {
        case SECOND -> multiplier = 1_000_000L;
        case MILLISECOND -> multiplier = 1_000L;
        case NANOSECOND -> divisor = 1_000L;
        default -> { }
      }
    }
    this.microsMultiplier = multiplier;
    this.microsDivisor = divisor;
  }

  @Override
  public void close() {
    // The vector belongs to the reader's batch; children are closed with their own batch.
  }

  @Override
  public boolean hasNull() {
    return vector.getNullCount() > 0;
  }

  @Override
  public int numNulls() {
    return vector.getNullCount();
  }

  @Override
  public boolean isNullAt(int rowId) {
    return vector.isNull(rowId);
  }

  @Override
  public boolean getBoolean(int rowId) {
    return ((BitVector) vector).get(rowId) != 0;
  }

  @Override
  public byte getByte(int rowId) {
    return ((TinyIntVector) vector).get(rowId);
  }

  @Override
  public short getShort(int rowId) {
    if (vector instanceof UInt1Vector unsigned) {
      return (short) Byte.toUnsignedInt(unsigned.get(rowId));
    }
    return ((SmallIntVector) vector).get(rowId);
  }

  @Override
  public int getInt(int rowId) {
    if (vector instanceof UInt2Vector unsigned) {
      return unsigned.get(rowId);
    }
    if (vector instanceof DateMilliVector dates) {
      return (int) Math.floorDiv(dates.get(rowId), MILLIS_PER_DAY);
    }
    if (vector instanceof DateDayVector dates) {
      return dates.get(rowId);
    }
    return ((IntVector) vector).get(rowId);
  }

  @Override
  public long getLong(int rowId) {
    if (vector instanceof FixedSizeBinaryVector int96) {
      return int96Micros(int96.get(rowId));
    }
    if (vector instanceof TimeStampVector timestamps) {
      return Math.multiplyExact(Math.floorDiv(timestamps.get(rowId), microsDivisor), microsMultiplier);
    }
    if (vector instanceof UInt4Vector unsigned) {
      return Integer.toUnsignedLong(unsigned.get(rowId));
    }
    return ((BigIntVector) vector).get(rowId);
  }

  /**
   * An INT96 timestamp as microseconds since the epoch: 8 bytes of nanoseconds within the day, then 4 bytes of
   * Julian day, both little-endian. Read from the bytes rather than from a {@code timestamp[ns]}, which would
   * overflow outside the years 1677 to 2262.
   */
  private static long int96Micros(byte[] bytes) {
    long nanos = 0;
    for (int i = 7; i >= 0; i--) {
      nanos = (nanos << 8) | (bytes[i] & 0xFF);
    }
    int julianDay = (bytes[8] & 0xFF) | (bytes[9] & 0xFF) << 8 | (bytes[10] & 0xFF) << 16 | (bytes[11] & 0xFF) << 24;
    return (julianDay - JULIAN_DAY_OF_EPOCH) * MICROS_PER_DAY + Math.floorDiv(nanos, 1000L);
  }

  @Override
  public float getFloat(int rowId) {
    if (vector instanceof Float2Vector halves) {
      return halves.getValueAsFloat(rowId);
    }
    return ((Float4Vector) vector).get(rowId);
  }

  @Override
  public double getDouble(int rowId) {
    return ((Float8Vector) vector).get(rowId);
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (isNullAt(rowId)) {
      return null;
    }
    BigDecimal value;
    if (vector instanceof UInt8Vector unsigned) {
      value = new BigDecimal(new BigInteger(Long.toUnsignedString(unsigned.get(rowId))));
    } else if (vector instanceof Decimal256Vector wide) {
      value = wide.getObject(rowId);
    } else {
      value = ((DecimalVector) vector).getObject(rowId);
    }
    return Decimal.apply(value, precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    return UTF8String.fromBytes(getBinary(rowId));
  }

  @Override
  public byte[] getBinary(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    if (vector instanceof FixedSizeBinaryVector fixed) {
      return fixed.get(rowId);
    }
    if (vector instanceof BaseLargeVariableWidthVector large) {
      return large.get(rowId);
    }
    return ((BaseVariableWidthVector) vector).get(rowId);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    return new ColumnarArray(children[0], start(rowId), length(rowId));
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    ColumnVector entries = children[0];
    return new ColumnarMap(entries.getChild(0), entries.getChild(1), start(rowId), length(rowId));
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return children[ordinal];
  }

  private int start(int rowId) {
    if (vector instanceof FixedSizeListVector fixed) {
      return rowId * fixed.getListSize();
    }
    if (vector instanceof LargeListVector large) {
      return Math.toIntExact(large.getOffsetBuffer().getLong((long) rowId * LargeListVector.OFFSET_WIDTH));
    }
    return ((ListVector) vector).getOffsetBuffer().getInt((long) rowId * BaseRepeatedValueVector.OFFSET_WIDTH);
  }

  private int length(int rowId) {
    if (vector instanceof FixedSizeListVector fixed) {
      return fixed.getListSize();
    }
    if (vector instanceof LargeListVector large) {
      long end = large.getOffsetBuffer().getLong((long) (rowId + 1) * LargeListVector.OFFSET_WIDTH);
      return Math.toIntExact(end) - start(rowId);
    }
    ListVector list = (ListVector) vector;
    return list.getOffsetBuffer().getInt((long) (rowId + 1) * BaseRepeatedValueVector.OFFSET_WIDTH) - start(rowId);
  }
}
