package io.parquetarrow.core.write;

/** IEEE 754 half precision, decoded without {@code Float.float16ToFloat} (JDK 20+; we run on 17). */
final class Float16 {
  private Float16() {}

  static float toFloat(byte[] littleEndian, int offset) {
    int bits = (littleEndian[offset] & 0xFF) | (littleEndian[offset + 1] & 0xFF) << 8;
    int sign = bits >>> 15;
    int exponent = (bits >>> 10) & 0x1F;
    int mantissa = bits & 0x3FF;
    float magnitude;
    if (exponent == 0) {
      magnitude = mantissa * 0x1p-24f;
    } else if (exponent == 31) {
      magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else {
      magnitude = (1 + mantissa / 1024f) * (float) Math.pow(2, exponent - 15);
    }
    return sign == 0 ? magnitude : -magnitude;
  }
}
