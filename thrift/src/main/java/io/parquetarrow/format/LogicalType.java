package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import io.parquetarrow.thrift.CompactType;
import java.util.Objects;

/**
 * The logical type annotation of a schema element (parquet.thrift {@code union LogicalType}): exactly one of
 * the nested records, each standing for one union member. A member id this library does not know decodes as
 * {@link Unrecognized} (its content skipped), and so does a TIME / TIMESTAMP whose {@link TimeUnit} member is
 * unknown; readers treat it like an absent annotation or reject the column, but the footer still decodes.
 *
 * <p>{@link #write} writes the whole union (the wrapper struct and the member's struct).
 */
public sealed interface LogicalType {

  /** The union field id of this member. */
  int unionFieldId();

  /** Writes this value as a complete {@code LogicalType} union. */
  void write(CompactProtocolWriter out);

  /** Reads a {@code LogicalType} union. */
  static LogicalType read(CompactProtocolReader in) throws ParquetCorruptionException {
    LogicalType result = null;
    in.readStructBegin("LogicalType");
    while (in.readFieldBegin()) {
      if (result != null) {
        throw in.invalidField("union LogicalType has more than one member set");
      }
      int id = in.fieldId();
      result = switch (id) {
        case 5 -> in.readStructField(LogicalType::readDecimal);
        case 7 -> in.readStructField(LogicalType::readTime);
        case 8 -> in.readStructField(LogicalType::readTimestamp);
        case 10 -> in.readStructField(LogicalType::readInt);
        case 16 -> in.readStructField(LogicalType::readVariant);
        case 17 -> in.readStructField(LogicalType::readGeometry);
        case 18 -> in.readStructField(LogicalType::readGeography);
        case 1, 2, 3, 4, 6, 11, 12, 13, 14, 15, 19 -> in.readStructField(member -> readEmpty(member, id));
        default -> {
          in.skipField();
          yield new Unrecognized(id);
        }
      };
    }
    in.readStructEnd();
    if (result == null) {
      throw in.invalidField("union LogicalType has no member set");
    }
    return result;
  }
  /** STRING: UTF-8 text in a BYTE_ARRAY (ConvertedType UTF8). */
  record StringType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 1;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 1);
    }
  }
  /** MAP: a map group (ConvertedType MAP). */
  record MapType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 2;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 2);
    }
  }
  /** LIST: a list group (ConvertedType LIST). */
  record ListType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 3;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 3);
    }
  }
  /** ENUM: enum names as UTF-8 BYTE_ARRAY (ConvertedType ENUM). */
  record EnumType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 4;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 4);
    }
  }
  /** DATE: days since the Unix epoch in an INT32 (ConvertedType DATE). */
  record DateType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 6;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 6);
    }
  }
  /** UNKNOWN: a column that only holds nulls (parquet.thrift {@code NullType}, union member UNKNOWN). */
  record NullType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 11;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 11);
    }
  }
  /** JSON: a UTF-8 JSON document (ConvertedType JSON). */
  record JsonType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 12;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 12);
    }
  }
  /** BSON: a BSON document (ConvertedType BSON). */
  record BsonType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 13;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 13);
    }
  }
  /** UUID: 16 raw bytes in a FIXED_LEN_BYTE_ARRAY(16) (parquet.thrift {@code UUIDType}). */
  record UuidType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 14;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 14);
    }
  }
  /** FLOAT16: an IEEE half float in a FIXED_LEN_BYTE_ARRAY(2). */
  record Float16Type() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 15;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 15);
    }
  }
  /** VECTOR: a fixed-size vector group (see {@link SchemaElement#vectorLength()}). */
  record VectorType() implements LogicalType {
    @Override
    public int unionFieldId() {
      return 19;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 19);
    }
  }
  /**
   * DECIMAL: a decimal number of {@code precision} digits, {@code scale} of them after the point (parquet.thrift
   * {@code DecimalType}, both fields required).
   */
  record DecimalType(int scale, int precision) implements LogicalType {
    @Override
    public int unionFieldId() {
      return 5;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      beginMember(out, 5);
      out.writeI32Field(1, scale);
      out.writeI32Field(2, precision);
      endMember(out);
    }
  }

  /** TIME: time of day in {@code unit} (parquet.thrift {@code TimeType}, both fields required). */
  record TimeType(boolean isAdjustedToUTC, TimeUnit unit) implements LogicalType {
    public TimeType {
      Objects.requireNonNull(unit, "unit");
    }

    @Override
    public int unionFieldId() {
      return 7;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      beginMember(out, 7);
      out.writeBoolField(1, isAdjustedToUTC);
      out.writeStructField(2, unit, (writer, value) -> value.write(writer));
      endMember(out);
    }
  }

  /** TIMESTAMP: an instant or local date-time in {@code unit} (parquet.thrift {@code TimestampType}). */
  record TimestampType(boolean isAdjustedToUTC, TimeUnit unit) implements LogicalType {
    public TimestampType {
      Objects.requireNonNull(unit, "unit");
    }

    @Override
    public int unionFieldId() {
      return 8;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      beginMember(out, 8);
      out.writeBoolField(1, isAdjustedToUTC);
      out.writeStructField(2, unit, (writer, value) -> value.write(writer));
      endMember(out);
    }
  }

  /**
   * INTEGER: an integer of {@code bitWidth} bits (8, 16, 32 or 64; an i8 on the wire), signed or unsigned
   * (parquet.thrift {@code IntType}).
   */
  record IntType(int bitWidth, boolean isSigned) implements LogicalType {
    @Override
    public int unionFieldId() {
      return 10;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      beginMember(out, 10);
      out.writeByteField(1, toI8(bitWidth, "bitWidth"));
      out.writeBoolField(2, isSigned);
      endMember(out);
    }
  }

  /**
   * VARIANT: a Variant value (parquet.thrift {@code VariantType}); {@code specificationVersion} is an optional
   * i8, null when absent.
   */
  record VariantType(Integer specificationVersion) implements LogicalType {
    @Override
    public int unionFieldId() {
      return 16;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      beginMember(out, 16);
      if (specificationVersion != null) {
        out.writeByteField(1, toI8(specificationVersion, "specificationVersion"));
      }
      endMember(out);
    }
  }

  /** GEOMETRY: WKB geometry with planar edges; {@code crs} optional (null means OGC:CRS84). */
  record GeometryType(String crs) implements LogicalType {
    @Override
    public int unionFieldId() {
      return 17;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      beginMember(out, 17);
      if (crs != null) {
        out.writeStringField(1, crs);
      }
      endMember(out);
    }
  }

  /**
   * GEOGRAPHY: WKB geography; {@code crs} optional (null means OGC:CRS84), {@code algorithm} optional (null means
   * SPHERICAL).
   */
  record GeographyType(String crs, EdgeInterpolationAlgorithm algorithm) implements LogicalType {
    @Override
    public int unionFieldId() {
      return 18;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      beginMember(out, 18);
      if (crs != null) {
        out.writeStringField(1, crs);
      }
      if (algorithm != null) {
        out.writeEnumField(2, algorithm);
      }
      endMember(out);
    }
  }

  /**
   * A union member this library does not know (content skipped on decode). Writing it emits an empty struct
   * under the same field id, so the member's own fields are not preserved.
   */
  record Unrecognized(int fieldId) implements LogicalType {
    @Override
    public int unionFieldId() {
      return fieldId;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, fieldId);
    }
  }

  // ---------------------------------------------------------------------------------------------------------

  private static void beginMember(CompactProtocolWriter out, int id) {
    out.writeStructBegin();
    out.writeFieldBegin(CompactType.STRUCT, id);
    out.writeStructBegin();
  }

  private static void endMember(CompactProtocolWriter out) {
    out.writeStructEnd();
    out.writeStructEnd();
  }

  private static byte toI8(int value, String name) {
    if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
      throw new IllegalArgumentException(name + " " + value + " does not fit the i8 it is written as");
    }
    return (byte) value;
  }

  private static LogicalType readEmpty(CompactProtocolReader in, int id) throws ParquetCorruptionException {
    LogicalType member = switch (id) {
      case 1 -> new StringType();
      case 2 -> new MapType();
      case 3 -> new ListType();
      case 4 -> new EnumType();
      case 6 -> new DateType();
      case 11 -> new NullType();
      case 12 -> new JsonType();
      case 13 -> new BsonType();
      case 14 -> new UuidType();
      case 15 -> new Float16Type();
      case 19 -> new VectorType();
      default -> throw new IllegalStateException("not an empty LogicalType member: " + id);
    };
    FormatSupport.readEmptyStruct(in, member.getClass().getSimpleName());
    return member;
  }

  private static LogicalType readDecimal(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer scale = null;
    Integer precision = null;
    in.readStructBegin("DecimalType");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> scale = in.readI32Field();
        case 2 -> precision = in.readI32Field();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new DecimalType(
        in.require(scale, "DecimalType", 1, "scale"), in.require(precision, "DecimalType", 2, "precision"));
  }

  private static LogicalType readTime(CompactProtocolReader in) throws ParquetCorruptionException {
    return readTimeOrTimestamp(in, "TimeType", 7);
  }

  private static LogicalType readTimestamp(CompactProtocolReader in) throws ParquetCorruptionException {
    return readTimeOrTimestamp(in, "TimestampType", 8);
  }

  private static LogicalType readTimeOrTimestamp(CompactProtocolReader in, String structName, int unionId)
      throws ParquetCorruptionException {
    Boolean isAdjustedToUTC = null;
    TimeUnit unit = null;
    boolean sawUnit = false;
    in.readStructBegin(structName);
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> isAdjustedToUTC = in.readBoolField();
        case 2 -> {
          sawUnit = in.fieldType() == CompactType.STRUCT;
          unit = in.readStructField(TimeUnit::read);
        }
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    in.require(isAdjustedToUTC, structName, 1, "isAdjustedToUTC");
    in.require(sawUnit ? Boolean.TRUE : null, structName, 2, "unit");
    if (unit == null) {
      return new Unrecognized(unionId);
    }
    return unionId == 7 ? new TimeType(isAdjustedToUTC, unit) : new TimestampType(isAdjustedToUTC, unit);
  }

  private static LogicalType readInt(CompactProtocolReader in) throws ParquetCorruptionException {
    Byte bitWidth = null;
    Boolean isSigned = null;
    in.readStructBegin("IntType");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> bitWidth = in.readByteField();
        case 2 -> isSigned = in.readBoolField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new IntType(
        in.require(bitWidth, "IntType", 1, "bitWidth"), in.require(isSigned, "IntType", 2, "isSigned"));
  }

  private static LogicalType readVariant(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer specificationVersion = null;
    in.readStructBegin("VariantType");
    while (in.readFieldBegin()) {
      if (in.fieldId() == 1) {
        Byte version = in.readByteField();
        specificationVersion = version == null ? null : (int) version;
      } else {
        in.skipField();
      }
    }
    in.readStructEnd();
    return new VariantType(specificationVersion);
  }

  private static LogicalType readGeometry(CompactProtocolReader in) throws ParquetCorruptionException {
    String crs = null;
    in.readStructBegin("GeometryType");
    while (in.readFieldBegin()) {
      if (in.fieldId() == 1) {
        crs = in.readStringField();
      } else {
        in.skipField();
      }
    }
    in.readStructEnd();
    return new GeometryType(crs);
  }

  private static LogicalType readGeography(CompactProtocolReader in) throws ParquetCorruptionException {
    String crs = null;
    EdgeInterpolationAlgorithm algorithm = null;
    in.readStructBegin("GeographyType");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> crs = in.readStringField();
        case 2 -> algorithm = in.readEnumField(EdgeInterpolationAlgorithm::fromValue);
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new GeographyType(crs, algorithm);
  }
}
