package io.parquetarrow.core.schema;

import static org.apache.arrow.vector.types.TimeUnit.NANOSECOND;

import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.EdgeInterpolationAlgorithm;
import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.TimeUnit;
import io.parquetarrow.format.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Maps an Arrow schema to the flat Parquet schema ({@code SchemaElement} list, root first) the writer stores,
 * the way Arrow C++'s {@code FieldToNode} does with default writer properties (format version 2.6, compliant
 * nested types, {@code store_decimal_as_integer} off):
 *
 * <ul>
 *   <li>bool → BOOLEAN; int8/16/32 and uint8/16/32 → INT32 with INT(bw, signed) (int32 unannotated); int64 →
 *       INT64; uint64 → INT64 INT(64, false); float16 → FIXED_LEN_BYTE_ARRAY(2) FLOAT16; float32/64 →
 *       FLOAT/DOUBLE.
 *   <li>utf8 and large_utf8 → BYTE_ARRAY STRING; binary and large_binary → BYTE_ARRAY; fixed_size_binary(n) →
 *       FIXED_LEN_BYTE_ARRAY(n).
 *   <li>decimal128/256 → FIXED_LEN_BYTE_ARRAY of the fewest bytes that hold the precision, DECIMAL(p, s). Arrow
 *       C++ only uses INT32 (p ≤ 9) and INT64 (p ≤ 18) when {@code store_decimal_as_integer} is enabled, which is
 *       not its default; neither do we.
 *   <li>date32 and date64 → INT32 DATE; time32 → INT32 TIME(MILLIS, UTC); time64 → INT64 TIME(MICROS|NANOS,
 *       UTC); timestamp → INT64 TIMESTAMP(unit, isAdjustedToUTC = has a time zone), seconds written as
 *       milliseconds; duration → INT64 unannotated (the {@code ARROW:schema} entry restores it); null → INT32
 *       UNKNOWN (must be nullable); interval (year_month, day_time, month_day_nano) → FIXED_LEN_BYTE_ARRAY(12)
 *       with converted type INTERVAL (three little-endian unsigned 32-bit months, days, milliseconds; Arrow C++
 *       18 does not write intervals at all).
 *   <li>struct → group; list, large_list, fixed_size_list → 3-level LIST ({@code list} / {@code element}); map →
 *       MAP ({@code key_value} / {@code key} / {@code value}); dictionary → its value type; extension → its
 *       storage type, except {@code arrow.json} (BYTE_ARRAY JSON) and {@code arrow.uuid}
 *       (FIXED_LEN_BYTE_ARRAY(16) UUID).
 *   <li>{@code PARQUET:field_id} metadata → field_id. Fields carrying {@code PARQUET:logical_type} GEOMETRY,
 *       GEOGRAPHY or VARIANT (as {@link ParquetToArrowSchema} produces them) get that annotation back.
 * </ul>
 *
 * <p>Converted types are written beside logical types where an equivalent exists, for old readers, as Arrow C++
 * does. Used by the writer; the output is the {@code FileMetaData.schema} list.
 */
public final class ArrowToParquetSchema {
  private ArrowToParquetSchema() {}

  /**
   * Converts {@code schema}; the root element is named {@code schema}.
   *
   * @throws UnsupportedParquetFeatureException for Arrow types Parquet cannot store (unions, views,
   *     run-end encoded), structs without fields, and non-nullable null fields
   */
  public static List<SchemaElement> convert(Schema schema) throws UnsupportedParquetFeatureException {
    List<SchemaElement> elements = new ArrayList<>();
    elements.add(group("schema", null, schema.getFields().size(), null, null));
    for (Field field : schema.getFields()) {
      convertField(field.getName(), field, elements);
    }
    return elements;
  }

  private static FieldRepetitionType repetition(Field field) {
    return field.isNullable() ? FieldRepetitionType.OPTIONAL : FieldRepetitionType.REQUIRED;
  }

