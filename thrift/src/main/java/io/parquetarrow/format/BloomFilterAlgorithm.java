package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;

/**
 * The algorithm of a bloom filter (parquet.thrift {@code union BloomFilterAlgorithm}).
 * Each nested record is one union member; a member id this library does not know decodes as
 * {@link Unrecognized}. {@link #write} writes the whole union.
 */
public sealed interface BloomFilterAlgorithm {

  /** The union field id of this member. */
  int unionFieldId();

  /** Writes this value as a complete {@code BloomFilterAlgorithm} union. */
  default void write(CompactProtocolWriter out) {
    FormatSupport.writeEmptyUnionMember(out, unionFieldId());
  }

  /** Reads a {@code BloomFilterAlgorithm} union. */
  static BloomFilterAlgorithm read(CompactProtocolReader in) throws ParquetCorruptionException {
    BloomFilterAlgorithm result = null;
    in.readStructBegin("BloomFilterAlgorithm");
    while (in.readFieldBegin()) {
      if (result != null) {
        throw in.invalidField("union BloomFilterAlgorithm has more than one member set");
      }
      int id = in.fieldId();
      result = switch (id) {
        case 1 -> FormatSupport.readEmptyMember(in, "SplitBlockAlgorithm", new SplitBlockAlgorithm());
        default -> {
          in.skipField();
          yield new Unrecognized(id);
        }
      };
    }
    in.readStructEnd();
    if (result == null) {
      throw in.invalidField("union BloomFilterAlgorithm has no member set");
    }
    return result;
  }

  /** BLOCK: the split block bloom filter. */
  record SplitBlockAlgorithm() implements BloomFilterAlgorithm {
    @Override
    public int unionFieldId() {
      return 1;
    }
  }

  /**
   * A union member this library does not know (content skipped on decode; writing it emits an empty struct
   * under the same field id).
   */
  record Unrecognized(int fieldId) implements BloomFilterAlgorithm {
    @Override
    public int unionFieldId() {
      return fieldId;
    }
  }
}
