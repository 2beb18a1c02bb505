package io.parquetarrow.spark;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.core.schema.SchemaMapping;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Type;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark type of each Arrow field the core reader produces: the schema step of the connector, between core's
 * Parquet → Arrow mapping ({@link SchemaMapping}) and Spark's {@link StructType}. The types are those Spark's own
 * Parquet reader gives the same columns: unsigned integers widen (UINT64 to {@code decimal(20,0)}), timestamps of
 * any unit become microseconds, with a time zone {@code TimestampType} and without {@code TimestampNTZType} (INT96
 * is an instant, so {@code TimestampType}), fixed-size binary is {@code BinaryType}, and dictionary fields take the
 * type of their values. {@link SparkColumns} reads the vectors in these types.
 *
 * <p>Arrow types Spark cannot hold (time of day, intervals, decimals above 38 digits, …) fail with an
 * {@link UnsupportedParquetFeatureException} naming the column.
 */
final class SparkTypes {
  private SparkTypes() {}

  /** Metadata key of a field {@link #toSparkLenient} could not map; its value is the reason. */
  static final String UNSUPPORTED = "parquet-arrow.unsupported";

  /**
   * The Spark schema of a file's Arrow schema.
   *
   * @throws UncheckedIOException wrapping an {@link UnsupportedParquetFeatureException} naming the first column
   *     Spark cannot hold
   */
  static StructType toSpark(SchemaMapping mapping) {
    return toSpark(mapping, false);
  }

  /**
   * As {@link #toSpark(SchemaMapping)}, but a column Spark cannot hold becomes a {@code NullType} field whose
   * metadata says why under {@link #UNSUPPORTED}, so that scans of the other columns go on.
   */
  static StructType toSparkLenient(SchemaMapping mapping) {
    return toSpark(mapping, true);
  }

  private static StructType toSpark(SchemaMapping mapping, boolean lenient) {
    List<StructField> fields = new ArrayList<>();
    for (FieldMapping field : mapping.fields()) {
      Field arrow = field.field();
      try {
        DataType type = isInt96(field) ? DataTypes.TimestampType : toSpark(arrow, arrow.getName());
        fields.add(new StructField(arrow.getName(), type, arrow.isNullable(), Metadata.empty()));
      } catch (UncheckedIOException e) {
        if (!lenient) {
          throw e;
        }
        Metadata why = new MetadataBuilder().putString(UNSUPPORTED, e.getCause().getMessage()).build();
        fields.add(new StructField(arrow.getName(), DataTypes.NullType, true, why));
      }
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** Whether a top-level field is an INT96 timestamp, an instant Arrow types without a time zone. */
  static boolean isInt96(FieldMapping field) {
    ColumnDescriptor column = field.column();
    return column != null && column.physicalType() == Type.INT96
        && field.field().getType() instanceof ArrowType.Timestamp;
  }

  /** The Spark type of one Arrow field; {@code path} names it in errors. */
  static DataType toSpark(Field field, String path) {
    ArrowType type = field.getType();
    return switch (type.getTypeID()) {
      case Null -> DataTypes.NullType;
      case Bool -> DataTypes.BooleanType;
      case Int -> integer((ArrowType.Int) type, path);
      case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.DOUBLE
          ? DataTypes.DoubleType : DataTypes.FloatType;
      case Utf8, LargeUtf8, Utf8View -> DataTypes.StringType;
      case Binary, LargeBinary, BinaryView, FixedSizeBinary -> DataTypes.BinaryType;
      case Decimal -> decimal((ArrowType.Decimal) type, path);
      case Date -> DataTypes.DateType;
      case Timestamp -> ((ArrowType.Timestamp) type).getTimezone() == null ? DataTypes.TimestampNTZType
          : DataTypes.TimestampType;
      case List, LargeList, FixedSizeList -> {
        Field element = field.getChildren().get(0);
        yield new ArrayType(toSpark(element, path + ".element"), element.isNullable());
      }
      case Map -> {
        Field entries = field.getChildren().get(0);
        Field key = entries.getChildren().get(0);
        Field value = entries.getChildren().get(1);
        yield new MapType(toSpark(key, path + ".key"), toSpark(value, path + ".value"), value.isNullable());
      }
      case Struct -> {
        List<StructField> children = new ArrayList<>();
        for (Field child : field.getChildren()) {
          children.add(new StructField(child.getName(), toSpark(child, path + "." + child.getName()),
              child.isNullable(), Metadata.empty()));
        }
        yield new StructType(children.toArray(new StructField[0]));
      }
      default -> throw unsupported(path, type, "Spark has no type this connector maps it to");
    };
  }

  private static DataType integer(ArrowType.Int type, String path) {
    if (type.getIsSigned()) {
      return switch (type.getBitWidth()) {
        case 8 -> DataTypes.ByteType;
        case 16 -> DataTypes.ShortType;
        case 32 -> DataTypes.IntegerType;
        case 64 -> DataTypes.LongType;
        default -> throw unsupported(path, type, "no Spark integer has this width");
      };
    }
    return switch (type.getBitWidth()) {
      case 8 -> DataTypes.ShortType;
      case 16 -> DataTypes.IntegerType;
      case 32 -> DataTypes.LongType;
      case 64 -> DataTypes.createDecimalType(20, 0);
      default -> throw unsupported(path, type, "no Spark integer has this width");
    };
  }

  private static DataType decimal(ArrowType.Decimal type, String path) {
    if (type.getPrecision() > DecimalType.MAX_PRECISION() || type.getScale() < 0) {
      throw unsupported(path, type, "Spark decimals hold at most " + DecimalType.MAX_PRECISION()
          + " digits and a scale of at least 0");
    }
    return DataTypes.createDecimalType(type.getPrecision(), type.getScale());
  }

  /** Whether a value of this Arrow type is held in the representation Spark's {@code ArrowColumnVector} reads. */
  static boolean readsDirectly(ArrowType type) {
    return switch (type.getTypeID()) {
      case Null, Bool, FloatingPoint, Utf8, LargeUtf8, Binary, LargeBinary, List, Map, Struct -> true;
      case Int -> ((ArrowType.Int) type).getIsSigned();
      // Spark holds decimals of up to 18 digits as longs; its ArrowColumnVector would make a BigDecimal of each.
      case Decimal -> ((ArrowType.Decimal) type).getBitWidth() == 128
          && ((ArrowType.Decimal) type).getPrecision() > Decimal.MAX_LONG_DIGITS();
      case Date -> ((ArrowType.Date) type).getUnit() == DateUnit.DAY;
      case Timestamp -> ((ArrowType.Timestamp) type).getUnit() == TimeUnit.MICROSECOND;
      default -> false;
    } && !(type instanceof ArrowType.FloatingPoint floating
        && floating.getPrecision() == FloatingPointPrecision.HALF);
  }

  static UncheckedIOException unsupported(String path, ArrowType type, String why) {
    return new UncheckedIOException(new UnsupportedParquetFeatureException(
        "column " + path + ": Arrow type " + type + " cannot be read into Spark (" + why + ")"));
  }
}
