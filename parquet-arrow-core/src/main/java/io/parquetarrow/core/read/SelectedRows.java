package io.parquetarrow.core.read;

import io.parquetarrow.core.column.SelectionBits;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Appends the selected rows of one vector to another of the same type: the rows of a decoded piece that a filter
 * selected, gathered into the batch being filled. A selection is a bitmap of {@code long} words (bit {@code i} of word
 * {@code i / 64} is row {@code i}); {@link SelectionBits#picks} turns it into row numbers once per piece, and every
 * field gathers those. Fixed-width values, booleans and the bytes of 32-bit-offset strings and binaries are gathered
 * through the buffers' addresses after one capacity check for all the rows, their validity bits eight at a time, or set
 * wholesale when the source has no null; other vectors (large offsets, nested) value by value through a
 * {@link TransferPair}. One per field and target vector; reused batch after batch.
 */
final class SelectedRows {
  private final FieldVector target;
  /** The source the pair was made for, and the pair; remade when the source vector changes. */
  private FieldVector pairSource;
  private TransferPair pair;
  /** 0, 1, 2, …: the picks of a range, for the vectors {@link #appendRange} copies value by value. */
  private int[] identity = new int[0];

  SelectedRows(FieldVector target) {
    this.target = target;
  }

  FieldVector target() {
    return target;
  }

  /**
   * Appends the rows {@code picks[first, first + count)} of {@code source} (ascending) to the target, from its row
   * {@code targetRow} on.
   *
   * @return the target's rows afterwards
   */
  int append(FieldVector source, int[] picks, int first, int count, int targetRow) {
    if (count == 0) {
      return targetRow;
    }
    if (source instanceof BitVector bits) {
      return gatherBits(bits, (BitVector) target, picks, first, count, targetRow);
    }
    if (source instanceof BaseFixedWidthVector fixed && fixed.getTypeWidth() > 0) {
      return gatherFixedWidth(fixed, (BaseFixedWidthVector) target, picks, first, count, targetRow);
    }
    if (source instanceof BaseVariableWidthVector variable) {
      return gatherVariableWidth(variable, (BaseVariableWidthVector) target, picks, first, count, targetRow);
    }
    if (pairSource != source) {
      pair = source.makeTransferPair(target);
      pairSource = source;
    }
    for (int i = 0; i < count; i++) {
      pair.copyValueSafe(picks[first + i], targetRow + i);
    }
    return targetRow + count;
  }

  /**
   * Appends the rows {@code [first, first + count)} of {@code source} to the target from its row {@code targetRow}
   * on: a piece's field that holds only its selected rows ({@link FieldReader#readSelected}). Fixed-width values
   * and 32-bit-offset bytes are copied as one block each (the offsets shifted by the bytes before), validity bits
   * a word at a time; other vectors as {@link #append} copies them.
   *
   * @return the target's rows afterwards
   */
  int appendRange(FieldVector source, int first, int count, int targetRow) {
    if (count == 0) {
      return targetRow;
    }
    if (source instanceof BaseFixedWidthVector fixed && fixed.getTypeWidth() > 0) {
      BaseFixedWidthVector to = (BaseFixedWidthVector) target;
      while (to.getValueCapacity() < targetRow + count) {
        to.reAlloc();
      }
      int width = fixed.getTypeWidth();
      checkSourceRows(fixed.getDataBuffer(), first + (long) count, width);
      checkSourceRows(to.getDataBuffer(), targetRow + (long) count, width);
      MemoryUtil.copyMemory(fixed.getDataBuffer().memoryAddress() + (long) width * first,
          to.getDataBuffer().memoryAddress() + (long) width * targetRow, (long) width * count);
      copyValidityRange(source, to.getValidityBuffer(), first, count, targetRow);
      return targetRow + count;
    }
    if (source instanceof BaseVariableWidthVector variable) {
      BaseVariableWidthVector to = (BaseVariableWidthVector) target;
      while (to.getValueCapacity() < targetRow + count) {
        to.reallocValidityAndOffsetBuffers();
      }
      checkSourceRows(variable.getOffsetBuffer(), first + count + 1L, BaseVariableWidthVector.OFFSET_WIDTH);
      long sourceOffsets = variable.getOffsetBuffer().memoryAddress() + 4L * first;
      int start = MemoryUtil.getInt(sourceOffsets);
      int bytes = MemoryUtil.getInt(sourceOffsets + 4L * count) - start;
      long targetOffsets = to.getOffsetBuffer().memoryAddress() + 4L * targetRow;
      int written = MemoryUtil.getInt(targetOffsets);
      while (to.getDataBuffer().capacity() < (long) written + bytes) {
        to.reallocDataBuffer();
      }
      if (variable.getDataBuffer().capacity() < (long) start + bytes) {
        throw new IllegalStateException("a data buffer of " + variable.getDataBuffer().capacity()
            + " bytes cannot hold bytes up to " + ((long) start + bytes));
      }
      MemoryUtil.copyMemory(variable.getDataBuffer().memoryAddress() + start,
          to.getDataBuffer().memoryAddress() + written, bytes);
      int shift = written - start;
      targetOffsets = to.getOffsetBuffer().memoryAddress() + 4L * targetRow;
      for (int i = 1; i <= count; i++) {
        MemoryUtil.putInt(targetOffsets + 4L * i, MemoryUtil.getInt(sourceOffsets + 4L * i) + shift);
      }
      copyValidityRange(source, to.getValidityBuffer(), first, count, targetRow);
      to.setLastSet(targetRow + count - 1);
      return targetRow + count;
    }
    if (identity.length < first + count) {
      identity = new int[first + count];
      for (int i = 0; i < identity.length; i++) {
        identity[i] = i;
      }
    }
    return append(source, identity, first, count, targetRow);
  }

  /** The validity bits of rows {@code [first, first + count)}: all set when the source has no null, else copied. */
  private static void copyValidityRange(FieldVector source, ArrowBuf target, int first, int count, int targetRow) {
    if (target.capacity() < (targetRow + count + 7L) / 8) {
      throw new IllegalStateException("a validity buffer of " + target.capacity() + " bytes cannot hold "
          + (targetRow + count) + " rows");
    }
    if (source.getNullCount() == 0) {
      setRange(target.memoryAddress(), targetRow, count);
      return;
    }
    ArrowBuf from = source.getValidityBuffer();
    if (from.capacity() < (first + count + 7L) / 8) {
      throw new IllegalStateException("a validity buffer of " + from.capacity() + " bytes cannot hold "
          + (first + count) + " rows");
    }
    long fromAddress = from.memoryAddress();
    long toAddress = target.memoryAddress();
    int done = 0;
    // Bit by bit up to the target's byte boundary, then a byte at a time from two source bytes.
    while (done < count && ((targetRow + done) & 7) != 0) {
      setBit(toAddress, targetRow + done, bitAt(fromAddress, first + done));
      done++;
    }
    while (count - done >= 8) {
      int bit = first + done;
      int low = MemoryUtil.getByte(fromAddress + (bit >>> 3)) & 0xFF;
      int shift = bit & 7;
      int value = low >>> shift;
      if (shift != 0) {
        value |= (MemoryUtil.getByte(fromAddress + (bit >>> 3) + 1) & 0xFF) << (8 - shift);
      }
      MemoryUtil.putByte(toAddress + ((targetRow + done) >>> 3), (byte) value);
      done += 8;
    }
    while (done < count) {
      setBit(toAddress, targetRow + done, bitAt(fromAddress, first + done));
      done++;
    }
  }

  /** Fixed-width values, after one capacity check for all of them. */
  private static int gatherFixedWidth(BaseFixedWidthVector source, BaseFixedWidthVector target, int[] picks,
      int first, int count, int targetRow) {
    while (target.getValueCapacity() < targetRow + count) {
      target.reAlloc();
    }
    int width = source.getTypeWidth();
    checkSourceRows(source.getDataBuffer(), picks[first + count - 1] + 1L, width);
    long from = source.getDataBuffer().memoryAddress();
    long to = target.getDataBuffer().memoryAddress() + (long) width * targetRow;
    int end = first + count;
    switch (width) {
      case 4 -> {
        for (int i = first; i < end; i++, to += 4) {
          MemoryUtil.putInt(to, MemoryUtil.getInt(from + 4L * picks[i]));
        }
      }
      case 8 -> {
        for (int i = first; i < end; i++, to += 8) {
          MemoryUtil.putLong(to, MemoryUtil.getLong(from + 8L * picks[i]));
        }
      }
      case 16 -> {
        for (int i = first; i < end; i++, to += 16) {
          long at = from + 16L * picks[i];
          MemoryUtil.putLong(to, MemoryUtil.getLong(at));
          MemoryUtil.putLong(to + 8, MemoryUtil.getLong(at + 8));
        }
      }
      default -> {
        for (int i = first; i < end; i++, to += width) {
          MemoryUtil.copyMemory(from + (long) width * picks[i], to, width);
        }
      }
    }
    gatherValidity(source, target.getValidityBuffer(), picks, first, count, targetRow);
    return targetRow + count;
  }

  /** Booleans: the value bits gathered as the validity bits are. */
  private static int gatherBits(BitVector source, BitVector target, int[] picks, int first, int count,
      int targetRow) {
    while (target.getValueCapacity() < targetRow + count) {
      target.reAlloc();
    }
    gatherBitRange(source.getDataBuffer(), target.getDataBuffer(), picks, first, count, targetRow);
    gatherValidity(source, target.getValidityBuffer(), picks, first, count, targetRow);
    return targetRow + count;
  }

  /**
   * 32-bit-offset values: their lengths summed first, so that the data buffer grows once, then each value's
   * bytes copied (without looking for runs of consecutive rows: that branch is a coin toss on scattered picks).
   */
  private static int gatherVariableWidth(BaseVariableWidthVector source, BaseVariableWidthVector target,
      int[] picks, int first, int count, int targetRow) {
    while (target.getValueCapacity() < targetRow + count) {
      target.reallocValidityAndOffsetBuffers();
    }
    int end = first + count;
    checkSourceRows(source.getOffsetBuffer(), picks[end - 1] + 2L, BaseVariableWidthVector.OFFSET_WIDTH);
    long sourceOffsets = source.getOffsetBuffer().memoryAddress();
    long bytes = 0;
    for (int i = first; i < end; i++) {
      long at = sourceOffsets + 4L * picks[i];
      bytes += MemoryUtil.getInt(at + 4) - MemoryUtil.getInt(at);
    }
    long targetOffsets = target.getOffsetBuffer().memoryAddress() + 4L * targetRow;
    int written = MemoryUtil.getInt(targetOffsets);
    while (target.getDataBuffer().capacity() < written + bytes) {
      target.reallocDataBuffer();
    }
    long sourceData = source.getDataBuffer().memoryAddress();
    long targetData = target.getDataBuffer().memoryAddress();
    for (int i = first; i < end; i++) {
      long at = sourceOffsets + 4L * picks[i];
      int start = MemoryUtil.getInt(at);
      int length = MemoryUtil.getInt(at + 4) - start;
      copy(sourceData + start, targetData + written, length);
      written += length;
      targetOffsets += 4;
      MemoryUtil.putInt(targetOffsets, written);
    }
    gatherValidity(source, target.getValidityBuffer(), picks, first, count, targetRow);
    target.setLastSet(targetRow + count - 1);
    return targetRow + count;
  }

  /** Copies {@code length} bytes: a short value in words and bytes, which costs less than a call to copy it. */
  private static void copy(long from, long to, int length) {
    if (length > 32) {
      MemoryUtil.copyMemory(from, to, length);
      return;
    }
    int at = 0;
    for (; at + 8 <= length; at += 8) {
      MemoryUtil.putLong(to + at, MemoryUtil.getLong(from + at));
    }
    for (; at < length; at++) {
      MemoryUtil.putByte(to + at, MemoryUtil.getByte(from + at));
    }
  }

  /** Checks that {@code buffer} holds {@code rows} slots of {@code width} bytes before reading by address. */
  private static void checkSourceRows(ArrowBuf buffer, long rows, int width) {
    if (buffer.capacity() < rows * width) {
      throw new IllegalStateException("a buffer of " + buffer.capacity() + " bytes cannot hold " + rows
          + " slots of " + width + " bytes");
    }
  }

  /** The validity bits of the picked rows: all set when the source has no null, else gathered. */
  private static void gatherValidity(FieldVector source, ArrowBuf target, int[] picks, int first, int count,
      int targetRow) {
    if (source.getNullCount() == 0) {
      if (target.capacity() < (targetRow + count + 7L) / 8) {
        throw new IllegalStateException("a validity buffer of " + target.capacity() + " bytes cannot hold "
            + (targetRow + count) + " rows");
      }
      setRange(target.memoryAddress(), targetRow, count);
      return;
    }
    gatherBitRange(source.getValidityBuffer(), target, picks, first, count, targetRow);
  }

  /** Sets bits {@code [from, from + count)} at {@code address}. */
  private static void setRange(long address, int from, int count) {
    int bit = from;
    int end = from + count;
    while (bit < end && (bit & 7) != 0) {
      setBit(address, bit++, 1);
    }
    int fullBytes = (end - bit) >>> 3;
    if (fullBytes > 0) {
      MemoryUtil.setMemory(address + (bit >>> 3), fullBytes, (byte) 0xFF);
      bit += fullBytes << 3;
    }
    while (bit < end) {
      setBit(address, bit++, 1);
    }
  }

  /** Copies bit {@code picks[i]} of {@code source} to bit {@code targetRow + i - first} of {@code target}. */
  private static void gatherBitRange(ArrowBuf source, ArrowBuf target, int[] picks, int first, int count,
      int targetRow) {
    int end = first + count;
    if (source.capacity() < (picks[end - 1] + 8L) / 8 || target.capacity() < (targetRow + count + 7L) / 8) {
      throw new IllegalStateException("bit buffers of " + source.capacity() + " and " + target.capacity()
          + " bytes cannot hold rows " + picks[end - 1] + " and " + (targetRow + count - 1));
    }
    long from = source.memoryAddress();
    long to = target.memoryAddress();
    int i = first;
    int bit = targetRow;
    while (i < end && (bit & 7) != 0) {
      setBit(to, bit++, bitAt(from, picks[i++]));
    }
    while (end - i >= 8) {
      int packed = 0;
      for (int k = 0; k < 8; k++) {
        packed |= bitAt(from, picks[i + k]) << k;
      }
      MemoryUtil.putByte(to + (bit >>> 3), (byte) packed);
      i += 8;
      bit += 8;
    }
    while (i < end) {
      setBit(to, bit++, bitAt(from, picks[i++]));
    }
  }

  private static int bitAt(long address, int bit) {
    return (MemoryUtil.getByte(address + (bit >>> 3)) >>> (bit & 7)) & 1;
  }

  private static void setBit(long address, int bit, int value) {
    long at = address + (bit >>> 3);
    int shift = bit & 7;
    MemoryUtil.putByte(at, (byte) ((MemoryUtil.getByte(at) & ~(1 << shift)) | (value << shift)));
  }
}
