package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * The sort order used by a column's min/max statistics and column index bounds, one per leaf in
 * {@link FileMetaData#columnOrders()} (parquet.thrift {@code union ColumnOrder}). When the member is
 * {@link Unrecognized}, readers must ignore the column's min/max statistics.
 * Each nested record is one union member; a member id this library does not know decodes as
 * {@link Unrecognized}. {@link #write} writes the whole union.
 */
public sealed interface ColumnOrder {

  /** The union field id of this member. */
  int unionFieldId();

  /** Writes this value as a complete {@code ColumnOrder} union. */
  default void write(CompactProtocolWriter out) {
    FormatSupport.writeEmptyUnionMember(out, unionFieldId());
  }

  /** Reads a {@code ColumnOrder} union. */
  static ColumnOrder read(CompactProtocolReader in) throws ParquetCorruptionException {
    ColumnOrder result = null;
    in.readStructBegin("ColumnOrder");
    while (in.readFieldBegin()) {
      if (result != null) {
        throw in.invalidField("union ColumnOrder has more than one member set");
      }
      int id = in.fieldId();
      result = switch (id) {
        case 1 -> FormatSupport.readEmptyMember(in, "TypeDefinedOrder", new TypeDefinedOrder());
        case 2 -> FormatSupport.readEmptyMember(in, "Ieee754TotalOrder", new Ieee754TotalOrder());
        case 3 -> FormatSupport.readEmptyMember(in, "Int96TimestampOrder", new Int96TimestampOrder());
        default -> {
          in.skipField();
          yield new Unrecognized(id);
        }
      };
    }
    in.readStructEnd();
    if (result == null) {
      throw in.invalidField("union ColumnOrder has no member set");
    }
    return result;
  }

  /** TYPE_ORDER: the order defined by the logical or physical type. */
  record TypeDefinedOrder() implements ColumnOrder {
    @Override
    public int unionFieldId() {
      return 1;
    }
  }

  /** IEEE_754_TOTAL_ORDER: IEEE 754 totalOrder for FLOAT, DOUBLE and FLOAT16 (parquet.thrift {@code IEEE754TotalOrder}). */
  record Ieee754TotalOrder() implements ColumnOrder {
    @Override
    public int unionFieldId() {
      return 2;
    }
  }

  /** INT96_TIMESTAMP_ORDER: chronological order of INT96 timestamps. */
  record Int96TimestampOrder() implements ColumnOrder {
    @Override
    public int unionFieldId() {
      return 3;
    }
  }

  /**
   * A union member this library does not know (content skipped on decode; writing it emits an empty struct
   * under the same field id).
   */
  record Unrecognized(int fieldId) implements ColumnOrder {
    @Override
    public int unionFieldId() {
      return fieldId;
    }
  }
}
