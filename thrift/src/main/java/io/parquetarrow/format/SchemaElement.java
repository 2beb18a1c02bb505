package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Objects;

/**
 * One node of the flattened, depth-first schema list in {@link FileMetaData#schema()} (parquet.thrift {@code
 * struct SchemaElement}). A group has {@code numChildren} set and no {@code type}; a leaf the reverse. Only
 * {@code name} is required; every other component is null when absent.
 *
 * <p>{@code vectorLength} (field 11) is set only for {@link FieldRepetitionType#VECTOR} elements; the
 * ten-argument constructor leaves it absent.
 */
public record SchemaElement(
    Type type,
    Integer typeLength,
    FieldRepetitionType repetitionType,
    String name,
    Integer numChildren,
    ConvertedType convertedType,
    Integer scale,
    Integer precision,
    Integer fieldId,
    LogicalType logicalType,
    Integer vectorLength) {

  public SchemaElement {
    Objects.requireNonNull(name, "name");
  }

  /** An element without {@code vectorLength} (every element that is not a VECTOR). */
  public SchemaElement(Type type, Integer typeLength, FieldRepetitionType repetitionType, String name,
      Integer numChildren, ConvertedType convertedType, Integer scale, Integer precision, Integer fieldId,
      LogicalType logicalType) {
    this(type, typeLength, repetitionType, name, numChildren, convertedType, scale, precision, fieldId,
        logicalType, null);
  }

  public static SchemaElement read(CompactProtocolReader in) throws ParquetCorruptionException {
    Type type = null;
    Integer typeLength = null;
    FieldRepetitionType repetitionType = null;
    String name = null;
    Integer numChildren = null;
    ConvertedType convertedType = null;
    Integer scale = null;
    Integer precision = null;
    Integer fieldId = null;
    LogicalType logicalType = null;
    Integer vectorLength = null;
    in.readStructBegin("SchemaElement");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> type = FormatSupport.readStrictEnum(in, Type::findByValue, "Type");
        case 2 -> typeLength = in.readI32Field();
        case 3 -> repetitionType =
            FormatSupport.readStrictEnum(in, FieldRepetitionType::findByValue, "FieldRepetitionType");
        case 4 -> name = in.readStringField();
        case 5 -> numChildren = in.readI32Field();
        case 6 -> convertedType = FormatSupport.readStrictEnum(in, ConvertedType::findByValue, "ConvertedType");
        case 7 -> scale = in.readI32Field();
        case 8 -> precision = in.readI32Field();
        case 9 -> fieldId = in.readI32Field();
        case 10 -> logicalType = in.readStructField(LogicalType::read);
        case 11 -> vectorLength = in.readI32Field();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new SchemaElement(type, typeLength, repetitionType, in.require(name, "SchemaElement", 4, "name"),
        numChildren, convertedType, scale, precision, fieldId, logicalType, vectorLength);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    if (type != null) {
      out.writeEnumField(1, type);
    }
    if (typeLength != null) {
      out.writeI32Field(2, typeLength);
    }
    if (repetitionType != null) {
      out.writeEnumField(3, repetitionType);
    }
    out.writeStringField(4, name);
    if (numChildren != null) {
      out.writeI32Field(5, numChildren);
    }
    if (convertedType != null) {
      out.writeEnumField(6, convertedType);
    }
    if (scale != null) {
      out.writeI32Field(7, scale);
    }
    if (precision != null) {
      out.writeI32Field(8, precision);
    }
    if (fieldId != null) {
      out.writeI32Field(9, fieldId);
    }
    if (logicalType != null) {
      out.writeStructField(10, logicalType, (writer, value) -> value.write(writer));
    }
    if (vectorLength != null) {
      out.writeI32Field(11, vectorLength);
    }
    out.writeStructEnd();
  }
}
