package io.parquetarrow.core.dataset;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Vectors holding one value in every row: a file's partition values, and the nulls of a column the file lacks.
 */
final class ConstantVectors {
  private ConstantVectors() {}

  /** A vector of {@code field} with {@code rows} nulls, allocated from {@code allocator}. */
  static FieldVector nulls(Field field, BufferAllocator allocator, int rows) {
    FieldVector vector = field.createVector(allocator);
    try {
      vector.setInitialCapacity(rows);
      vector.allocateNew();
      vector.setValueCount(rows);
      return vector;
    } catch (RuntimeException e) {
      vector.close();
      throw e;
    }
  }

  /**
   * A vector of {@code field} (a partition column's type, see {@link PartitionValues}) holding {@code value} in
   * each of {@code rows} rows; null values give a vector of nulls.
   */
  static FieldVector of(Field field, Object value, BufferAllocator allocator, int rows) {
    if (value == null) {
      return nulls(field, allocator, rows);
    }
    FieldVector vector = field.createVector(allocator);
    try {
      fill(vector, value, rows);
      vector.setValueCount(rows);
      return vector;
    } catch (RuntimeException e) {
      vector.close();
      throw e;
    }
  }

  private static void fill(FieldVector vector, Object value, int rows) {
    if (vector instanceof VarCharVector strings) {
      byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
      strings.allocateNew((long) bytes.length * rows, rows);
      for (int row = 0; row < rows; row++) {
        strings.set(row, bytes);
      }
      return;
    }
    vector.setInitialCapacity(rows);
    vector.allocateNew();
    if (vector instanceof IntVector ints) {
      for (int row = 0; row < rows; row++) {
        ints.set(row, (Integer) value);
      }
    } else if (vector instanceof BigIntVector longs) {
      for (int row = 0; row < rows; row++) {
        longs.set(row, (Long) value);
      }
    } else if (vector instanceof SmallIntVector shorts) {
      for (int row = 0; row < rows; row++) {
        shorts.set(row, (Short) value);
      }
    } else if (vector instanceof TinyIntVector bytes) {
      for (int row = 0; row < rows; row++) {
        bytes.set(row, (Byte) value);
      }
    } else if (vector instanceof Float8Vector doubles) {
      for (int row = 0; row < rows; row++) {
        doubles.set(row, (Double) value);
      }
    } else if (vector instanceof Float4Vector floats) {
      for (int row = 0; row < rows; row++) {
        floats.set(row, (Float) value);
      }
    } else if (vector instanceof BitVector bits) {
      for (int row = 0; row < rows; row++) {
        bits.set(row, (Boolean) value ? 1 : 0);
      }
    } else if (vector instanceof DateDayVector dates) {
      int day = Math.toIntExact(((LocalDate) value).toEpochDay());
      for (int row = 0; row < rows; row++) {
        dates.set(row, day);
      }
    } else {
      throw new IllegalStateException("no constant vector for partition type " + vector.getField().getType());
    }
  }
}
