package io.parquetarrow.cli.metadata;

import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.SchemaElement;

/**
 * What a schema element's logical type (or, in files without one, its legacy converted type) says about its
 * values, reduced to what the command line needs: the text parquet-java prints in a schema
 * ({@code INTEGER(32,true)}, {@code DECIMAL(10,2)}, {@code TIMESTAMP(MICROS,false)}), and the parameters that
 * statistics decoding reads.
 *
 * <p>Legacy converted types map as the format's LogicalTypes.md says: {@code UTF8} is {@code STRING},
 * {@code INT_32} is {@code INTEGER(32,true)}, {@code TIMESTAMP_MILLIS} is {@code TIMESTAMP(MILLIS,true)}, and so
 * on; {@code INTERVAL} and {@code MAP_KEY_VALUE} have no logical type and keep their own names.
 *
 * @param kind which annotation
 * @param bitWidth for {@link Kind#INTEGER}: 8, 16, 32 or 64
 * @param signed for {@link Kind#INTEGER}: whether values are signed
 * @param precision for {@link Kind#DECIMAL}
 * @param scale for {@link Kind#DECIMAL}
 * @param unit for {@link Kind#TIME} and {@link Kind#TIMESTAMP}
 * @param adjustedToUtc for {@link Kind#TIME} and {@link Kind#TIMESTAMP}
 * @param parameters extra parameter text printed in parentheses for the kinds that carry free-form
 *     parameters (VARIANT's specification version, GEOMETRY's CRS, ...), or null
 */
