package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * The deprecated annotation superseded by {@link LogicalType} (parquet.thrift {@code enum ConvertedType}; the IDL says it will not be extended, so an unknown value is corruption).
 *
 * <p>Strict: an unknown value in the bytes is a {@link io.parquetarrow.errors.ParquetCorruptionException}.
 */
public enum ConvertedType implements ThriftEnumValue {
  UTF8(0),
  MAP(1),
  MAP_KEY_VALUE(2),
  LIST(3),
  ENUM(4),
  DECIMAL(5),
  DATE(6),
  TIME_MILLIS(7),
  TIME_MICROS(8),
  TIMESTAMP_MILLIS(9),
  TIMESTAMP_MICROS(10),
  UINT_8(11),
  UINT_16(12),
  UINT_32(13),
  UINT_64(14),
  INT_8(15),
  INT_16(16),
  INT_32(17),
  INT_64(18),
  JSON(19),
  BSON(20),
  INTERVAL(21);

  private static final ConvertedType[] BY_VALUE = new ConvertedType[22];

  static {
    for (ConvertedType constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  ConvertedType(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static ConvertedType findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}; throws IllegalArgumentException when there is none. */
  public static ConvertedType fromValue(int value) {
    ConvertedType constant = findByValue(value);
    if (constant == null) {
      throw new IllegalArgumentException("no ConvertedType has value " + value);
    }
    return constant;
  }
}
