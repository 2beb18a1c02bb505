package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * The bounding box of GEOMETRY / GEOGRAPHY values in a column chunk (parquet.thrift {@code struct
 * BoundingBox}): x and y bounds required, z and m bounds optional (null when absent).
 */
public record BoundingBox(
    double xmin, double xmax, double ymin, double ymax, Double zmin, Double zmax, Double mmin, Double mmax) {
  public static BoundingBox read(CompactProtocolReader in) throws ParquetCorruptionException {
    Double xmin = null;
    Double xmax = null;
    Double ymin = null;
    Double ymax = null;
    Double zmin = null;
    Double zmax = null;
    Double mmin = null;
    Double mmax = null;
    in.readStructBegin("BoundingBox");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> xmin = in.readDoubleField();
        case 2 -> xmax = in.readDoubleField();
        case 3 -> ymin = in.readDoubleField();
        case 4 -> ymax = in.readDoubleField();
        case 5 -> zmin = in.readDoubleField();
        case 6 -> zmax = in.readDoubleField();
        case 7 -> mmin = in.readDoubleField();
        case 8 -> mmax = in.readDoubleField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new BoundingBox(
        in.require(xmin, "BoundingBox", 1, "xmin"),
        in.require(xmax, "BoundingBox", 2, "xmax"),
        in.require(ymin, "BoundingBox", 3, "ymin"),
        in.require(ymax, "BoundingBox", 4, "ymax"),
        zmin, zmax, mmin, mmax);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeDoubleField(1, xmin);
    out.writeDoubleField(2, xmax);
    out.writeDoubleField(3, ymin);
    out.writeDoubleField(4, ymax);
    if (zmin != null) {
      out.writeDoubleField(5, zmin);
    }
    if (zmax != null) {
      out.writeDoubleField(6, zmax);
    }
    if (mmin != null) {
      out.writeDoubleField(7, mmin);
    }
    if (mmax != null) {
      out.writeDoubleField(8, mmax);
    }
    out.writeStructEnd();
  }
}
