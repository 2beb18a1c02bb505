package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * Whether the page bounds of a {@link ColumnIndex} are ordered (parquet.thrift {@code enum BoundaryOrder}).
 *
 * <p>Forward-compatible: a value added by a later format version decodes as {@link #UNKNOWN} (wire value
 * -1) so that the footer still reads; the layer that needs the value rejects it later. Inside a decoded list
 * the original integer is kept (see {@link io.parquetarrow.thrift.ThriftEnumList}).
 */
public enum BoundaryOrder implements ThriftEnumValue {
  UNORDERED(0),
  ASCENDING(1),
  DESCENDING(2),
  /** A value this library does not know; see the class comment. */
  UNKNOWN(-1);

  private static final BoundaryOrder[] BY_VALUE = new BoundaryOrder[3];

  static {
    for (BoundaryOrder constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  BoundaryOrder(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static BoundaryOrder findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}, or {@link #UNKNOWN} when there is none. */
  public static BoundaryOrder fromValue(int value) {
    BoundaryOrder constant = findByValue(value);
    return constant != null ? constant : UNKNOWN;
  }
}
