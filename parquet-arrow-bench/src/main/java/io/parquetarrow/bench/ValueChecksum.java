package io.parquetarrow.bench;

/**
 * An engine-independent fingerprint of a file's values, so the side-by-side runner can show that every engine
 * read the same data: each engine feeds it the leaf values it materialised, in the terms of the Parquet physical
 * type, whatever its own in-memory representation is.
 *
 * <p>Counted are the rows and, over every <em>present</em> leaf value (definition level equal to the column's
 * maximum: not null and not under a null or empty parent), the value count, the wrapping sum of integers
 * (INT32/INT64, including dates, and the unscaled value of decimals whatever their physical type: a decimal in a
 * FIXED_LEN_BYTE_ARRAY counts as its value, not as bytes, see {@link #unscaledLowBits}), the wrapping sum of
 * {@code Double.doubleToRawLongBits} of floating-point values (floats widened to double), the number of true
 * booleans, and for byte arrays their total length plus the sum of their first bytes (unsigned), which catches an
 * offset that is off by one. Order does not matter, so an engine may read row groups in parallel.
 *
 * <p>Not thread-safe; combine per-thread instances with {@link #add(ValueChecksum)}.
 */
public final class ValueChecksum {
  private long rows;
  private long values;
  private long integerSum;
  private long floatingBitsSum;
  private long byteCount;
  private long firstByteSum;

  public void addRows(long count) {
    rows += count;
  }

  public void addInteger(long value) {
    values++;
    integerSum += value;
  }

  /** Adds {@code count} integers whose sum is {@code sum}, for engines that sum a whole batch at once. */
  public void addIntegers(long count, long sum) {
    values += count;
    integerSum += sum;
  }

  public void addDouble(double value) {
    values++;
    floatingBitsSum += Double.doubleToRawLongBits(value);
  }

  public void addBoolean(boolean value) {
    values++;
    integerSum += value ? 1 : 0;
  }

  /** Adds a byte array of {@code length} bytes whose first byte is {@code firstByte} (ignored when empty). */
  public void addBinary(int length, byte firstByte) {
    values++;
    byteCount += length;
    if (length > 0) {
      firstByteSum += firstByte & 0xFF;
    }
  }

  /**
   * The low 64 bits of a big-endian two's complement integer (a Parquet decimal stored as bytes), sign-extended
   * when shorter than eight bytes: equal to the unscaled value whenever that fits in a long.
   */
  public static long unscaledLowBits(byte[] bytes, int offset, int length) {
    if (length == 0) {
      return 0;
    }
    long value = bytes[offset] < 0 ? -1L : 0L;
    for (int index = Math.max(0, length - 8); index < length; index++) {
      value = (value << 8) | (bytes[offset + index] & 0xFF);
    }
    return value;
  }

  public void add(ValueChecksum other) {
    rows += other.rows;
    values += other.values;
    integerSum += other.integerSum;
    floatingBitsSum += other.floatingBitsSum;
    byteCount += other.byteCount;
    firstByteSum += other.firstByteSum;
  }

  public long rows() {
    return rows;
  }

  public long values() {
    return values;
  }

  public long byteCount() {
    return byteCount;
  }

  /** One number mixing every component, for a short column in a table. */
  public long digest() {
    long hash = 0x9E3779B97F4A7C15L;
    for (long component : new long[] {rows, values, integerSum, floatingBitsSum, byteCount, firstByteSum}) {
      hash = Long.rotateLeft(hash ^ component, 27) * 0x94D049BB133111EBL;
    }
    return hash;
  }

  /** True when every component equals {@code other}'s. */
  public boolean matches(ValueChecksum other) {
    return rows == other.rows && values == other.values && integerSum == other.integerSum
        && floatingBitsSum == other.floatingBitsSum && byteCount == other.byteCount
        && firstByteSum == other.firstByteSum;
  }

  @Override
  public String toString() {
    return String.format("rows=%d values=%d integers=%d floatingBits=%d bytes=%d firstBytes=%d digest=%016x",
        rows, values, integerSum, floatingBitsSum, byteCount, firstByteSum, digest());
  }
}
