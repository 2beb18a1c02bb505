package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * The hash function of a bloom filter (parquet.thrift {@code union BloomFilterHash}).
 * Each nested record is one union member; a member id this library does not know decodes as
 * {@link Unrecognized}. {@link #write} writes the whole union.
 */
public sealed interface BloomFilterHash {

  /** The union field id of this member. */
  int unionFieldId();

  /** Writes this value as a complete {@code BloomFilterHash} union. */
  default void write(CompactProtocolWriter out) {
    FormatSupport.writeEmptyUnionMember(out, unionFieldId());
  }

  /** Reads a {@code BloomFilterHash} union. */
  static BloomFilterHash read(CompactProtocolReader in) throws ParquetCorruptionException {
    BloomFilterHash result = null;
    in.readStructBegin("BloomFilterHash");
    while (in.readFieldBegin()) {
      if (result != null) {
        throw in.invalidField("union BloomFilterHash has more than one member set");
      }
      int id = in.fieldId();
      result = switch (id) {
        case 1 -> FormatSupport.readEmptyMember(in, "XxHash", new XxHash());
        default -> {
          in.skipField();
          yield new Unrecognized(id);
        }
      };
    }
    in.readStructEnd();
    if (result == null) {
      throw in.invalidField("union BloomFilterHash has no member set");
    }
    return result;
  }

  /** XXHASH: 64-bit xxHash of the PLAIN-encoded value, seed 0. */
  record XxHash() implements BloomFilterHash {
    @Override
    public int unionFieldId() {
      return 1;
    }
  }

  /**
   * A union member this library does not know (content skipped on decode; writing it emits an empty struct
   * under the same field id).
   */
  record Unrecognized(int fieldId) implements BloomFilterHash {
    @Override
    public int unionFieldId() {
      return fieldId;
    }
  }
}
