package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * How the edges of a GEOGRAPHY value are interpolated (parquet.thrift {@code enum EdgeInterpolationAlgorithm}).
 *
 * <p>Forward-compatible: a value added by a later format version decodes as {@link #UNKNOWN} (wire value
 * -1) so that the footer still reads; the layer that needs the value rejects it later. Inside a decoded list
 * the original integer is kept (see {@link io.parquetarrow.thrift.ThriftEnumList}).
 */
public enum EdgeInterpolationAlgorithm implements ThriftEnumValue {
  SPHERICAL(0),
  VINCENTY(1),
  THOMAS(2),
  ANDOYER(3),
  KARNEY(4),
  /** A value this library does not know; see the class comment. */
  UNKNOWN(-1);

  private static final EdgeInterpolationAlgorithm[] BY_VALUE = new EdgeInterpolationAlgorithm[5];

  static {
    for (EdgeInterpolationAlgorithm constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  EdgeInterpolationAlgorithm(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static EdgeInterpolationAlgorithm findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}, or {@link #UNKNOWN} when there is none. */
  public static EdgeInterpolationAlgorithm fromValue(int value) {
    EdgeInterpolationAlgorithm constant = findByValue(value);
    return constant != null ? constant : UNKNOWN;
  }
}
