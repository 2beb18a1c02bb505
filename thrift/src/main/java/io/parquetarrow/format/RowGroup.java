package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.List;
import java.util.Objects;

/**
 * One row group of the file (parquet.thrift {@code struct RowGroup}): its column chunks in schema leaf order,
 * sizes and row count. Optional components are null when absent; {@code ordinal} is an i16.
 */
public record RowGroup(
    List<ColumnChunk> columns,
    long totalByteSize,
    long numRows,
    List<SortingColumn> sortingColumns,
    Long fileOffset,
    Long totalCompressedSize,
    Short ordinal) {
  public RowGroup {
    columns = FormatSupport.immutable(Objects.requireNonNull(columns, "columns"));
    sortingColumns = FormatSupport.immutable(sortingColumns);
  }

  public static RowGroup read(CompactProtocolReader in) throws ParquetCorruptionException {
    List<ColumnChunk> columns = null;
    Long totalByteSize = null;
    Long numRows = null;
    List<SortingColumn> sortingColumns = null;
    Long fileOffset = null;
    Long totalCompressedSize = null;
    Short ordinal = null;
    in.readStructBegin("RowGroup");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> columns = in.readStructListField(ColumnChunk::read);
        case 2 -> totalByteSize = in.readI64Field();
        case 3 -> numRows = in.readI64Field();
        case 4 -> sortingColumns = in.readStructListField(SortingColumn::read);
        case 5 -> fileOffset = in.readI64Field();
        case 6 -> totalCompressedSize = in.readI64Field();
        case 7 -> ordinal = in.readI16Field();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new RowGroup(
        in.require(columns, "RowGroup", 1, "columns"),
        in.require(totalByteSize, "RowGroup", 2, "total_byte_size"),
        in.require(numRows, "RowGroup", 3, "num_rows"),
        sortingColumns, fileOffset, totalCompressedSize, ordinal);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeStructListField(1, columns, (writer, value) -> value.write(writer));
    out.writeI64Field(2, totalByteSize);
    out.writeI64Field(3, numRows);
    if (sortingColumns != null) {
      out.writeStructListField(4, sortingColumns, (writer, value) -> value.write(writer));
    }
    if (fileOffset != null) {
      out.writeI64Field(5, fileOffset);
    }
    if (totalCompressedSize != null) {
      out.writeI64Field(6, totalCompressedSize);
    }
    if (ordinal != null) {
      out.writeI16Field(7, ordinal);
    }
    out.writeStructEnd();
  }
}
