package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.List;

/**
 * Unencoded size and level histograms of a column chunk (parquet.thrift {@code struct SizeStatistics}); all
 * fields optional, null when absent.
 */
public record SizeStatistics(
    Long unencodedByteArrayDataBytes, List<Long> repetitionLevelHistogram, List<Long> definitionLevelHistogram) {
  public SizeStatistics {
    repetitionLevelHistogram = FormatSupport.immutable(repetitionLevelHistogram);
    definitionLevelHistogram = FormatSupport.immutable(definitionLevelHistogram);
  }

  public static SizeStatistics read(CompactProtocolReader in) throws ParquetCorruptionException {
    Long unencodedByteArrayDataBytes = null;
    List<Long> repetitionLevelHistogram = null;
    List<Long> definitionLevelHistogram = null;
    in.readStructBegin("SizeStatistics");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> unencodedByteArrayDataBytes = in.readI64Field();
        case 2 -> repetitionLevelHistogram = in.readI64ListField();
        case 3 -> definitionLevelHistogram = in.readI64ListField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new SizeStatistics(unencodedByteArrayDataBytes, repetitionLevelHistogram, definitionLevelHistogram);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    if (unencodedByteArrayDataBytes != null) {
      out.writeI64Field(1, unencodedByteArrayDataBytes);
    }
    if (repetitionLevelHistogram != null) {
      out.writeI64ListField(2, repetitionLevelHistogram);
    }
    if (definitionLevelHistogram != null) {
      out.writeI64ListField(3, definitionLevelHistogram);
    }
    out.writeStructEnd();
  }
}
