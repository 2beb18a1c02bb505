package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * The physical type of a leaf column (parquet.thrift {@code enum Type}).
 *
 * <p>Strict: an unknown value in the bytes is a {@link io.parquetarrow.errors.ParquetCorruptionException}.
 */
public enum Type implements ThriftEnumValue {
  BOOLEAN(0),
  INT32(1),
  INT64(2),
  INT96(3),
  FLOAT(4),
  DOUBLE(5),
  BYTE_ARRAY(6),
  FIXED_LEN_BYTE_ARRAY(7);

  private static final Type[] BY_VALUE = new Type[8];

  static {
    for (Type constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  Type(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static Type findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}; throws IllegalArgumentException when there is none. */
  public static Type fromValue(int value) {
    Type constant = findByValue(value);
    if (constant == null) {
      throw new IllegalArgumentException("no Type has value " + value);
    }
    return constant;
  }
}
