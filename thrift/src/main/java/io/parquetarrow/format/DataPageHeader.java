package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Objects;

/**
 * The header of a version 1 data page, inside {@link PageHeader#dataPageHeader()} (parquet.thrift {@code struct
 * DataPageHeader}). {@code numValues} counts nulls too; {@code statistics} is null when absent. Unknown
 * encodings decode as {@link Encoding#UNKNOWN}.
 */
public record DataPageHeader(
    int numValues,
    Encoding encoding,
    Encoding definitionLevelEncoding,
    Encoding repetitionLevelEncoding,
    Statistics statistics) {
  public DataPageHeader {
    Objects.requireNonNull(encoding, "encoding");
    Objects.requireNonNull(definitionLevelEncoding, "definitionLevelEncoding");
    Objects.requireNonNull(repetitionLevelEncoding, "repetitionLevelEncoding");
  }

  public static DataPageHeader read(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer numValues = null;
    Encoding encoding = null;
    Encoding definitionLevelEncoding = null;
    Encoding repetitionLevelEncoding = null;
    Statistics statistics = null;
    in.readStructBegin("DataPageHeader");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> numValues = in.readI32Field();
        case 2 -> encoding = in.readEnumField(Encoding::fromValue);
        case 3 -> definitionLevelEncoding = in.readEnumField(Encoding::fromValue);
        case 4 -> repetitionLevelEncoding = in.readEnumField(Encoding::fromValue);
        case 5 -> statistics = in.readStructField(Statistics::read);
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new DataPageHeader(
        in.require(numValues, "DataPageHeader", 1, "num_values"),
        in.require(encoding, "DataPageHeader", 2, "encoding"),
        in.require(definitionLevelEncoding, "DataPageHeader", 3, "definition_level_encoding"),
        in.require(repetitionLevelEncoding, "DataPageHeader", 4, "repetition_level_encoding"),
        statistics);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeI32Field(1, numValues);
    out.writeEnumField(2, encoding);
    out.writeEnumField(3, definitionLevelEncoding);
    out.writeEnumField(4, repetitionLevelEncoding);
    if (statistics != null) {
      out.writeStructField(5, statistics, (writer, value) -> value.write(writer));
    }
    out.writeStructEnd();
  }
}
