package io.parquetarrow.format;

import io.parquetarrow.thrift.ThriftEnumValue;

/**
 * The kind of a page (parquet.thrift {@code enum PageType}).
 *
 * <p>Forward-compatible: a value added by a later format version decodes as {@link #UNKNOWN} (wire value
 * -1) so that the footer still reads; the layer that needs the value rejects it later. Inside a decoded list
 * the original integer is kept (see {@link io.parquetarrow.thrift.ThriftEnumList}).
 */
public enum PageType implements ThriftEnumValue {
  DATA_PAGE(0),
  INDEX_PAGE(1),
  DICTIONARY_PAGE(2),
  DATA_PAGE_V2(3),
  /** A value this library does not know; see the class comment. */
  UNKNOWN(-1);

  private static final PageType[] BY_VALUE = new PageType[4];

  static {
    for (PageType constant : values()) {
      if (constant.value >= 0) {
        BY_VALUE[constant.value] = constant;
      }
    }
  }

  private final int value;

  PageType(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }

  /** The constant with wire value {@code value}, or null when there is none. */
  public static PageType findByValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }

  /** The constant with wire value {@code value}, or {@link #UNKNOWN} when there is none. */
  public static PageType fromValue(int value) {
    PageType constant = findByValue(value);
    return constant != null ? constant : UNKNOWN;
  }
}
