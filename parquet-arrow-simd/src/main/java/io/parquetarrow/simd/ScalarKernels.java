package io.parquetarrow.simd;

/**
 * The scalar reference implementation of {@link ParquetKernels}: plain loops, the behaviour every other
 * implementation is tested against.
 */
public final class ScalarKernels implements ParquetKernels {

  public static final ScalarKernels INSTANCE = new ScalarKernels();

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
    if (bitWidth == 0) {
      java.util.Arrays.fill(output, outputOffset, outputOffset + count, 0);
      return;
    }
    long mask = (1L << bitWidth) - 1;
    long bitPosition = 0;
    for (int i = 0; i < count; i++) {
      int byteIndex = inputOffset + (int) (bitPosition >>> 3);
      int shift = (int) (bitPosition & 7);
      int bytesNeeded = (shift + bitWidth + 7) >>> 3;
      long word = 0;
      for (int b = 0; b < bytesNeeded; b++) {
        word |= (input[byteIndex + b] & 0xFFL) << (8 * b);
      }
      output[outputOffset + i] = (int) ((word >>> shift) & mask);
      bitPosition += bitWidth;
    }
  }

  @Override
  public void unpackLongs(
      byte[] input, int inputOffset, long[] output, int outputOffset, int count, int bitWidth) {
    if (bitWidth == 0) {
      java.util.Arrays.fill(output, outputOffset, outputOffset + count, 0L);
      return;
    }
    long bitPosition = 0;
    for (int i = 0; i < count; i++) {
      long value = 0;
      for (int bit = 0; bit < bitWidth; ) {
        long position = bitPosition + bit;
        int byteIndex = inputOffset + (int) (position >>> 3);
        int shift = (int) (position & 7);
        int take = Math.min(8 - shift, bitWidth - bit);
        long bits = ((input[byteIndex] & 0xFF) >>> shift) & ((1L << take) - 1);
        value |= bits << bit;
        bit += take;
      }
      output[outputOffset + i] = value;
      bitPosition += bitWidth;
    }
  }

  @Override
  public void packInts(int[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset) {
    long[] widened = new long[count];
    for (int i = 0; i < count; i++) {
      widened[i] = input[inputOffset + i] & 0xFFFFFFFFL;
    }
    packLongs(widened, 0, count, bitWidth, output, outputOffset);
  }

  @Override
  public void packLongs(long[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset) {
    int byteCount = (int) (((long) count * bitWidth + 7) >>> 3);
    java.util.Arrays.fill(output, outputOffset, outputOffset + byteCount, (byte) 0);
    long bitPosition = 0;
    for (int i = 0; i < count; i++) {
      long value = input[inputOffset + i];
      for (int bit = 0; bit < bitWidth; ) {
        long position = bitPosition + bit;
        int byteIndex = outputOffset + (int) (position >>> 3);
        int shift = (int) (position & 7);
        int take = Math.min(8 - shift, bitWidth - bit);
        int bits = (int) ((value >>> bit) & ((1L << take) - 1));
        output[byteIndex] |= (byte) (bits << shift);
        bit += take;
      }
      bitPosition += bitWidth;
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
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < width; b++) {
        output[outputOffset + i * width + b] = input[inputOffset + b * streamLength + first + i];
      }
    }
  }

  @Override
  public void byteStreamSplitEncode(
      byte[] input, int inputOffset, int count, int width, byte[] output, int outputOffset) {
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < width; b++) {
        output[outputOffset + b * count + i] = input[inputOffset + i * width + b];
      }
    }
  }

  @Override
  public int levelsToValidity(
      int[] levels, int offset, int count, int maxLevel, byte[] validity, int validityBitOffset) {
    int nulls = 0;
    for (int i = 0; i < count; i++) {
      int bit = validityBitOffset + i;
      int mask = 1 << (bit & 7);
      if (levels[offset + i] == maxLevel) {
        validity[bit >>> 3] |= (byte) mask;
      } else {
        validity[bit >>> 3] &= (byte) ~mask;
        nulls++;
      }
    }
    return nulls;
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
    for (int i = 0; i < count; i++) {
      System.arraycopy(dictionary, indices[offset + i] * width, output, outputOffset + i * width, width);
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
}
