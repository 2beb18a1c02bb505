package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Objects;

/**
 * How many pages of one type use one encoding in a column chunk (parquet.thrift {@code struct
 * PageEncodingStats}). An encoding or page type from a later format version decodes as {@code UNKNOWN}.
 */
public record PageEncodingStats(PageType pageType, Encoding encoding, int count) {
  public PageEncodingStats {
    Objects.requireNonNull(pageType, "pageType");
    Objects.requireNonNull(encoding, "encoding");
  }

  public static PageEncodingStats read(CompactProtocolReader in) throws ParquetCorruptionException {
    PageType pageType = null;
    Encoding encoding = null;
    Integer count = null;
    in.readStructBegin("PageEncodingStats");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> pageType = in.readEnumField(PageType::fromValue);
        case 2 -> encoding = in.readEnumField(Encoding::fromValue);
        case 3 -> count = in.readI32Field();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new PageEncodingStats(
        in.require(pageType, "PageEncodingStats", 1, "page_type"),
        in.require(encoding, "PageEncodingStats", 2, "encoding"),
        in.require(count, "PageEncodingStats", 3, "count"));
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeEnumField(1, pageType);
    out.writeEnumField(2, encoding);
    out.writeI32Field(3, count);
    out.writeStructEnd();
  }
}
