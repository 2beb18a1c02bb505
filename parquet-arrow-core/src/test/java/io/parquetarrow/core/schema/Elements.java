package io.parquetarrow.core.schema;

import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds flat SchemaElement lists by hand for the schema tests, the way a footer lists them. */
final class Elements {
  static final FieldRepetitionType REQUIRED = FieldRepetitionType.REQUIRED;
  static final FieldRepetitionType OPTIONAL = FieldRepetitionType.OPTIONAL;
  static final FieldRepetitionType REPEATED = FieldRepetitionType.REPEATED;

  private Elements() {}

  static SchemaElement root(int children) {
    return new SchemaElement(null, null, null, "schema", children, null, null, null, null, null, null);
  }

  static SchemaElement group(String name, FieldRepetitionType repetition, int children) {
    return new SchemaElement(null, null, repetition, name, children, null, null, null, null, null, null);
  }

  static SchemaElement group(String name, FieldRepetitionType repetition, int children, ConvertedType converted) {
    return new SchemaElement(null, null, repetition, name, children, converted, null, null, null, null, null);
  }

  static SchemaElement group(String name, FieldRepetitionType repetition, int children, LogicalType logical) {
    return new SchemaElement(null, null, repetition, name, children, null, null, null, null, logical, null);
  }

  static SchemaElement leaf(String name, FieldRepetitionType repetition, Type type) {
    return new SchemaElement(type, null, repetition, name, null, null, null, null, null, null, null);
  }

  static SchemaElement leaf(String name, FieldRepetitionType repetition, Type type, ConvertedType converted) {
    return new SchemaElement(type, null, repetition, name, null, converted, null, null, null, null, null);
  }

  static SchemaElement leaf(String name, FieldRepetitionType repetition, Type type, LogicalType logical) {
    return new SchemaElement(type, null, repetition, name, null, null, null, null, null, logical, null);
  }

  static SchemaElement fixed(String name, int length, ConvertedType converted, LogicalType logical) {
    return new SchemaElement(Type.FIXED_LEN_BYTE_ARRAY, length, OPTIONAL, name, null, converted, null, null, null,
        logical, null);
  }

  static SchemaElement legacyDecimal(String name, Type type, Integer length, int precision, int scale) {
    return new SchemaElement(type, length, OPTIONAL, name, null, ConvertedType.DECIMAL, scale, precision, null, null,
        null);
  }

  static SchemaElement withFieldId(SchemaElement element, int fieldId) {
    return new SchemaElement(element.type(), element.typeLength(), element.repetitionType(), element.name(),
        element.numChildren(), element.convertedType(), element.scale(), element.precision(), fieldId,
        element.logicalType(), element.vectorLength());
  }

  static List<SchemaElement> list(SchemaElement... elements) {
    return new ArrayList<>(Arrays.asList(elements));
  }

  static SchemaDescriptor descriptor(SchemaElement... elements) throws ParquetException {
    return SchemaDescriptor.fromElements(list(elements), "test.parquet");
  }

  static SchemaMapping convert(SchemaElement... elements) throws ParquetException {
    return ParquetToArrowSchema.convert(descriptor(elements), "test.parquet");
  }
}
