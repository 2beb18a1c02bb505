package io.parquetarrow.simd;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The scalar reference implementation of {@link ParquetKernels}: plain Java loops, the behaviour every other
 * implementation is tested against and the fallback {@link KernelProvider} picks when the Vector API is absent
 * or would not pay off. Bit unpacking and packing run through the generated, unrolled {@link IntBitPacking} and
 * {@link LongBitPacking} (8 values per step) and finish the last partial block bit by bit.
 */
public final class ScalarKernels implements ParquetKernels {

  /** The one instance; the class holds no state. */
  public static final ScalarKernels INSTANCE = new ScalarKernels();

  private static final VarHandle SHORT_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final VarHandle LONG_NATIVE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  private ScalarKernels() {}

  @Override
  public String name() {
    return "scalar";
  }

  @Override
  public int vectorBitSize() {
    return 0;
  }

  @Override
  public void unpackInts(byte[] input, int inputOffset, int[] output, int outputOffset, int count, int bitWidth) {
    int blocks = count >>> 3;
    IntBitPacking.unpack(input, inputOffset, output, outputOffset, blocks, bitWidth);
    int done = blocks << 3;
    if (done < count) {
      unpackTail(input, inputOffset + blocks * bitWidth, output, outputOffset + done, count - done, bitWidth);
    }
  }

  @Override
  public void unpackLongs(
      byte[] input, int inputOffset, long[] output, int outputOffset, int count, int bitWidth) {
    int blocks = count >>> 3;
    LongBitPacking.unpack(input, inputOffset, output, outputOffset, blocks, bitWidth);
    int done = blocks << 3;
    if (done < count) {
      unpackTail(input, inputOffset + blocks * bitWidth, output, outputOffset + done, count - done, bitWidth);
    }
  }

