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

  /**
   * Bytes of one value of the converted type INTERVAL, a FIXED_LEN_BYTE_ARRAY of three little-endian uint32:
   * months, days and milliseconds.
   */
  public static final int INTERVAL_BYTES = 12;

  /** Bytes of one UUID value: a FIXED_LEN_BYTE_ARRAY in big-endian (RFC 4122) byte order. */
  public static final int UUID_BYTES = 16;
}
