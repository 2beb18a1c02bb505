package io.parquetarrow.spark;

import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column over a flat Arrow vector whose values Spark reads as they are stored (signed integers, floats,
 * booleans, day dates, microsecond timestamps, decimals of up to 18 digits, strings, binary), read straight from the
 * vector's buffers as Spark's own off-heap columns read theirs: part of the executor's read step
 * ({@link SparkColumns}). Spark's {@code ArrowColumnVector} checks each access against the buffer's bounds and
 * reference count and makes a {@code BigDecimal} of every decimal; here the buffer addresses are taken once per
 * batch, since the reader hands each batch's vectors over whole and Spark asks only for rows of that batch.
 */
final class FlatArrowColumnVector extends ColumnVector {
  private static final int DECIMAL_WIDTH = DecimalVector.TYPE_WIDTH;

  private final FieldVector vector;
  private final int nullCount;
  private final long validity;
  private final long data;
  private final long offsets;

  private FlatArrowColumnVector(DataType type, FieldVector vector) {
    super(type);
    this.vector = vector;
    this.nullCount = vector.getNullCount();
    this.validity = vector.getValidityBuffer().memoryAddress();
    this.data = vector.getDataBuffer().memoryAddress();
    this.offsets = vector instanceof BaseFixedWidthVector ? 0 : vector.getOffsetBuffer().memoryAddress();
  }

  /** The column over {@code vector} read as {@code type}, or null when the vector is not one this class reads. */
  static FlatArrowColumnVector of(FieldVector vector, DataType type) {
    if (vector.getField().getDictionary() != null || !vector.getField().getChildren().isEmpty()) {
      return null;
    }
    boolean reads = vector instanceof BitVector || vector instanceof TinyIntVector
        || vector instanceof SmallIntVector || vector instanceof IntVector || vector instanceof BigIntVector
        || vector instanceof Float4Vector || vector instanceof Float8Vector || vector instanceof DateDayVector
        || vector instanceof VarCharVector || vector instanceof VarBinaryVector
        || vector instanceof TimeStampMicroTZVector && type instanceof TimestampType
        || vector instanceof TimeStampMicroVector && type instanceof TimestampNTZType
        || vector instanceof DecimalVector decimals && decimals.getPrecision() <= Decimal.MAX_LONG_DIGITS();
    return reads ? new FlatArrowColumnVector(type, vector) : null;
  }

  @Override
  public void close() {
    // The vector belongs to the reader's batch.
  }

  @Override
  public boolean hasNull() {
    return nullCount > 0;
  }

  @Override
  public int numNulls() {
    return nullCount;
  }

  @Override
  public boolean isNullAt(int rowId) {
    return nullCount > 0 && (Platform.getByte(null, validity + (rowId >>> 3)) & (1 << (rowId & 7))) == 0;
  }

  @Override
  public boolean getBoolean(int rowId) {
    return (Platform.getByte(null, data + (rowId >>> 3)) & (1 << (rowId & 7))) != 0;
  }

  @Override
  public byte getByte(int rowId) {
    return Platform.getByte(null, data + rowId);
  }

  @Override
  public short getShort(int rowId) {
    return Platform.getShort(null, data + 2L * rowId);
  }

  @Override
  public int getInt(int rowId) {
    return Platform.getInt(null, data + 4L * rowId);
  }

  @Override
  public long getLong(int rowId) {
    return Platform.getLong(null, data + 8L * rowId);
  }

  @Override
  public float getFloat(int rowId) {
    return Platform.getFloat(null, data + 4L * rowId);
  }

  @Override
  public double getDouble(int rowId) {
    return Platform.getDouble(null, data + 8L * rowId);
  }

  /**
   * A decimal of up to 18 digits: its unscaled value is the low 8 bytes (little-endian) of the 16 Arrow stores, the
   * high 8 repeating its sign; a value a file stored beyond its precision goes the way of {@code ArrowColumnVector}.
   */
  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (isNullAt(rowId)) {
      return null;
    }
    long address = data + (long) DECIMAL_WIDTH * rowId;
    long unscaled = Platform.getLong(null, address);
    if (Platform.getLong(null, address + Long.BYTES) != unscaled >> 63) {
      return Decimal.apply(((DecimalVector) vector).getObject(rowId), precision, scale);
    }
    return Decimal.createUnsafe(unscaled, precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    int start = offset(rowId);
    return UTF8String.fromAddress(null, data + start, offset(rowId + 1) - start);
  }

  @Override
  public byte[] getBinary(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    int start = offset(rowId);
    byte[] bytes = new byte[offset(rowId + 1) - start];
    Platform.copyMemory(null, data + start, bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length);
    return bytes;
  }

  /** Where row {@code rowId}'s bytes start in the data buffer (and where the previous row's end). */
  private int offset(int rowId) {
    return Platform.getInt(null, offsets + (long) Integer.BYTES * rowId);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw new UnsupportedOperationException("column " + vector.getField().getName() + " is not a list");
  }

  @Override
  public ColumnarMap getMap(int ordinal) {
    throw new UnsupportedOperationException("column " + vector.getField().getName() + " is not a map");
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw new UnsupportedOperationException("column " + vector.getField().getName() + " has no children");
  }
}
