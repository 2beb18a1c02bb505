package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * A value or level encoding (parquet.thrift {@code enum Encoding}); value 1 (GROUP_VAR_INT) was never used and reads as {@link #UNKNOWN}.
 *
 * <p>Forward-compatible: a value added by a later format version decodes as {@link #UNKNOWN} (wire value
 * -1) so that the footer still reads; the layer that needs the value rejects it later. Inside a decoded list
 * the original integer is kept (see {@link io.parquetarrow.thrift.ThriftEnumList}).
 */
public enum Encoding implements ThriftEnumValue {
  PLAIN(0),
  PLAIN_DICTIONARY(2),
  RLE(3),
  BIT_PACKED(4),
  DELTA_BINARY_PACKED(5),
  DELTA_LENGTH_BYTE_ARRAY(6),
  DELTA_BYTE_ARRAY(7),
  RLE_DICTIONARY(8),
  BYTE_STREAM_SPLIT(9),
  /** A value this library does not know; see the class comment. */
  UNKNOWN(-1);

  private static final Encoding[] BY_VALUE = new Encoding[10];

  static {
    for (Encoding constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  Encoding(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static Encoding findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}, or {@link #UNKNOWN} when there is none. */
  public static Encoding fromValue(int value) {
    Encoding constant = findByValue(value);
    return constant != null ? constant : UNKNOWN;
  }
}
