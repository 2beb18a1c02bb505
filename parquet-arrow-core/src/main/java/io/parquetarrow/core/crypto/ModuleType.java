package io.parquetarrow.core.crypto;

/**
 * The kinds of module Parquet Modular Encryption encrypts separately, with the one-byte id each contributes to
 * its AAD suffix (spec "4.4.2 AAD suffix"). Only data pages and data page headers carry a page ordinal; the
 * footer carries neither row group nor column ordinal.
 */
public enum ModuleType {
  FOOTER(0),
  COLUMN_META_DATA(1),
  DATA_PAGE(2),
  DICTIONARY_PAGE(3),
  DATA_PAGE_HEADER(4),
  DICTIONARY_PAGE_HEADER(5),
  COLUMN_INDEX(6),
  OFFSET_INDEX(7),
  BLOOM_FILTER_HEADER(8),
  BLOOM_FILTER_BITSET(9);

  private final byte id;

  ModuleType(int id) {
    this.id = (byte) id;
  }

  /** The byte written into the AAD suffix. */
  public byte id() {
    return id;
  }

  /** Whether the module's AAD ends with a page ordinal (data pages and their headers only). */
  public boolean hasPageOrdinal() {
    return this == DATA_PAGE || this == DATA_PAGE_HEADER;
  }
}
