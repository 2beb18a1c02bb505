package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.List;
import java.util.Objects;

/**
 * The page locations of one column chunk, at {@link ColumnChunk#offsetIndexOffset()} (parquet.thrift {@code
 * struct OffsetIndex}); {@code unencodedByteArrayDataBytes} is null when absent.
 */
public record OffsetIndex(List<PageLocation> pageLocations, List<Long> unencodedByteArrayDataBytes) {
  public OffsetIndex {
    pageLocations = FormatSupport.immutable(Objects.requireNonNull(pageLocations, "pageLocations"));
    unencodedByteArrayDataBytes = FormatSupport.immutable(unencodedByteArrayDataBytes);
  }

  public static OffsetIndex read(CompactProtocolReader in) throws ParquetCorruptionException {
    List<PageLocation> pageLocations = null;
    List<Long> unencodedByteArrayDataBytes = null;
    in.readStructBegin("OffsetIndex");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> pageLocations = in.readStructListField(PageLocation::read);
        case 2 -> unencodedByteArrayDataBytes = in.readI64ListField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new OffsetIndex(
        in.require(pageLocations, "OffsetIndex", 1, "page_locations"), unencodedByteArrayDataBytes);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeStructListField(1, pageLocations, (writer, value) -> value.write(writer));
    if (unencodedByteArrayDataBytes != null) {
      out.writeI64ListField(2, unencodedByteArrayDataBytes);
    }
    out.writeStructEnd();
  }

  /** Decodes an OffsetIndex from a slice. */
  public static OffsetIndex decode(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    return read(new CompactProtocolReader(bytes, offset, length));
  }

  /** Encodes this OffsetIndex. */
  public byte[] encode() {
    CompactProtocolWriter out = new CompactProtocolWriter(256);
    write(out);
    return out.toByteArray();
  }
}
