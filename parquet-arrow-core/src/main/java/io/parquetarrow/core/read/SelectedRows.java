package io.parquetarrow.core.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Appends the selected rows of one vector to another of the same type: the rows of a decoded piece that a filter
 * selected, gathered into the batch being filled. A selection is a bitmap of {@code long} words (bit {@code i} of
 * word {@code i / 64} is row {@code i}). Fixed-width values and the bytes of 32-bit-offset strings and binaries are
 * gathered row by row through the buffers' addresses, with their validity bits, after one capacity check for all
 * the selected rows; other vectors (booleans, large offsets, nested) value by value through a
 * {@link TransferPair}. One per field and target vector; reused batch after batch.
 */
final class SelectedRows {
  private final FieldVector target;
  /** The source the pair was made for, and the pair; remade when the source vector changes. */
  private FieldVector pairSource;
  private TransferPair pair;

  SelectedRows(FieldVector target) {
    this.target = target;
  }

  FieldVector target() {
    return target;
  }

  /**
   * Appends the rows of {@code source} from {@code fromRow} (inclusive) to {@code toRow} (exclusive) whose bit is
   * set in {@code selection} to the target, from its row {@code targetRow} on.
   *
   * @return the target's rows afterwards
   */
  int append(FieldVector source, long[] selection, int fromRow, int toRow, int targetRow) {
    if (source instanceof BaseFixedWidthVector fixed && !(source instanceof BitVector)
        && fixed.getTypeWidth() > 0) {
      return gatherFixedWidth(fixed, (BaseFixedWidthVector) target, selection, fromRow, toRow, targetRow);
    }
    if (source instanceof BaseVariableWidthVector variable) {
      return gatherVariableWidth(variable, (BaseVariableWidthVector) target, selection, fromRow, toRow, targetRow);
    }
    if (pairSource != source) {
      pair = source.makeTransferPair(target);
      pairSource = source;
    }
    int next = targetRow;
    for (int row = nextSet(selection, fromRow, toRow); row < toRow; row = nextSet(selection, row + 1, toRow)) {
      pair.copyValueSafe(row, next++);
    }
    return next;
  }

  /** Fixed-width values, one selected row at a time, after one capacity check for all of them. */
  private static int gatherFixedWidth(BaseFixedWidthVector source, BaseFixedWidthVector target, long[] selection,
      int fromRow, int toRow, int targetRow) {
    int count = countSelected(selection, fromRow, toRow);
    while (target.getValueCapacity() < targetRow + count) {
      target.reAlloc();
    }
    int width = source.getTypeWidth();
    if (source.getDataBuffer().capacity() < (long) toRow * width) {
      throw new IllegalStateException("a data buffer of " + source.getDataBuffer().capacity() + " bytes cannot hold "
          + toRow + " values of " + width + " bytes");
    }
    long from = source.getDataBuffer().memoryAddress();
    long to = target.getDataBuffer().memoryAddress();
    ValidityGather validity = new ValidityGather(source.getValidityBuffer(), target.getValidityBuffer(), toRow,
        targetRow + count);
    int next = targetRow;
    for (int row = nextSet(selection, fromRow, toRow); row < toRow; row = nextSet(selection, row + 1, toRow)) {
      switch (width) {
        case 4 -> MemoryUtil.putInt(to + 4L * next, MemoryUtil.getInt(from + 4L * row));
        case 8 -> MemoryUtil.putLong(to + 8L * next, MemoryUtil.getLong(from + 8L * row));
        default -> MemoryUtil.copyMemory(from + (long) width * row, to + (long) width * next, width);
      }
      validity.copy(row, next);
      next++;
    }
    return next;
  }

