package io.parquetarrow.format;

/**
 * Widths that the Parquet format fixes for physical types ({@link Type}), named once so that readers and writers
 * do not repeat the numbers.
 */
public final class PhysicalTypes {
  private PhysicalTypes() {}

  /**
   * Bytes of one INT96 value (parquet.thrift {@code INT96 = 3}, deprecated): nanoseconds of the day as a
   * little-endian int64 followed by the Julian day as a little-endian int32.
   */
  public static final int INT96_BYTES = 12;
}
