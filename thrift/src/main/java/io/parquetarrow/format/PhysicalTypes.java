package io.parquetarrow.format;

/** Widths fixed by the Parquet format for physical types whose schema carries no type_length. */
public final class PhysicalTypes {
  /** Bytes of one INT96 value: nanoseconds of the day (8, little-endian) then the Julian day (4). */
  public static final int INT96_BYTES = 12;

  private PhysicalTypes() {}
}
