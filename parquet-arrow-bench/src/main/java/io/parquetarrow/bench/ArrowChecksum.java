package io.parquetarrow.bench;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Feeds the values of Arrow batches into a {@link ValueChecksum}: the checksum side of every engine that
 * materialises Arrow (ours, Arrow C++, DuckDB through its Arrow export). Walks nested vectors from the top,
 * descending only into valid list entries and valid structs, so a leaf value counts exactly when the Parquet
 * definition level says it is present, whatever an engine leaves in the slots under a null parent.
 */
public final class ArrowChecksum {
  private ArrowChecksum() {}

  /** Adds the rows and values of one batch; leaf columns are numbered depth-first across the batch's fields. */
  public static void add(VectorSchemaRoot batch, ValueChecksum checksum) {
    checksum.addRows(batch.getRowCount());
    int leaf = 0;
    for (FieldVector vector : batch.getFieldVectors()) {
      add(vector, leaf, 0, batch.getRowCount(), checksum);
      leaf += leaves(vector.getField());
    }
  }

  /** The number of Parquet leaf columns under {@code field}. */
  static int leaves(Field field) {
    if (field.getChildren().isEmpty()) {
      return 1;
    }
    int count = 0;
    for (Field child : field.getChildren()) {
      count += leaves(child);
    }
    return count;
  }

  /** Adds the present values in slots {@code [start, end)} of {@code vector}, whose first leaf is {@code leaf}. */
  static void add(ValueVector vector, int leaf, int start, int end, ValueChecksum checksum) {
    if (vector instanceof StructVector struct) {
      addStruct(struct, leaf, start, end, checksum);
    } else if (vector instanceof ListVector list) {
      for (int index = start; index < end; index++) {
        if (!list.isNull(index)) {
          add(list.getDataVector(), leaf, list.getElementStartIndex(index), list.getElementEndIndex(index),
              checksum);
        }
      }
    } else if (vector instanceof LargeListVector list) {
      for (int index = start; index < end; index++) {
        if (!list.isNull(index)) {
          add(list.getDataVector(), leaf, Math.toIntExact(list.getElementStartIndex(index)),
              Math.toIntExact(list.getElementEndIndex(index)), checksum);
        }
      }
    } else if (vector instanceof FixedSizeListVector list) {
      for (int index = start; index < end; index++) {
        if (!list.isNull(index)) {
          add(list.getDataVector(), leaf, index * list.getListSize(), (index + 1) * list.getListSize(), checksum);
        }
      }
    } else {
      checksum.column(leaf);
      addLeaf(vector, start, end, checksum);
    }
  }

  private static void addStruct(StructVector struct, int leaf, int start, int end, ValueChecksum checksum) {
    if (struct.getNullCount() == 0) {
      int childLeaf = leaf;
      for (FieldVector child : struct.getChildrenFromFields()) {
        add(child, childLeaf, start, end, checksum);
        childLeaf += leaves(child.getField());
      }
      return;
    }
    for (int index = start; index < end; index++) {
      if (!struct.isNull(index)) {
        int childLeaf = leaf;
        for (FieldVector child : struct.getChildrenFromFields()) {
          add(child, childLeaf, index, index + 1, checksum);
          childLeaf += leaves(child.getField());
        }
      }
    }
  }