  /** 32-bit-offset values, one selected row at a time; the data buffer grows when the next value needs it. */
  private static int gatherVariableWidth(BaseVariableWidthVector source, BaseVariableWidthVector target,
      long[] selection, int fromRow, int toRow, int targetRow) {
    int count = countSelected(selection, fromRow, toRow);
    while (target.getValueCapacity() < targetRow + count) {
      target.reallocValidityAndOffsetBuffers();
    }
    long sourceOffsets = source.getOffsetBuffer().memoryAddress();
    long sourceData = source.getDataBuffer().memoryAddress();
    long targetOffsets = target.getOffsetBuffer().memoryAddress();
    ArrowBuf targetBuffer = target.getDataBuffer();
    long targetData = targetBuffer.memoryAddress();
    long capacity = targetBuffer.capacity();
    ValidityGather validity = new ValidityGather(source.getValidityBuffer(), target.getValidityBuffer(), toRow,
        targetRow + count);
    int end = MemoryUtil.getInt(targetOffsets + (long) targetRow * BaseVariableWidthVector.OFFSET_WIDTH);
    int next = targetRow;
    for (int row = nextSet(selection, fromRow, toRow); row < toRow; row = nextSet(selection, row + 1, toRow)) {
      int start = MemoryUtil.getInt(sourceOffsets + (long) row * BaseVariableWidthVector.OFFSET_WIDTH);
      int length = MemoryUtil.getInt(sourceOffsets + (long) (row + 1) * BaseVariableWidthVector.OFFSET_WIDTH)
          - start;
      while ((long) end + length > capacity) {
        target.reallocDataBuffer();
        targetBuffer = target.getDataBuffer();
        targetData = targetBuffer.memoryAddress();
        capacity = targetBuffer.capacity();
      }
      MemoryUtil.copyMemory(sourceData + start, targetData + end, length);
      end += length;
      MemoryUtil.putInt(targetOffsets + (long) (next + 1) * BaseVariableWidthVector.OFFSET_WIDTH, end);
      validity.copy(row, next);
      next++;
    }
    if (next > targetRow) {
      target.setLastSet(next - 1);
    }
    return next;
  }

  /** How many bits are set from {@code from} (inclusive) below {@code end}. */
  static int countSelected(long[] selection, int from, int end) {
    if (from >= end) {
      return 0;
    }
    int first = from >>> 6;
    int last = (end - 1) >>> 6;
    int count = 0;
    for (int word = first; word <= last; word++) {
      long bits = selection[word];
      if (word == first) {
        bits &= -1L << from;
      }
      if (word == last && (end & 63) != 0) {
        bits &= (1L << end) - 1;
      }
      count += Long.bitCount(bits);
    }
    return count;
  }

  /**
   * Copies validity bits from a source row to a target row through the buffers' addresses, after checking once
   * that both buffers hold the rows to be touched.
   */
  private static final class ValidityGather {
    private final long from;
    private final long to;

    ValidityGather(ArrowBuf source, ArrowBuf target, int sourceRows, int targetRows) {
      if (source.capacity() < (sourceRows + 7L) / 8 || target.capacity() < (targetRows + 7L) / 8) {
        throw new IllegalStateException("validity buffers of " + source.capacity() + " and " + target.capacity()
            + " bytes cannot hold " + sourceRows + " and " + targetRows + " rows");
      }
      this.from = source.memoryAddress();
      this.to = target.memoryAddress();
    }

    void copy(int row, int targetRow) {
      int bit = (MemoryUtil.getByte(from + (row >>> 3)) >>> (row & 7)) & 1;
      long address = to + (targetRow >>> 3);
      int shift = targetRow & 7;
      MemoryUtil.putByte(address, (byte) ((MemoryUtil.getByte(address) & ~(1 << shift)) | (bit << shift)));
    }
  }

  /** The first row from {@code from} (inclusive) below {@code end} whose bit is set, or {@code end}. */
  static int nextSet(long[] selection, int from, int end) {
    if (from >= end) {
      return end;
    }
    int word = from >>> 6;
    long bits = selection[word] & (-1L << from);
    while (bits == 0) {
      word++;
      if ((word << 6) >= end) {
        return end;
      }
      bits = selection[word];
    }
    return Math.min(end, (word << 6) + Long.numberOfTrailingZeros(bits));
  }

  /**
   * The row just past the {@code count}-th selected row from {@code from} on, or {@code end} when fewer are
   * selected below it.
   */
  static int afterSelected(long[] selection, int from, int end, int count) {
    int row = from;
    int left = count;
    while (left > 0) {
      row = nextSet(selection, row, end);
      if (row == end) {
        return end;
      }
      left--;
      row++;
    }
    return row;
  }
}