public record TypeAnnotation(
    Kind kind, int bitWidth, boolean signed, int precision, int scale, TimeUnit unit, boolean adjustedToUtc,
    String parameters) {

  /** The CRS of GEOMETRY and GEOGRAPHY values when the logical type names none (LogicalTypes.md). */
  public static final String DEFAULT_CRS = "OGC:CRS84";

  /** The annotations of parquet.thrift's {@code LogicalType} union plus the two converted-only types. */
  public enum Kind {
    STRING, MAP, LIST, ENUM, DECIMAL, DATE, TIME, TIMESTAMP, INTEGER, UNKNOWN, JSON, BSON, UUID, FLOAT16,
    VARIANT, GEOMETRY, GEOGRAPHY, VECTOR,
    /** Converted type INTERVAL: 12 bytes holding months, days and milliseconds. */
    INTERVAL,
    /** Converted type MAP_KEY_VALUE: the legacy marker on a map's repeated key-value group. */
    MAP_KEY_VALUE,
    /** A logical type this program does not know (from a newer format version). */
    UNRECOGNIZED
  }

  /** The unit of TIME and TIMESTAMP values. */
  public enum TimeUnit {
    MILLIS(1_000L), MICROS(1_000_000L), NANOS(1_000_000_000L);

    private final long perSecond;

    TimeUnit(long perSecond) {
      this.perSecond = perSecond;
    }

    /** How many of this unit make one second. */
    public long perSecond() {
      return perSecond;
    }

    /** The number of fractional-second digits this unit resolves. */
    public int fractionDigits() {
      return switch (this) {
        case MILLIS -> 3;
        case MICROS -> 6;
        case NANOS -> 9;
      };
    }
  }

  /**
   * The annotation of a schema element: its logical type when it has one, else its converted type, else null.
   * A logical type this program does not know is {@link Kind#UNRECOGNIZED} (with the union field id as
   * parameter), so it is shown rather than silently dropped.
   */
  public static TypeAnnotation of(SchemaElement element) {
    LogicalType logicalType = element.logicalType();
    if (logicalType != null) {
      return of(logicalType);
    }
    if (element.convertedType() != null) {
      int precision = element.precision() == null ? 0 : element.precision();
      int scale = element.scale() == null ? 0 : element.scale();
      return fromConvertedType(element.convertedType().name(), precision, scale);
    }
    return null;
  }

  /** The annotation a logical type stands for. */
  public static TypeAnnotation of(LogicalType logicalType) {
    // Java 17 has no pattern matching in switch, so the union's members are told apart one by one.
    if (logicalType instanceof LogicalType.DecimalType decimal) {
      return decimal(decimal.precision(), decimal.scale());
    }
    if (logicalType instanceof LogicalType.TimeType time) {
      return time(unitOf(time.unit().perSecond()), time.isAdjustedToUTC());
    }
    if (logicalType instanceof LogicalType.TimestampType timestamp) {
      return timestamp(unitOf(timestamp.unit().perSecond()), timestamp.isAdjustedToUTC());
    }
    if (logicalType instanceof LogicalType.IntType integer) {
      return integer(integer.bitWidth(), integer.isSigned());
    }
    if (logicalType instanceof LogicalType.VariantType variant) {
      Integer version = variant.specificationVersion();
      return withParameters(Kind.VARIANT, version == null ? null : version.toString());
    }
    if (logicalType instanceof LogicalType.GeometryType geometry) {
      return withParameters(Kind.GEOMETRY, geometry.crs());
    }
    if (logicalType instanceof LogicalType.GeographyType geography) {
      if (geography.crs() == null && geography.algorithm() == null) {
        return of(Kind.GEOGRAPHY);
      }
      // As parquet-java prints it: an absent CRS is the specification's default, OGC:CRS84.
      String crs = geography.crs() == null ? DEFAULT_CRS : geography.crs();
      String algorithm = geography.algorithm() == null ? "" : "," + geography.algorithm().name();
      return withParameters(Kind.GEOGRAPHY, crs + algorithm);
    }
    if (logicalType instanceof LogicalType.Unrecognized unrecognized) {
      return withParameters(Kind.UNRECOGNIZED, "field " + unrecognized.fieldId());
    }
    Kind kind;
    if (logicalType instanceof LogicalType.StringType) {
      kind = Kind.STRING;
    } else if (logicalType instanceof LogicalType.MapType) {
      kind = Kind.MAP;
    } else if (logicalType instanceof LogicalType.ListType) {
      kind = Kind.LIST;
    } else if (logicalType instanceof LogicalType.EnumType) {
      kind = Kind.ENUM;
    } else if (logicalType instanceof LogicalType.DateType) {
      kind = Kind.DATE;
    } else if (logicalType instanceof LogicalType.NullType) {
      kind = Kind.UNKNOWN;
    } else if (logicalType instanceof LogicalType.JsonType) {
      kind = Kind.JSON;
    } else if (logicalType instanceof LogicalType.BsonType) {
      kind = Kind.BSON;
    } else if (logicalType instanceof LogicalType.UuidType) {
      kind = Kind.UUID;
    } else if (logicalType instanceof LogicalType.Float16Type) {
      kind = Kind.FLOAT16;
    } else if (logicalType instanceof LogicalType.VectorType) {
      kind = Kind.VECTOR;
    } else {
      kind = Kind.UNRECOGNIZED;
    }
    return of(kind);
  }

  /** The unit of {@code perSecond} per second, as the file's unit ({@code format.TimeUnit.perSecond()}) says. */
  private static TimeUnit unitOf(long perSecond) {
    for (TimeUnit unit : TimeUnit.values()) {
      if (unit.perSecond == perSecond) {
        return unit;
      }
    }
    throw new IllegalArgumentException("no time unit of " + perSecond + " per second");
  }

  /** An annotation without parameters. */
  public static TypeAnnotation of(Kind kind) {
    return new TypeAnnotation(kind, 0, false, 0, 0, null, false, null);
  }

  /** An annotation with free-form parameter text (printed in parentheses), or none when null. */
  public static TypeAnnotation withParameters(Kind kind, String parameters) {
    return new TypeAnnotation(kind, 0, false, 0, 0, null, false, parameters);
  }

  public static TypeAnnotation integer(int bitWidth, boolean signed) {
    return new TypeAnnotation(Kind.INTEGER, bitWidth, signed, 0, 0, null, false, null);
  }

  public static TypeAnnotation decimal(int precision, int scale) {
    return new TypeAnnotation(Kind.DECIMAL, 0, false, precision, scale, null, false, null);
  }

  public static TypeAnnotation time(TimeUnit unit, boolean adjustedToUtc) {
    return new TypeAnnotation(Kind.TIME, 0, false, 0, 0, unit, adjustedToUtc, null);
  }

  public static TypeAnnotation timestamp(TimeUnit unit, boolean adjustedToUtc) {
    return new TypeAnnotation(Kind.TIMESTAMP, 0, false, 0, 0, unit, adjustedToUtc, null);
  }

  /**
   * The annotation a legacy converted type stands for, by its parquet.thrift name ({@code "UTF8"},
   * {@code "INT_32"}, ...); precision and scale come from the schema element for DECIMAL. Null for a name
   * this program does not know.
   */
  public static TypeAnnotation fromConvertedType(String name, int precision, int scale) {
    return switch (name) {
      case "UTF8" -> of(Kind.STRING);
      case "MAP" -> of(Kind.MAP);
      case "MAP_KEY_VALUE" -> of(Kind.MAP_KEY_VALUE);
      case "LIST" -> of(Kind.LIST);
      case "ENUM" -> of(Kind.ENUM);
      case "DECIMAL" -> decimal(precision, scale);
      case "DATE" -> of(Kind.DATE);
      case "TIME_MILLIS" -> time(TimeUnit.MILLIS, true);
      case "TIME_MICROS" -> time(TimeUnit.MICROS, true);
      case "TIMESTAMP_MILLIS" -> timestamp(TimeUnit.MILLIS, true);
      case "TIMESTAMP_MICROS" -> timestamp(TimeUnit.MICROS, true);
      case "UINT_8" -> integer(8, false);
      case "UINT_16" -> integer(16, false);
      case "UINT_32" -> integer(32, false);
      case "UINT_64" -> integer(64, false);
      case "INT_8" -> integer(8, true);
      case "INT_16" -> integer(16, true);
      case "INT_32" -> integer(32, true);
      case "INT_64" -> integer(64, true);
      case "JSON" -> of(Kind.JSON);
      case "BSON" -> of(Kind.BSON);
      case "INTERVAL" -> of(Kind.INTERVAL);
      default -> null;
    };
  }

  /** Whether this annotation marks integers as unsigned. */
  public boolean isUnsignedInteger() {
    return kind == Kind.INTEGER && !signed;
  }

  /** Whether values are text in UTF-8 (STRING, ENUM, JSON). */
  public boolean isUtf8Text() {
    return kind == Kind.STRING || kind == Kind.ENUM || kind == Kind.JSON;
  }

  /** The form parquet-java's {@code LogicalTypeAnnotation.toString()} uses, e.g. {@code DECIMAL(10,2)}. */
  @Override
  public String toString() {
    return switch (kind) {
      case INTEGER -> "INTEGER(" + bitWidth + "," + signed + ")";
      case DECIMAL -> "DECIMAL(" + precision + "," + scale + ")";
      case TIME, TIMESTAMP -> kind.name() + "(" + unit.name() + "," + adjustedToUtc + ")";
      default -> parameters == null ? kind.name() : kind.name() + "(" + parameters + ")";
    };
  }
}
