package io.parquetarrow.core.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Appends the selected rows of one vector to another of the same type: the rows of a decoded piece that a filter
 * selected, gathered into the batch being filled. A selection is a bitmap of {@code long} words (bit {@code i} of
 * word {@code i / 64} is row {@code i}). Runs of selected rows are copied a run at a time: fixed-width values and
 * the bytes of 32-bit-offset strings and binaries with one memory copy per run, validity bit by bit; other
 * vectors (booleans, large offsets, nested) value by value through a {@link TransferPair}. One per field and
 * target vector; reused batch after batch.
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
    int next = targetRow;
    int row = nextSet(selection, fromRow, toRow);
    while (row < toRow) {
      int end = nextClear(selection, row + 1, toRow);
      copyRun(source, row, end - row, next);
      next += end - row;
      row = nextSet(selection, end, toRow);
    }
    return next;
  }

  private void copyRun(FieldVector source, int from, int length, int to) {
    if (source instanceof BaseFixedWidthVector fixed && !(source instanceof BitVector)
        && fixed.getTypeWidth() > 0) {
      copyFixedWidth(fixed, (BaseFixedWidthVector) target, from, length, to);
    } else if (source instanceof BaseVariableWidthVector variable) {
      copyVariableWidth(variable, (BaseVariableWidthVector) target, from, length, to);
    } else {
      if (pairSource != source) {
        pair = source.makeTransferPair(target);
        pairSource = source;
      }
      for (int i = 0; i < length; i++) {
        pair.copyValueSafe(from + i, to + i);
      }
    }
  }

  private static void copyFixedWidth(BaseFixedWidthVector source, BaseFixedWidthVector target, int from,
      int length, int to) {
    while (target.getValueCapacity() < to + length) {
      target.reAlloc();
    }
    int width = source.getTypeWidth();
    target.getDataBuffer().setBytes((long) to * width, source.getDataBuffer(), (long) from * width,
        (long) length * width);
    copyValidity(source.getValidityBuffer(), target.getValidityBuffer(), from, length, to);
  }

  private static void copyVariableWidth(BaseVariableWidthVector source, BaseVariableWidthVector target, int from,
      int length, int to) {
    while (target.getValueCapacity() < to + length) {
      target.reallocValidityAndOffsetBuffers();
    }
    ArrowBuf sourceOffsets = source.getOffsetBuffer();
    ArrowBuf targetOffsets = target.getOffsetBuffer();
    int sourceStart = sourceOffsets.getInt((long) from * BaseVariableWidthVector.OFFSET_WIDTH);
    int sourceEnd = sourceOffsets.getInt((long) (from + length) * BaseVariableWidthVector.OFFSET_WIDTH);
    int targetStart = targetOffsets.getInt((long) to * BaseVariableWidthVector.OFFSET_WIDTH);
    long bytes = sourceEnd - sourceStart;
    while (target.getDataBuffer().capacity() < targetStart + bytes) {
      target.reallocDataBuffer();
    }
    target.getDataBuffer().setBytes(targetStart, source.getDataBuffer(), sourceStart, bytes);
    int shift = targetStart - sourceStart;
    for (int i = 1; i <= length; i++) {
      targetOffsets.setInt((long) (to + i) * BaseVariableWidthVector.OFFSET_WIDTH,
          sourceOffsets.getInt((long) (from + i) * BaseVariableWidthVector.OFFSET_WIDTH) + shift);
    }
    copyValidity(source.getValidityBuffer(), target.getValidityBuffer(), from, length, to);
    target.setLastSet(to + length - 1);
  }

  private static void copyValidity(ArrowBuf source, ArrowBuf target, int from, int length, int to) {
    for (int i = 0; i < length; i++) {
      BitVectorHelper.setValidityBit(target, to + i, BitVectorHelper.get(source, from + i));
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

  /** The first row from {@code from} (inclusive) below {@code end} whose bit is clear, or {@code end}. */
  static int nextClear(long[] selection, int from, int end) {
    if (from >= end) {
      return end;
    }
    int word = from >>> 6;
    long bits = ~selection[word] & (-1L << from);
    while (bits == 0) {
      word++;
      if ((word << 6) >= end) {
        return end;
      }
      bits = ~selection[word];
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
