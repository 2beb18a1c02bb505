package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.List;

/**
 * Statistics of GEOMETRY / GEOGRAPHY columns (parquet.thrift {@code struct GeospatialStatistics}): an optional
 * bounding box and optional list of WKB geometry type codes (null when absent).
 */
public record GeospatialStatistics(BoundingBox bbox, List<Integer> geospatialTypes) {
  public GeospatialStatistics {
    geospatialTypes = FormatSupport.immutable(geospatialTypes);
  }

  public static GeospatialStatistics read(CompactProtocolReader in) throws ParquetCorruptionException {
    BoundingBox bbox = null;
    List<Integer> geospatialTypes = null;
    in.readStructBegin("GeospatialStatistics");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> bbox = in.readStructField(BoundingBox::read);
        case 2 -> geospatialTypes = in.readI32ListField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new GeospatialStatistics(bbox, geospatialTypes);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    if (bbox != null) {
      out.writeStructField(1, bbox, (writer, value) -> value.write(writer));
    }
    if (geospatialTypes != null) {
      out.writeI32ListField(2, geospatialTypes);
    }
    out.writeStructEnd();
  }
}