  private static Integer fieldId(Field field) {
    Map<String, String> metadata = field.getMetadata();
    String value = metadata == null ? null : metadata.get(ParquetToArrowSchema.FIELD_ID_KEY);
    if (value == null) {
      return null;
    }
    try {
      int id = Integer.parseInt(value.trim());
      return id < 0 ? null : id;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static SchemaElement group(String name, FieldRepetitionType repetition, int children,
      LogicalType logical, Integer fieldId) {
    return new SchemaElement(null, null, repetition, name, children, convertedType(logical), null, null, fieldId,
        logical, null);
  }

  private static SchemaElement primitive(String name, FieldRepetitionType repetition, Type type, Integer length,
      LogicalType logical, Integer fieldId) {
    Integer scale = null;
    Integer precision = null;
    if (logical instanceof LogicalType.DecimalType decimal) {
      scale = decimal.scale();
      precision = decimal.precision();
    }
    return new SchemaElement(type, length, repetition, name, null, convertedType(logical), scale, precision,
        fieldId, logical, null);
  }

  private static void convertField(String name, Field field, List<SchemaElement> out)
      throws UnsupportedParquetFeatureException {
    ArrowType arrowType = field.getType();
    FieldRepetitionType repetition = repetition(field);
    Integer fieldId = fieldId(field);
    String annotation = field.getMetadata() == null ? null
        : field.getMetadata().get(ParquetToArrowSchema.LOGICAL_TYPE_KEY);
    if (arrowType instanceof ArrowType.ExtensionType extension) {
      // Checked before the switch: an extension type reports its storage type's id.
      if ("arrow.json".equals(extension.extensionName())) {
        out.add(primitive(name, repetition, Type.BYTE_ARRAY, null, new LogicalType.JsonType(), fieldId));
      } else if ("arrow.uuid".equals(extension.extensionName())) {
        out.add(primitive(name, repetition, Type.FIXED_LEN_BYTE_ARRAY, PhysicalTypes.UUID_BYTES,
            new LogicalType.UuidType(), fieldId));
      } else {
        Field storage = new Field(name, new FieldType(field.isNullable(),
            extension.storageType(), null, field.getMetadata()), field.getChildren());
        convertField(name, storage, out);
      }
      return;
    }
    switch (arrowType.getTypeID()) {
      case Null -> {
        if (!field.isNullable()) {
          throw new UnsupportedParquetFeatureException("Arrow field '" + name + "' of type null must be nullable");
        }
        out.add(primitive(name, repetition, Type.INT32, null, new LogicalType.NullType(), fieldId));
      }
      case Bool -> out.add(primitive(name, repetition, Type.BOOLEAN, null, null, fieldId));
      case Int -> {
        ArrowType.Int integer = (ArrowType.Int) arrowType;
        int width = integer.getBitWidth();
        if (width == 64) {
          out.add(primitive(name, repetition, Type.INT64, null,
              integer.getIsSigned() ? null : new LogicalType.IntType(64, false), fieldId));
        } else {
          LogicalType logical = width == 32 && integer.getIsSigned() ? null
              : new LogicalType.IntType(width, integer.getIsSigned());
          out.add(primitive(name, repetition, Type.INT32, null, logical, fieldId));
        }
      }
      case FloatingPoint -> {
        switch (((ArrowType.FloatingPoint) arrowType).getPrecision()) {
          case HALF -> out.add(primitive(name, repetition, Type.FIXED_LEN_BYTE_ARRAY, 2,
              new LogicalType.Float16Type(), fieldId));
          case SINGLE -> out.add(primitive(name, repetition, Type.FLOAT, null, null, fieldId));
          case DOUBLE -> out.add(primitive(name, repetition, Type.DOUBLE, null, null, fieldId));
        }
      }
      case Utf8, LargeUtf8 ->
          out.add(primitive(name, repetition, Type.BYTE_ARRAY, null, new LogicalType.StringType(), fieldId));
      case Binary, LargeBinary ->
          out.add(primitive(name, repetition, Type.BYTE_ARRAY, null, geospatial(field, annotation), fieldId));
      case FixedSizeBinary -> out.add(primitive(name, repetition, Type.FIXED_LEN_BYTE_ARRAY,
          ((ArrowType.FixedSizeBinary) arrowType).getByteWidth(), null, fieldId));
      case Decimal -> {
        ArrowType.Decimal decimal = (ArrowType.Decimal) arrowType;
        if (decimal.getScale() < 0 || decimal.getScale() > decimal.getPrecision()) {
          // Parquet's DECIMAL needs 0 <= scale <= precision; Arrow C++ refuses these fields too.
          throw new UnsupportedParquetFeatureException("Arrow field '" + name + "' of type " + arrowType
              + " has scale " + decimal.getScale() + " outside 0.." + decimal.getPrecision()
              + ", which a Parquet DECIMAL cannot store");
        }
        out.add(primitive(name, repetition, Type.FIXED_LEN_BYTE_ARRAY, decimalByteLength(decimal.getPrecision()),
            new LogicalType.DecimalType(decimal.getScale(), decimal.getPrecision()), fieldId));
      }
      case Date -> out.add(primitive(name, repetition, Type.INT32, null, new LogicalType.DateType(), fieldId));
      case Time -> {
        ArrowType.Time time = (ArrowType.Time) arrowType;
        if (time.getBitWidth() == 32) {
          out.add(primitive(name, repetition, Type.INT32, null,
              new LogicalType.TimeType(true, TimeUnit.MILLIS), fieldId));
        } else {
          TimeUnit unit = time.getUnit() == NANOSECOND ? TimeUnit.NANOS : TimeUnit.MICROS;
          out.add(primitive(name, repetition, Type.INT64, null, new LogicalType.TimeType(true, unit), fieldId));
        }
      }
      case Timestamp -> {
        ArrowType.Timestamp timestamp = (ArrowType.Timestamp) arrowType;
        boolean utc = timestamp.getTimezone() != null && !timestamp.getTimezone().isEmpty();
        TimeUnit unit = switch (timestamp.getUnit()) {
          case SECOND, MILLISECOND -> TimeUnit.MILLIS;
          case MICROSECOND -> TimeUnit.MICROS;
          case NANOSECOND -> TimeUnit.NANOS;
        };
        out.add(primitive(name, repetition, Type.INT64, null, new LogicalType.TimestampType(utc, unit), fieldId));
      }
      case Duration -> out.add(primitive(name, repetition, Type.INT64, null, null, fieldId));
      case Interval -> {
        // INTERVAL exists only as a converted type (no LogicalType union member), so it is set directly.
        out.add(new SchemaElement(Type.FIXED_LEN_BYTE_ARRAY, PhysicalTypes.INTERVAL_BYTES, repetition, name, null,
            ConvertedType.INTERVAL, null, null, fieldId, null, null));
      }
      case Struct -> {
        if (field.getChildren().isEmpty()) {
          throw new UnsupportedParquetFeatureException("cannot write struct field '" + name
              + "' with no child fields to Parquet; add a dummy child field");
        }
        LogicalType logical = null;
        if ("VARIANT".equals(annotation)) {
          String version = field.getMetadata().get(ParquetToArrowSchema.VARIANT_VERSION_KEY);
          logical = new LogicalType.VariantType(version == null ? null : Integer.valueOf(version));
        }
        out.add(group(name, repetition, field.getChildren().size(), logical, fieldId));
        for (Field child : field.getChildren()) {
          convertField(child.getName(), child, out);
        }
      }
      case List, LargeList, FixedSizeList -> {
        out.add(group(name, repetition, 1, new LogicalType.ListType(), fieldId));
        out.add(group("list", FieldRepetitionType.REPEATED, 1, null, null));
        convertField("element", field.getChildren().get(0), out);
      }
      case Map -> {
        Field entries = field.getChildren().get(0);
        out.add(group(name, repetition, 1, new LogicalType.MapType(), fieldId));
        out.add(group("key_value", FieldRepetitionType.REPEATED, 2, null, null));
        convertField("key", entries.getChildren().get(0), out);
        convertField("value", entries.getChildren().get(1), out);
      }
      default -> throw new UnsupportedParquetFeatureException(
          "Arrow type " + arrowType + " of field '" + name + "' has no Parquet equivalent");
    }
  }

  private static LogicalType geospatial(Field field, String annotation) {
    if (annotation == null) {
      return null;
    }
    String crs = field.getMetadata().get(ParquetToArrowSchema.CRS_KEY);
    if (annotation.equals("GEOMETRY")) {
      return new LogicalType.GeometryType(crs);
    }
    if (annotation.equals("GEOGRAPHY")) {
      String edges = field.getMetadata().get(ParquetToArrowSchema.EDGES_KEY);
      EdgeInterpolationAlgorithm algorithm = null;
      if (edges != null) {
        try {
          algorithm = EdgeInterpolationAlgorithm.valueOf(edges);
        } catch (IllegalArgumentException e) {
          algorithm = null;
        }
      }
      return new LogicalType.GeographyType(crs, algorithm);
    }
    return null;
  }

  /** Arrow C++'s {@code DecimalType::DecimalSize}: the fewest bytes whose two's complement range holds precision. */
  static int decimalByteLength(int precision) {
    for (int length = 1; length < 32; length++) {
      if (ParquetToArrowSchema.maximumDecimalPrecision(length) >= precision) {
        return length;
      }
    }
    return 32;
  }

  /** The legacy annotation Arrow C++ writes beside {@code logical} for old readers, or null. */
  static ConvertedType convertedType(LogicalType logical) {
    if (logical == null) {
      return null;
    }
    if (logical instanceof LogicalType.StringType) {
      return ConvertedType.UTF8;
    } else if (logical instanceof LogicalType.MapType) {
      return ConvertedType.MAP;
    } else if (logical instanceof LogicalType.ListType) {
      return ConvertedType.LIST;
    } else if (logical instanceof LogicalType.EnumType) {
      return ConvertedType.ENUM;
    } else if (logical instanceof LogicalType.DecimalType) {
      return ConvertedType.DECIMAL;
    } else if (logical instanceof LogicalType.DateType) {
      return ConvertedType.DATE;
    } else if (logical instanceof LogicalType.TimeType time) {
      return switch (time.unit()) {
        case MILLIS -> time.isAdjustedToUTC() ? ConvertedType.TIME_MILLIS : null;
        case MICROS -> time.isAdjustedToUTC() ? ConvertedType.TIME_MICROS : null;
        case NANOS -> null;
      };
    } else if (logical instanceof LogicalType.TimestampType timestamp) {
      // Arrow C++ forces TIMESTAMP_* for millis and micros even when not UTC-adjusted (ARROW-5878).
      return switch (timestamp.unit()) {
        case MILLIS -> ConvertedType.TIMESTAMP_MILLIS;
        case MICROS -> ConvertedType.TIMESTAMP_MICROS;
        case NANOS -> null;
      };
    } else if (logical instanceof LogicalType.IntType integer) {
      return switch (integer.bitWidth()) {
        case 8 -> integer.isSigned() ? ConvertedType.INT_8 : ConvertedType.UINT_8;
        case 16 -> integer.isSigned() ? ConvertedType.INT_16 : ConvertedType.UINT_16;
        case 32 -> integer.isSigned() ? ConvertedType.INT_32 : ConvertedType.UINT_32;
        case 64 -> integer.isSigned() ? ConvertedType.INT_64 : ConvertedType.UINT_64;
        default -> null;
      };
    } else if (logical instanceof LogicalType.JsonType) {
      return ConvertedType.JSON;
    } else if (logical instanceof LogicalType.BsonType) {
      return ConvertedType.BSON;
    }
    return null;
  }
}
