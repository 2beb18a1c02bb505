package io.parquetarrow.core.schema;

import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.TimeUnit;

/**
 * The legacy {@code ConvertedType} annotations expressed as the {@code LogicalType}s that replaced them, following
 * the compatibility table of the spec's LogicalTypes.md ("Backward compatibility" sections) and Arrow C++'s
 * {@code LogicalType::FromConvertedType}.
 *
 * <p>TIME_* and TIMESTAMP_* map to {@code isAdjustedToUTC = true}: the spec says the legacy annotations imply
 * UTC normalisation, and Arrow C++ reads them as {@code timestamp[unit, tz=UTC]} (checked against Arrow C++ 18
 * by {@code LegacySchemaDifferentialTest}).
 */
public final class LegacyTypes {
  private LegacyTypes() {}

  /**
   * The logical type equivalent to {@code converted}, or null for null, for the group-only annotations
   * (LIST, MAP, MAP_KEY_VALUE are handled by {@link GroupNode}), and for DECIMAL without precision.
   *
   * @param scale the element's {@code scale} (null means 0, as the spec says)
   * @param precision the element's {@code precision}
   */
  public static LogicalType fromConvertedType(ConvertedType converted, Integer scale, Integer precision) {
    if (converted == null) {
      return null;
    }
    return switch (converted) {
      case UTF8 -> new LogicalType.StringType();
      case ENUM -> new LogicalType.EnumType();
      case JSON -> new LogicalType.JsonType();
      case BSON -> new LogicalType.BsonType();
      case DATE -> new LogicalType.DateType();
      case DECIMAL -> precision == null ? null : new LogicalType.DecimalType(scale == null ? 0 : scale, precision);
      case TIME_MILLIS -> new LogicalType.TimeType(true, TimeUnit.MILLIS);
      case TIME_MICROS -> new LogicalType.TimeType(true, TimeUnit.MICROS);
      case TIMESTAMP_MILLIS -> new LogicalType.TimestampType(true, TimeUnit.MILLIS);
      case TIMESTAMP_MICROS -> new LogicalType.TimestampType(true, TimeUnit.MICROS);
      case UINT_8 -> new LogicalType.IntType(8, false);
      case UINT_16 -> new LogicalType.IntType(16, false);
      case UINT_32 -> new LogicalType.IntType(32, false);
      case UINT_64 -> new LogicalType.IntType(64, false);
      case INT_8 -> new LogicalType.IntType(8, true);
      case INT_16 -> new LogicalType.IntType(16, true);
      case INT_32 -> new LogicalType.IntType(32, true);
      case INT_64 -> new LogicalType.IntType(64, true);
      // INTERVAL has no LogicalType counterpart; readers see it through convertedType() (fixed_size_binary(12)).
      default -> null;
    };
  }
}
