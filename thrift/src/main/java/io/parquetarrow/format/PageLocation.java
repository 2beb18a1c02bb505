package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * Where one data page is, in an {@link OffsetIndex} (parquet.thrift {@code struct PageLocation}):
 * {@code compressedPageSize} includes the page header; {@code firstRowIndex} is relative to the row group.
 */
public record PageLocation(long offset, int compressedPageSize, long firstRowIndex) {
  public static PageLocation read(CompactProtocolReader in) throws ParquetCorruptionException {
    Long offset = null;
    Integer compressedPageSize = null;
    Long firstRowIndex = null;
    in.readStructBegin("PageLocation");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> offset = in.readI64Field();
        case 2 -> compressedPageSize = in.readI32Field();
        case 3 -> firstRowIndex = in.readI64Field();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new PageLocation(
        in.require(offset, "PageLocation", 1, "offset"),
        in.require(compressedPageSize, "PageLocation", 2, "compressed_page_size"),
        in.require(firstRowIndex, "PageLocation", 3, "first_row_index"));
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeI64Field(1, offset);
    out.writeI32Field(2, compressedPageSize);
    out.writeI64Field(3, firstRowIndex);
    out.writeStructEnd();
  }
}
