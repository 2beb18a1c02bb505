package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * The codec that compresses a column chunk's pages (parquet.thrift {@code enum CompressionCodec}).
 *
 * <p>Forward-compatible: a value added by a later format version decodes as {@link #UNKNOWN} (wire value
 * -1) so that the footer still reads; the layer that needs the value rejects it later. Inside a decoded list
 * the original integer is kept (see {@link io.parquetarrow.thrift.ThriftEnumList}).
 */
public enum CompressionCodec implements ThriftEnumValue {
  UNCOMPRESSED(0),
  SNAPPY(1),
  GZIP(2),
  LZO(3),
  BROTLI(4),
  LZ4(5),
  ZSTD(6),
  LZ4_RAW(7),
  /** A value this library does not know; see the class comment. */
  UNKNOWN(-1);

  private static final CompressionCodec[] BY_VALUE = new CompressionCodec[8];

  static {
    for (CompressionCodec constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  CompressionCodec(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static CompressionCodec findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}, or {@link #UNKNOWN} when there is none. */
  public static CompressionCodec fromValue(int value) {
    CompressionCodec constant = findByValue(value);
    return constant != null ? constant : UNKNOWN;
  }
}
