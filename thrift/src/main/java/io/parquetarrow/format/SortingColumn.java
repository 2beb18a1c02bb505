package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * One column of a row group's declared sort order (parquet.thrift {@code struct SortingColumn}).
 *
 * @param columnIdx ordinal of the leaf column in the row group
 * @param descending whether the column is sorted in descending order
 * @param nullsFirst whether nulls sort before non-null values
 */
public record SortingColumn(int columnIdx, boolean descending, boolean nullsFirst) {
  public static SortingColumn read(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer columnIdx = null;
    Boolean descending = null;
    Boolean nullsFirst = null;
    in.readStructBegin("SortingColumn");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> columnIdx = in.readI32Field();
        case 2 -> descending = in.readBoolField();
        case 3 -> nullsFirst = in.readBoolField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new SortingColumn(
        in.require(columnIdx, "SortingColumn", 1, "column_idx"),
        in.require(descending, "SortingColumn", 2, "descending"),
        in.require(nullsFirst, "SortingColumn", 3, "nulls_first"));
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeI32Field(1, columnIdx);
    out.writeBoolField(2, descending);
    out.writeBoolField(3, nullsFirst);
    out.writeStructEnd();
  }
}
