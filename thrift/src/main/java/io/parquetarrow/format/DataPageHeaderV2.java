package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Objects;

/**
 * The header of a version 2 data page, inside {@link PageHeader#dataPageHeaderV2()} (parquet.thrift {@code
 * struct DataPageHeaderV2}). Levels are RLE without a length prefix and never compressed; {@code isCompressed}
 * is null when absent, which the IDL defines as true (see {@link #compressed()}).
 */
public record DataPageHeaderV2(
    int numValues,
    int numNulls,
    int numRows,
    Encoding encoding,
    int definitionLevelsByteLength,
    int repetitionLevelsByteLength,
    Boolean isCompressed,
    Statistics statistics) {
  public DataPageHeaderV2 {
    Objects.requireNonNull(encoding, "encoding");
  }

  /** Whether the values section is compressed: {@code isCompressed}, defaulting to true when absent. */
  public boolean compressed() {
    return isCompressed == null || isCompressed;
  }

  public static DataPageHeaderV2 read(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer numValues = null;
    Integer numNulls = null;
    Integer numRows = null;
    Encoding encoding = null;
    Integer definitionLevelsByteLength = null;
    Integer repetitionLevelsByteLength = null;
    Boolean isCompressed = null;
    Statistics statistics = null;
    in.readStructBegin("DataPageHeaderV2");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> numValues = in.readI32Field();
        case 2 -> numNulls = in.readI32Field();
        case 3 -> numRows = in.readI32Field();
        case 4 -> encoding = in.readEnumField(Encoding::fromValue);
        case 5 -> definitionLevelsByteLength = in.readI32Field();
        case 6 -> repetitionLevelsByteLength = in.readI32Field();
        case 7 -> isCompressed = in.readBoolField();
        case 8 -> statistics = in.readStructField(Statistics::read);
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new DataPageHeaderV2(
        in.require(numValues, "DataPageHeaderV2", 1, "num_values"),
        in.require(numNulls, "DataPageHeaderV2", 2, "num_nulls"),
        in.require(numRows, "DataPageHeaderV2", 3, "num_rows"),
        in.require(encoding, "DataPageHeaderV2", 4, "encoding"),
        in.require(definitionLevelsByteLength, "DataPageHeaderV2", 5, "definition_levels_byte_length"),
        in.require(repetitionLevelsByteLength, "DataPageHeaderV2", 6, "repetition_levels_byte_length"),
        isCompressed,
        statistics);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeI32Field(1, numValues);
    out.writeI32Field(2, numNulls);
    out.writeI32Field(3, numRows);
    out.writeEnumField(4, encoding);
    out.writeI32Field(5, definitionLevelsByteLength);
    out.writeI32Field(6, repetitionLevelsByteLength);
    if (isCompressed != null) {
      out.writeBoolField(7, isCompressed);
    }
    if (statistics != null) {
      out.writeStructField(8, statistics, (writer, value) -> value.write(writer));
    }
    out.writeStructEnd();
  }
}
