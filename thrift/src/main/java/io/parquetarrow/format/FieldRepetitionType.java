package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * How often a schema field occurs in its parent (parquet.thrift {@code enum FieldRepetitionType}); {@link #VECTOR} marks a fixed-size vector group.
 *
 * <p>Strict: an unknown value in the bytes is a {@link io.parquetarrow.errors.ParquetCorruptionException}.
 */
public enum FieldRepetitionType implements ThriftEnumValue {
  REQUIRED(0),
  OPTIONAL(1),
  REPEATED(2),
  VECTOR(3);

  private static final FieldRepetitionType[] BY_VALUE = new FieldRepetitionType[4];

  static {
    for (FieldRepetitionType constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  FieldRepetitionType(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static FieldRepetitionType findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}; throws IllegalArgumentException when there is none. */
  public static FieldRepetitionType fromValue(int value) {
    FieldRepetitionType constant = findByValue(value);
    if (constant == null) {
      throw new IllegalArgumentException("no FieldRepetitionType has value " + value);
    }
    return constant;
  }
}
