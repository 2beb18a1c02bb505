package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * The unit of a TIME or TIMESTAMP logical type. On the wire it is parquet.thrift {@code union TimeUnit} of the
 * empty structs MilliSeconds (1), MicroSeconds (2) and NanoSeconds (3); here a plain enum whose
 * {@link #value()} is the union field id.
 */
public enum TimeUnit {
  MILLIS(1),
  MICROS(2),
  NANOS(3);

  private final int fieldId;

  TimeUnit(int fieldId) {
    this.fieldId = fieldId;
  }

  /** How many of this unit make a second: 1,000, 1,000,000 or 1,000,000,000. */
  public long perSecond() {
    return switch (this) {
      case MILLIS -> 1_000L;
      case MICROS -> 1_000_000L;
      case NANOS -> 1_000_000_000L;
    };
  }

  /** The field id of this member in {@code union TimeUnit}. */
  public int value() {
    return fieldId;
  }

  /** The unit whose union field id is {@code value}; throws IllegalArgumentException when there is none. */
  public static TimeUnit fromValue(int value) {
    return switch (value) {
      case 1 -> MILLIS;
      case 2 -> MICROS;
      case 3 -> NANOS;
      default -> throw new IllegalArgumentException("no TimeUnit has field id " + value);
    };
  }

  /**
   * Reads the union; returns null when its member is one this library does not know (the enclosing logical
   * type then decodes as {@link LogicalType.Unrecognized}).
   */
  public static TimeUnit read(CompactProtocolReader in) throws ParquetCorruptionException {
    TimeUnit unit = null;
    boolean sawMember = false;
    in.readStructBegin("TimeUnit");
    while (in.readFieldBegin()) {
      if (sawMember) {
        throw in.invalidField("union TimeUnit has more than one member set");
      }
      sawMember = true;
      int id = in.fieldId();
      switch (id) {
        case 1, 2, 3 -> unit = FormatSupport.readEmptyMember(in, "TimeUnit member", fromValue(id));
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    if (!sawMember) {
      throw in.invalidField("union TimeUnit has no member set");
    }
    return unit;
  }

  /** Writes the union with this unit's empty member struct. */
  public void write(CompactProtocolWriter out) {
    FormatSupport.writeEmptyUnionMember(out, fieldId);
  }
}
