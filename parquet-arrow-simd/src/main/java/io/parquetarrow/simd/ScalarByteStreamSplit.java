package io.parquetarrow.simd;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The scalar BYTE_STREAM_SPLIT transposes behind {@link ScalarKernels#byteStreamSplitDecode} and
 * {@link ScalarKernels#byteStreamSplitEncode}: {@code width} streams of bytes, byte {@code b} of every value in
 * stream {@code b}, to values and back.
 */
final class ScalarByteStreamSplit {
  private static final VarHandle INT_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LITTLE_ENDIAN =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private ScalarByteStreamSplit() {}

  /**
   * Widths 4 and 8 take 8 values per step: one 8-byte little-endian load per stream makes the rows of a byte
   * matrix (row = stream, column = value), transposed in registers by exchanges of ever smaller blocks between
   * rows (shift, xor, mask: Hacker's Delight 7-3 does it for bits), after which row {@code j} is value
   * {@code j}, with far fewer operations per value than assembling each value byte by byte (decision record 0026);
   * the last {@code count % 8} values are still assembled that way. Other widths go stream by stream.
   */
  static void decode(
      byte[] input, int inputOffset, int streamLength, int width, int first, int count, byte[] output,
      int outputOffset) {
    int start = inputOffset + first;
    switch (width) {
      case 4 -> {
        int i = 0;
        for (; i + 8 <= count; i += 8) {
          int at = start + i;
          long x0 = (long) LONG_LITTLE_ENDIAN.get(input, at);
          long x1 = (long) LONG_LITTLE_ENDIAN.get(input, at + streamLength);
          long x2 = (long) LONG_LITTLE_ENDIAN.get(input, at + 2 * streamLength);
          long x3 = (long) LONG_LITTLE_ENDIAN.get(input, at + 3 * streamLength);
          long t;
          // Two 4 × 4 transposes side by side: the low halves hold values 0-3, the high halves values 4-7.
          t = ((x0 >>> 16) ^ x2) & 0x0000_FFFF_0000_FFFFL;
          x2 ^= t;
          x0 ^= t << 16;
          t = ((x1 >>> 16) ^ x3) & 0x0000_FFFF_0000_FFFFL;
          x3 ^= t;
          x1 ^= t << 16;
          t = ((x0 >>> 8) ^ x1) & 0x00FF_00FF_00FF_00FFL;
          x1 ^= t;
          x0 ^= t << 8;
          t = ((x2 >>> 8) ^ x3) & 0x00FF_00FF_00FF_00FFL;
          x3 ^= t;
          x2 ^= t << 8;
          int out = outputOffset + 4 * i;
          LONG_LITTLE_ENDIAN.set(output, out, (x0 & 0xFFFF_FFFFL) | x1 << 32);
          LONG_LITTLE_ENDIAN.set(output, out + 8, (x2 & 0xFFFF_FFFFL) | x3 << 32);
          LONG_LITTLE_ENDIAN.set(output, out + 16, x0 >>> 32 | (x1 & 0xFFFF_FFFF_0000_0000L));
          LONG_LITTLE_ENDIAN.set(output, out + 24, x2 >>> 32 | (x3 & 0xFFFF_FFFF_0000_0000L));
        }
        for (; i < count; i++) {
          int at = start + i;
          int value = (input[at] & 0xFF)
              | (input[at + streamLength] & 0xFF) << 8
              | (input[at + 2 * streamLength] & 0xFF) << 16
              | (input[at + 3 * streamLength] & 0xFF) << 24;
          INT_LITTLE_ENDIAN.set(output, outputOffset + 4 * i, value);
        }
      }
      case 8 -> {
        int i = 0;
        for (; i + 8 <= count; i += 8) {
          int at = start + i;
          long x0 = (long) LONG_LITTLE_ENDIAN.get(input, at);
          long x1 = (long) LONG_LITTLE_ENDIAN.get(input, at + streamLength);
          long x2 = (long) LONG_LITTLE_ENDIAN.get(input, at + 2 * streamLength);
          long x3 = (long) LONG_LITTLE_ENDIAN.get(input, at + 3 * streamLength);
          long x4 = (long) LONG_LITTLE_ENDIAN.get(input, at + 4 * streamLength);
          long x5 = (long) LONG_LITTLE_ENDIAN.get(input, at + 5 * streamLength);
          long x6 = (long) LONG_LITTLE_ENDIAN.get(input, at + 6 * streamLength);
          long x7 = (long) LONG_LITTLE_ENDIAN.get(input, at + 7 * streamLength);
          long t;
          t = ((x0 >>> 32) ^ x4) & 0x0000_0000_FFFF_FFFFL;
          x4 ^= t;
          x0 ^= t << 32;
          t = ((x1 >>> 32) ^ x5) & 0x0000_0000_FFFF_FFFFL;
          x5 ^= t;
          x1 ^= t << 32;
          t = ((x2 >>> 32) ^ x6) & 0x0000_0000_FFFF_FFFFL;
          x6 ^= t;
          x2 ^= t << 32;
          t = ((x3 >>> 32) ^ x7) & 0x0000_0000_FFFF_FFFFL;
          x7 ^= t;
          x3 ^= t << 32;
          t = ((x0 >>> 16) ^ x2) & 0x0000_FFFF_0000_FFFFL;
          x2 ^= t;
          x0 ^= t << 16;
          t = ((x1 >>> 16) ^ x3) & 0x0000_FFFF_0000_FFFFL;
          x3 ^= t;
          x1 ^= t << 16;
          t = ((x4 >>> 16) ^ x6) & 0x0000_FFFF_0000_FFFFL;
          x6 ^= t;
          x4 ^= t << 16;
          t = ((x5 >>> 16) ^ x7) & 0x0000_FFFF_0000_FFFFL;
          x7 ^= t;
          x5 ^= t << 16;
          t = ((x0 >>> 8) ^ x1) & 0x00FF_00FF_00FF_00FFL;
          x1 ^= t;
          x0 ^= t << 8;
          t = ((x2 >>> 8) ^ x3) & 0x00FF_00FF_00FF_00FFL;
          x3 ^= t;
          x2 ^= t << 8;
          t = ((x4 >>> 8) ^ x5) & 0x00FF_00FF_00FF_00FFL;
          x5 ^= t;
          x4 ^= t << 8;
          t = ((x6 >>> 8) ^ x7) & 0x00FF_00FF_00FF_00FFL;
          x7 ^= t;
          x6 ^= t << 8;
          int out = outputOffset + 8 * i;
          LONG_LITTLE_ENDIAN.set(output, out, x0);
          LONG_LITTLE_ENDIAN.set(output, out + 8, x1);
          LONG_LITTLE_ENDIAN.set(output, out + 16, x2);
          LONG_LITTLE_ENDIAN.set(output, out + 24, x3);
          LONG_LITTLE_ENDIAN.set(output, out + 32, x4);
          LONG_LITTLE_ENDIAN.set(output, out + 40, x5);
          LONG_LITTLE_ENDIAN.set(output, out + 48, x6);
          LONG_LITTLE_ENDIAN.set(output, out + 56, x7);
        }
        for (; i < count; i++) {
          int at = start + i;
          long low = (input[at] & 0xFFL)
              | (input[at + streamLength] & 0xFFL) << 8
              | (input[at + 2 * streamLength] & 0xFFL) << 16
              | (input[at + 3 * streamLength] & 0xFFL) << 24;
          long high = (input[at + 4 * streamLength] & 0xFFL)
              | (input[at + 5 * streamLength] & 0xFFL) << 8
              | (input[at + 6 * streamLength] & 0xFFL) << 16
              | (input[at + 7 * streamLength] & 0xFFL) << 24;
          LONG_LITTLE_ENDIAN.set(output, outputOffset + 8 * i, low | high << 32);
        }
      }
      default -> {
        // Stream by stream: each pass reads one stream sequentially, the writes stride by the width.
        for (int b = 0; b < width; b++) {
          int stream = start + b * streamLength;
          for (int i = 0, at = outputOffset + b; i < count; i++, at += width) {
            output[at] = input[stream + i];
          }
        }
      }
    }
  }

  static void encode(
      byte[] input, int inputOffset, int count, int width, byte[] output, int outputOffset) {
    for (int i = 0; i < count; i++) {
      for (int b = 0; b < width; b++) {
        output[outputOffset + b * count + i] = input[inputOffset + i * width + b];
      }
    }
  }
}
