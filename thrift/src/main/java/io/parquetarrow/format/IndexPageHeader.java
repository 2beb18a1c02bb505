package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/** The (empty, never specified) header of an index page (parquet.thrift {@code struct IndexPageHeader}). */
public record IndexPageHeader() {
  public static IndexPageHeader read(CompactProtocolReader in) throws ParquetCorruptionException {
    FormatSupport.readEmptyStruct(in, "IndexPageHeader");
    return new IndexPageHeader();
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeStructEnd();
  }
}
