package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * The compression of a bloom filter bitset (parquet.thrift {@code union BloomFilterCompression}).
 * Each nested record is one union member; a member id this library does not know decodes as
 * {@link Unrecognized}. {@link #write} writes the whole union.
 */
public sealed interface BloomFilterCompression {

  /** The union field id of this member. */
  int unionFieldId();

  /** Writes this value as a complete {@code BloomFilterCompression} union. */
  default void write(CompactProtocolWriter out) {
    FormatSupport.writeEmptyUnionMember(out, unionFieldId());
  }

  /** Reads a {@code BloomFilterCompression} union. */
  static BloomFilterCompression read(CompactProtocolReader in) throws ParquetCorruptionException {
    BloomFilterCompression result = null;
    in.readStructBegin("BloomFilterCompression");
    while (in.readFieldBegin()) {
      if (result != null) {
        throw in.invalidField("union BloomFilterCompression has more than one member set");
      }
      int id = in.fieldId();
      result = switch (id) {
        case 1 -> FormatSupport.readEmptyMember(in, "Uncompressed", new Uncompressed());
        default -> {
          in.skipField();
          yield new Unrecognized(id);
        }
      };
    }
    in.readStructEnd();
    if (result == null) {
      throw in.invalidField("union BloomFilterCompression has no member set");
    }
    return result;
  }

  /** UNCOMPRESSED: the bitset is stored as is. */
  record Uncompressed() implements BloomFilterCompression {
    @Override
    public int unionFieldId() {
      return 1;
    }
  }

  /**
   * A union member this library does not know (content skipped on decode; writing it emits an empty struct
   * under the same field id).
   */
  record Unrecognized(int fieldId) implements BloomFilterCompression {
    @Override
    public int unionFieldId() {
      return fieldId;
    }
  }
}