  @Override
  public void packInts(int[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset) {
    int blocks = count >>> 3;
    IntBitPacking.pack(input, inputOffset, output, outputOffset, blocks, bitWidth);
    int done = blocks << 3;
    if (done < count) {
      long[] tail = new long[count - done];
      for (int i = 0; i < tail.length; i++) {
        tail[i] = input[inputOffset + done + i] & 0xFFFFFFFFL;
      }
      packTail(tail, 0, tail.length, bitWidth, output, outputOffset + blocks * bitWidth);
    }
  }

  @Override
  public void packLongs(long[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset) {
    int blocks = count >>> 3;
    LongBitPacking.pack(input, inputOffset, output, outputOffset, blocks, bitWidth);
    int done = blocks << 3;
    if (done < count) {
      packTail(input, inputOffset + done, count - done, bitWidth, output, outputOffset + blocks * bitWidth);
    }
  }

  /**
   * The last partial block (fewer than 8 values), bit by bit. It reads only the bytes that hold its values, so
   * {@code ceil(count * bitWidth / 8)} in total, never the padding a whole block would need.
   */
  private static void unpackTail(byte[] input, int inputOffset, int[] output, int outputOffset, int count,
      int bitWidth) {
    for (int i = 0; i < count; i++) {
      output[outputOffset + i] = (int) readBits(input, inputOffset, (long) i * bitWidth, bitWidth);
    }
  }

  private static void unpackTail(byte[] input, int inputOffset, long[] output, int outputOffset, int count,
      int bitWidth) {
    for (int i = 0; i < count; i++) {
      output[outputOffset + i] = readBits(input, inputOffset, (long) i * bitWidth, bitWidth);
    }
  }

  private static long readBits(byte[] input, int inputOffset, long bitPosition, int bitWidth) {
    long value = 0;
    for (int bit = 0; bit < bitWidth; ) {
      long position = bitPosition + bit;
      int shift = (int) (position & 7);
      int take = Math.min(8 - shift, bitWidth - bit);
      long bits = ((input[inputOffset + (int) (position >>> 3)] & 0xFF) >>> shift) & ((1L << take) - 1);
      value |= bits << bit;
      bit += take;
    }
    return value;
  }

  private static void packTail(long[] input, int inputOffset, int count, int bitWidth, byte[] output,
      int outputOffset) {
    int byteCount = (count * bitWidth + 7) >>> 3;
    Arrays.fill(output, outputOffset, outputOffset + byteCount, (byte) 0);
    for (int i = 0; i < count; i++) {
      long value = input[inputOffset + i];
      long bitPosition = (long) i * bitWidth;
      for (int bit = 0; bit < bitWidth; ) {
        long position = bitPosition + bit;
        int shift = (int) (position & 7);
        int take = Math.min(8 - shift, bitWidth - bit);
        int bits = (int) ((value >>> bit) & ((1L << take) - 1));
        output[outputOffset + (int) (position >>> 3)] |= (byte) (bits << shift);
        bit += take;
      }
    }
  }

  @Override
  public int deltaPrefixSumInts(int[] values, int offset, int count, int minDelta, int previous) {
    int value = previous;
    for (int i = offset, end = offset + count; i < end; i++) {
      value += minDelta + values[i];
      values[i] = value;
    }
    return value;
  }

  @Override
  public long deltaPrefixSumLongs(long[] values, int offset, int count, long minDelta, long previous) {
    long value = previous;
    for (int i = offset, end = offset + count; i < end; i++) {
      value += minDelta + values[i];
      values[i] = value;
    }
    return value;
  }

  @Override
  public void byteStreamSplitDecode(
      byte[] input, int inputOffset, int streamLength, int width, int first, int count, byte[] output,
      int outputOffset) {
    ScalarByteStreamSplit.decode(input, inputOffset, streamLength, width, first, count, output, outputOffset);
  }

  @Override
  public void byteStreamSplitEncode(
      byte[] input, int inputOffset, int count, int width, byte[] output, int outputOffset) {
    ScalarByteStreamSplit.encode(input, inputOffset, count, width, output, outputOffset);
  }

  @Override
  public int levelsToValidity(
      int[] levels, int offset, int count, int maxLevel, byte[] validity, int validityBitOffset) {
    int i = 0;
    int nulls = 0;
    // Bits before the first whole byte, one at a time (the byte's other bits belong to someone else).
    for (; i < count && ((validityBitOffset + i) & 7) != 0; i++) {
      nulls += setValidityBit(levels[offset + i] == maxLevel, validity, validityBitOffset + i);
    }
    // Whole bytes: build each in a register and store it once.
    for (; i + 8 <= count; i += 8) {
      int bits = 0;
      for (int b = 0; b < 8; b++) {
        bits |= (levels[offset + i + b] == maxLevel ? 1 : 0) << b;
      }
      validity[(validityBitOffset + i) >>> 3] = (byte) bits;
      nulls += 8 - Integer.bitCount(bits);
    }
    for (; i < count; i++) {
      nulls += setValidityBit(levels[offset + i] == maxLevel, validity, validityBitOffset + i);
    }
    return nulls;
  }

  /** Sets or clears one bit; returns 1 when it was cleared (a null), else 0. */
  static int setValidityBit(boolean valid, byte[] validity, int bit) {
    int mask = 1 << (bit & 7);
    if (valid) {
      validity[bit >>> 3] |= (byte) mask;
      return 0;
    }
    validity[bit >>> 3] &= (byte) ~mask;
    return 1;
  }

  @Override
  public void validityToLevels(
      byte[] validity, int validityBitOffset, int count, int maxLevel, int[] levels, int offset) {
    for (int i = 0; i < count; i++) {
      int bit = validityBitOffset + i;
      boolean set = (validity[bit >>> 3] & (1 << (bit & 7))) != 0;
      levels[offset + i] = set ? maxLevel : maxLevel - 1;
    }
  }

  @Override
  public int nodeValidity(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, byte[] validity) {
    int end = offset + count;
    int slot = 0;
    int bits = 0;
    if (repetitionLevels == null) {
      for (int i = offset; i < end; i++) {
        int level = definitionLevels[i];
        if (level >= slotDefinitionLevel) {
          bits |= (level >= definitionLevel ? 1 : 0) << (slot & 7);
          slot++;
          if ((slot & 7) == 0) {
            validity[(slot >>> 3) - 1] = (byte) bits;
            bits = 0;
          }
        }
      }
    } else {
      for (int i = offset; i < end; i++) {
        int level = definitionLevels[i];
        if (repetitionLevels[i] <= slotRepetitionLevel && level >= slotDefinitionLevel) {
          bits |= (level >= definitionLevel ? 1 : 0) << (slot & 7);
          slot++;
          if ((slot & 7) == 0) {
            validity[(slot >>> 3) - 1] = (byte) bits;
            bits = 0;
          }
        }
      }
    }
    if ((slot & 7) != 0) {
      validity[slot >>> 3] = (byte) bits;
    }
    return slot;
  }

  /**
   * A branch on the slot test, not a branch-free loop: writing every entry's would-be offset and bit costs more
   * stores than the mispredictions it saves on list levels (decision record 0032).
   */
  @Override
  public int nodeValidityAndOffsets(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, int elementDefinitionLevel,
      int repetitionLevel, byte[] validity, int[] offsets) {
    int end = offset + count;
    int slot = 0;
    int bits = 0;
    int elements = 0;
    for (int i = offset; i < end; i++) {
      int level = definitionLevels[i];
      int repetition = repetitionLevels[i];
      if (repetition <= slotRepetitionLevel && level >= slotDefinitionLevel) {
        offsets[slot] = elements;
        bits |= (level >= definitionLevel ? 1 : 0) << (slot & 7);
        slot++;
        if ((slot & 7) == 0) {
          validity[(slot >>> 3) - 1] = (byte) bits;
          bits = 0;
        }
      }
      // Branch-free: the element test is true for most entries of long lists.
      elements += (repetition <= repetitionLevel & level >= elementDefinitionLevel) ? 1 : 0;
    }
    if ((slot & 7) != 0) {
      validity[slot >>> 3] = (byte) bits;
    }
    offsets[slot] = elements;
    return slot;
  }

  @Override
  public int valueSlots(int[] definitionLevels, int offset, int count, int slotDefinitionLevel,
      int maxDefinitionLevel, int[] valueSlots) {
    int end = offset + count;
    int slot = 0;
    int values = 0;
    for (int i = offset; i < end; i++) {
      int level = definitionLevels[i];
      if (level >= slotDefinitionLevel) {
        // Written unconditionally, kept only when it is a value: avoids an unpredictable branch on nulls.
        valueSlots[values] = slot;
        values += level == maxDefinitionLevel ? 1 : 0;
        slot++;
      }
    }
    return values;
  }

  @Override
  public int countEqual(int[] levels, int offset, int count, int level) {
    int equal = 0;
    for (int i = offset, end = offset + count; i < end; i++) {
      equal += levels[i] == level ? 1 : 0;
    }
    return equal;
  }

  @Override
  public int countSetBits(byte[] bitmap, int bitCount) {
    int whole = bitCount >>> 3;
    int set = 0;
    int i = 0;
    for (; i + 8 <= whole; i += 8) {
      set += Long.bitCount((long) LONG_LITTLE_ENDIAN.get(bitmap, i));
    }
    for (; i < whole; i++) {
      set += Integer.bitCount(bitmap[i] & 0xFF);
    }
    int rest = bitCount & 7;
    if (rest != 0) {
      set += Integer.bitCount(bitmap[whole] & ((1 << rest) - 1));
    }
    return set;
  }

  @Override
  public int maxUnsigned(int[] values, int offset, int count) {
    int max = 0;
    for (int i = offset, end = offset + count; i < end; i++) {
      if (Integer.compareUnsigned(values[i], max) > 0) {
        max = values[i];
      }
    }
    return max;
  }

  @Override
  public void gatherInts(int[] dictionary, int[] indices, int offset, int count, int[] output, int outputOffset) {
    for (int i = 0; i < count; i++) {
      output[outputOffset + i] = dictionary[indices[offset + i]];
    }
  }

  @Override
  public void gatherLongs(
      long[] dictionary, int[] indices, int offset, int count, long[] output, int outputOffset) {
    for (int i = 0; i < count; i++) {
      output[outputOffset + i] = dictionary[indices[offset + i]];
    }
  }

  @Override
  public void gatherFixed(
      byte[] dictionary, int width, int[] indices, int offset, int count, byte[] output, int outputOffset) {
    // Fixed widths copy through int/long views: one load and store per 4 or 8 bytes instead of an arraycopy
    // call per entry.
    switch (width) {
      case 4 -> {
        for (int i = 0; i < count; i++) {
          INT_LITTLE_ENDIAN.set(output, outputOffset + 4 * i,
              (int) INT_LITTLE_ENDIAN.get(dictionary, 4 * indices[offset + i]));
        }
      }
      case 8 -> {
        for (int i = 0; i < count; i++) {
          LONG_LITTLE_ENDIAN.set(output, outputOffset + 8 * i,
              (long) LONG_LITTLE_ENDIAN.get(dictionary, 8 * indices[offset + i]));
        }
      }
      case 16 -> {
        for (int i = 0; i < count; i++) {
          int from = 16 * indices[offset + i];
          int to = outputOffset + 16 * i;
          LONG_LITTLE_ENDIAN.set(output, to, (long) LONG_LITTLE_ENDIAN.get(dictionary, from));
          LONG_LITTLE_ENDIAN.set(output, to + 8, (long) LONG_LITTLE_ENDIAN.get(dictionary, from + 8));
        }
      }
      case 1 -> {
        for (int i = 0; i < count; i++) {
          output[outputOffset + i] = dictionary[indices[offset + i]];
        }
      }
      default -> {
        if (width < 16) {
          gatherFixedOverlapping(dictionary, width, indices, offset, count, output, outputOffset);
        } else {
          for (int i = 0; i < count; i++) {
            System.arraycopy(dictionary, indices[offset + i] * width, output, outputOffset + i * width, width);
          }
        }
      }
    }
  }

  /**
   * gatherFixed for the widths 2-15 other than 4 and 8 (FIXED_LEN_BYTE_ARRAY decimals are 1-16 bytes: Arrow C++
   * writes decimal(15, 2) as 7): each entry as two loads and stores of the widest word that fits, the second
   * ending at the entry's last byte, so they overlap and cover exactly its bytes (nothing read or written outside
   * the entry), where an {@code arraycopy} per entry pays a call for a few bytes (decision record 0024). The three
   * loops differ in the word type, which a {@code VarHandle} access must name exactly.
   */
  private static void gatherFixedOverlapping(
      byte[] dictionary, int width, int[] indices, int offset, int count, byte[] output, int outputOffset) {
    if (width < 4) {
      int last = width - 2;
      for (int i = 0; i < count; i++) {
        int from = width * indices[offset + i];
        int to = outputOffset + width * i;
        short first = (short) SHORT_LITTLE_ENDIAN.get(dictionary, from);
        short end = (short) SHORT_LITTLE_ENDIAN.get(dictionary, from + last);
        SHORT_LITTLE_ENDIAN.set(output, to, first);
        SHORT_LITTLE_ENDIAN.set(output, to + last, end);
      }
    } else if (width < 8) {
      int last = width - 4;
      for (int i = 0; i < count; i++) {
        int from = width * indices[offset + i];
        int to = outputOffset + width * i;
        int first = (int) INT_LITTLE_ENDIAN.get(dictionary, from);
        int end = (int) INT_LITTLE_ENDIAN.get(dictionary, from + last);
        INT_LITTLE_ENDIAN.set(output, to, first);
        INT_LITTLE_ENDIAN.set(output, to + last, end);
      }
    } else {
      int last = width - 8;
      for (int i = 0; i < count; i++) {
        int from = width * indices[offset + i];
        int to = outputOffset + width * i;
        long first = (long) LONG_LITTLE_ENDIAN.get(dictionary, from);
        long end = (long) LONG_LITTLE_ENDIAN.get(dictionary, from + last);
        LONG_LITTLE_ENDIAN.set(output, to, first);
        LONG_LITTLE_ENDIAN.set(output, to + last, end);
      }
    }
  }

  @Override
  public long gatherBinaryOffsets(
      int[] dictionaryOffsets, int[] indices, int offset, int count, int[] outputOffsets, int outputIndex) {
    long end = outputOffsets[outputIndex];
    for (int i = 0; i < count; i++) {
      int index = indices[offset + i];
      end += dictionaryOffsets[index + 1] - dictionaryOffsets[index];
      outputOffsets[outputIndex + i + 1] = (int) end;
    }
    return end;
  }

  @Override
  public int gatherBinaryData(
      byte[] dictionaryData, int[] dictionaryOffsets, int[] indices, int offset, int count, byte[] output,
      int outputOffset) {
    int position = outputOffset;
    for (int i = 0; i < count; i++) {
      int index = indices[offset + i];
      int start = dictionaryOffsets[index];
      int length = dictionaryOffsets[index + 1] - start;
      System.arraycopy(dictionaryData, start, output, position, length);
      position += length;
    }
    return position;
  }

  /**
   * Two, four or eight 8-byte words by the value's length. A branch on the length mispredicts on columns whose
   * lengths vary at random, but eight words always cost more on columns of one length; the vector kernels avoid
   * both (decision record 0025).
   */
  @Override
  public void copyShortValue(
      byte[] source, int sourceOffset, byte[] destination, int destinationOffset, int length) {
    LONG_NATIVE.set(destination, destinationOffset, (long) LONG_NATIVE.get(source, sourceOffset));
    LONG_NATIVE.set(destination, destinationOffset + 8, (long) LONG_NATIVE.get(source, sourceOffset + 8));
    if (length > 16) {
      LONG_NATIVE.set(destination, destinationOffset + 16, (long) LONG_NATIVE.get(source, sourceOffset + 16));
      LONG_NATIVE.set(destination, destinationOffset + 24, (long) LONG_NATIVE.get(source, sourceOffset + 24));
      if (length > 32) {
        LONG_NATIVE.set(destination, destinationOffset + 32, (long) LONG_NATIVE.get(source, sourceOffset + 32));
        LONG_NATIVE.set(destination, destinationOffset + 40, (long) LONG_NATIVE.get(source, sourceOffset + 40));
        LONG_NATIVE.set(destination, destinationOffset + 48, (long) LONG_NATIVE.get(source, sourceOffset + 48));
        LONG_NATIVE.set(destination, destinationOffset + 56, (long) LONG_NATIVE.get(source, sourceOffset + 56));
      }
    }
  }
}