  private static void addLeaf(ValueVector vector, int start, int end, ValueChecksum checksum) {
    boolean noNulls = vector.getNullCount() == 0;
    if (vector instanceof BigIntVector longs) {
      addLongs(longs.getDataBuffer(), 8, longs, start, end, noNulls, checksum);
    } else if (vector instanceof IntVector ints) {
      addInts(ints.getDataBuffer(), ints, start, end, noNulls, checksum);
    } else if (vector instanceof DateDayVector days) {
      addInts(days.getDataBuffer(), days, start, end, noNulls, checksum);
    } else if (vector instanceof DecimalVector decimals) {
      // The low eight bytes of the little-endian two's complement value are the unscaled value as a long, exact
      // for the precisions Parquet stores in INT32/INT64 and a consistent wrap beyond.
      addLongs(decimals.getDataBuffer(), DecimalVector.TYPE_WIDTH, decimals, start, end, noNulls, checksum);
    } else if (vector instanceof Decimal256Vector decimals) {
      addLongs(decimals.getDataBuffer(), Decimal256Vector.TYPE_WIDTH, decimals, start, end, noNulls, checksum);
    } else if (vector instanceof TimeStampVector timestamps) {
      addLongs(timestamps.getDataBuffer(), 8, timestamps, start, end, noNulls, checksum);
    } else if (vector instanceof DateMilliVector dates) {
      for (int index = start; index < end; index++) {
        if (noNulls || !dates.isNull(index)) {
          checksum.addInteger(dates.get(index) / 86_400_000L);
        }
      }
    } else if (vector instanceof BaseIntVector integers) {
      for (int index = start; index < end; index++) {
        if (noNulls || !vector.isNull(index)) {
          checksum.addInteger(integers.getValueAsLong(index));
        }
      }
    } else if (vector instanceof Float8Vector doubles) {
      for (int index = start; index < end; index++) {
        if (noNulls || !doubles.isNull(index)) {
          checksum.addDouble(doubles.get(index));
        }
      }
    } else if (vector instanceof Float4Vector floats) {
      for (int index = start; index < end; index++) {
        if (noNulls || !floats.isNull(index)) {
          checksum.addDouble(floats.get(index));
        }
      }
    } else if (vector instanceof BitVector bits) {
      for (int index = start; index < end; index++) {
        if (noNulls || !bits.isNull(index)) {
          checksum.addBoolean(bits.get(index) != 0);
        }
      }
    } else if (vector instanceof BaseVariableWidthVector binary) {
      ArrowBuf data = binary.getDataBuffer();
      for (int index = start; index < end; index++) {
        if (noNulls || !binary.isNull(index)) {
          addBinary(data, binary.getStartOffset(index), binary.getValueLength(index), checksum);
        }
      }
    } else if (vector instanceof BaseLargeVariableWidthVector binary) {
      ArrowBuf data = binary.getDataBuffer();
      ArrowBuf offsets = binary.getOffsetBuffer();
      for (int index = start; index < end; index++) {
        if (noNulls || !binary.isNull(index)) {
          long offset = offsets.getLong((long) index * BaseLargeVariableWidthVector.OFFSET_WIDTH);
          addBinary(data, offset, binary.getValueLength(index), checksum);
        }
      }
    } else if (vector instanceof FixedSizeBinaryVector binary) {
      ArrowBuf data = binary.getDataBuffer();
      int width = binary.getByteWidth();
      for (int index = start; index < end; index++) {
        if (noNulls || !binary.isNull(index)) {
          addBinary(data, (long) index * width, width, checksum);
        }
      }
    } else {
      throw new UnsupportedOperationException(
          "no checksum for Arrow vector " + vector.getClass().getSimpleName() + " (" + vector.getField() + ")");
    }
  }

  private static void addLongs(ArrowBuf data, int width, ValueVector vector, int start, int end, boolean noNulls,
      ValueChecksum checksum) {
    for (int index = start; index < end; index++) {
      if (noNulls || !vector.isNull(index)) {
        checksum.addInteger(data.getLong((long) index * width));
      }
    }
  }

  private static void addInts(ArrowBuf data, ValueVector vector, int start, int end, boolean noNulls,
      ValueChecksum checksum) {
    for (int index = start; index < end; index++) {
      if (noNulls || !vector.isNull(index)) {
        checksum.addInteger(data.getInt((long) index * 4));
      }
    }
  }

  /** Copies one value's bytes to the heap (a buffer kept per thread) and adds them. */
  private static void addBinary(ArrowBuf data, long offset, int length, ValueChecksum checksum) {
    byte[] bytes = SCRATCH.get();
    if (bytes.length < length) {
      bytes = new byte[Math.max(length, bytes.length * 2)];
      SCRATCH.set(bytes);
    }
    data.getBytes(offset, bytes, 0, length);
    checksum.addBinary(bytes, 0, length);
  }

  private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[256]);
}
