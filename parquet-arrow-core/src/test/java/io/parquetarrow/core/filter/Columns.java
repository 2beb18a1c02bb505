package io.parquetarrow.core.filter;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.SchemaDescriptor;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Leaf columns of one-column schemas built by hand, and plain values, for the pruning tests. */
final class Columns {
  private Columns() {}

  static ColumnDescriptor column(Type type, LogicalType logical) {
    return leaf(new SchemaElement(type, null, FieldRepetitionType.OPTIONAL, "x", null, null, null, null, null,
        logical, null));
  }

  static ColumnDescriptor column(Type type) {
    return column(type, (LogicalType) null);
  }

  static ColumnDescriptor legacy(Type type, ConvertedType converted) {
    return leaf(new SchemaElement(type, null, FieldRepetitionType.OPTIONAL, "x", null, converted, null, null, null,
        null, null));
  }

  static ColumnDescriptor fixed(int length, LogicalType logical) {
    return leaf(new SchemaElement(Type.FIXED_LEN_BYTE_ARRAY, length, FieldRepetitionType.OPTIONAL, "x", null,
        null, null, null, null, logical, null));
  }

  static ColumnDescriptor interval() {
    return leaf(new SchemaElement(Type.FIXED_LEN_BYTE_ARRAY, 12, FieldRepetitionType.OPTIONAL, "x", null,
        ConvertedType.INTERVAL, null, null, null, null, null));
  }

  static ColumnDescriptor decimal(Type type, Integer length, int precision, int scale) {
    return leaf(new SchemaElement(type, length, FieldRepetitionType.OPTIONAL, "x", null, null, null, null, null,
        new LogicalType.DecimalType(scale, precision), null));
  }

  /** A repeated leaf {@code x} (a legacy one-level list). */
  static ColumnDescriptor repeated(Type type) {
    return leaf(new SchemaElement(type, null, FieldRepetitionType.REPEATED, "x", null, null, null, null, null,
        null, null));
  }

  /** A required leaf {@code x}: no nulls. */
  static ColumnDescriptor required(Type type) {
    return leaf(new SchemaElement(type, null, FieldRepetitionType.REQUIRED, "x", null, null, null, null, null,
        null, null));
  }

  private static ColumnDescriptor leaf(SchemaElement element) {
    SchemaElement root = new SchemaElement(null, null, null, "schema", 1, null, null, null, null, null, null);
    try {
      return SchemaDescriptor.fromElements(List.of(root, element), "test.parquet").column(0);
    } catch (ParquetException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] int32(int value) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(value).array();
  }

  static byte[] int64(long value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }

  static byte[] float32(float value) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(value).array();
  }

  static byte[] float64(double value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(value).array();
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return bytes;
  }
}
