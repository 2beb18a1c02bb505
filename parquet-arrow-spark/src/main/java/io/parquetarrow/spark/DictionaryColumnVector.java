package io.parquetarrow.spark;

import org.apache.arrow.vector.BaseIntVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column over an Arrow dictionary-encoded vector (a field the file's {@code ARROW:schema} declares as a
 * dictionary): each value is the dictionary's value at the row's index, read through the dictionary's own column.
 * Nothing is decoded ahead; both vectors belong to the reader's batch. Built by {@link SparkColumns}.
 */
final class DictionaryColumnVector extends ColumnVector {
  private final BaseIntVector indices;
  private final ColumnVector dictionary;

  DictionaryColumnVector(DataType type, BaseIntVector indices, ColumnVector dictionary) {
    super(type);
    this.indices = indices;
    this.dictionary = dictionary;
  }

  private int index(int rowId) {
    return (int) indices.getValueAsLong(rowId);
  }

  @Override
  public void close() {
    // Both vectors belong to the reader's batch.
  }

  @Override
  public boolean hasNull() {
    return indices.getNullCount() > 0;
  }

  @Override
  public int numNulls() {
    return indices.getNullCount();
  }

  @Override
  public boolean isNullAt(int rowId) {
    return indices.isNull(rowId) || dictionary.isNullAt(index(rowId));
  }

  @Override
  public boolean getBoolean(int rowId) {
    return dictionary.getBoolean(index(rowId));
  }

  @Override
  public byte getByte(int rowId) {
    return dictionary.getByte(index(rowId));
  }

  @Override
  public short getShort(int rowId) {
    return dictionary.getShort(index(rowId));
  }

  @Override
  public int getInt(int rowId) {
    return dictionary.getInt(index(rowId));
  }

  @Override
  public long getLong(int rowId) {
    return dictionary.getLong(index(rowId));
  }

  @Override
  public float getFloat(int rowId) {
    return dictionary.getFloat(index(rowId));
  }

  @Override
  public double getDouble(int rowId) {
    return dictionary.getDouble(index(rowId));
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    return isNullAt(rowId) ? null : dictionary.getDecimal(index(rowId), precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    return isNullAt(rowId) ? null : dictionary.getUTF8String(index(rowId));
  }

  @Override
  public byte[] getBinary(int rowId) {
    return isNullAt(rowId) ? null : dictionary.getBinary(index(rowId));
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return isNullAt(rowId) ? null : dictionary.getArray(index(rowId));
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    return isNullAt(rowId) ? null : dictionary.getMap(index(rowId));
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw new UnsupportedOperationException("a dictionary column of type " + dataType() + " has no children");
  }
}
