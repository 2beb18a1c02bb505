package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Objects;

/**
 * The header of a dictionary page, inside {@link PageHeader#dictionaryPageHeader()} (parquet.thrift {@code
 * struct DictionaryPageHeader}); {@code isSorted} is null when absent.
 */
public record DictionaryPageHeader(int numValues, Encoding encoding, Boolean isSorted) {
  public DictionaryPageHeader {
    Objects.requireNonNull(encoding, "encoding");
  }

  public static DictionaryPageHeader read(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer numValues = null;
    Encoding encoding = null;
    Boolean isSorted = null;
    in.readStructBegin("DictionaryPageHeader");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> numValues = in.readI32Field();
        case 2 -> encoding = in.readEnumField(Encoding::fromValue);
        case 3 -> isSorted = in.readBoolField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new DictionaryPageHeader(
        in.require(numValues, "DictionaryPageHeader", 1, "num_values"),
        in.require(encoding, "DictionaryPageHeader", 2, "encoding"),
        isSorted);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeI32Field(1, numValues);
    out.writeEnumField(2, encoding);
    if (isSorted != null) {
      out.writeBoolField(3, isSorted);
    }
    out.writeStructEnd();
  }
}
