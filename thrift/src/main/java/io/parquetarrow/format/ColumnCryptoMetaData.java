package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import io.parquetarrow.thrift.CompactType;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How an encrypted column chunk's key is found (parquet.thrift {@code union ColumnCryptoMetaData}), in
 * {@link ColumnChunk#cryptoMetadata()}: with the footer key, or with a column key. A member id this library does
 * not know decodes as {@link Unrecognized}. {@link #write} writes the whole union.
 */
public sealed interface ColumnCryptoMetaData {

  /** The union field id of this member. */
  int unionFieldId();

  /** Writes this value as a complete {@code ColumnCryptoMetaData} union. */
  void write(CompactProtocolWriter out);

  /** Reads a {@code ColumnCryptoMetaData} union. */
  static ColumnCryptoMetaData read(CompactProtocolReader in) throws ParquetCorruptionException {
    ColumnCryptoMetaData result = null;
    in.readStructBegin("ColumnCryptoMetaData");
    while (in.readFieldBegin()) {
      if (result != null) {
        throw in.invalidField("union ColumnCryptoMetaData has more than one member set");
      }
      int id = in.fieldId();
      result = switch (id) {
        case 1 -> FormatSupport.readEmptyMember(in, "EncryptionWithFooterKey", new EncryptionWithFooterKey());
        case 2 -> in.readStructField(EncryptionWithColumnKey::read);
        default -> {
          in.skipField();
          yield new Unrecognized(id);
        }
      };
    }
    in.readStructEnd();
    if (result == null) {
      throw in.invalidField("union ColumnCryptoMetaData has no member set");
    }
    return result;
  }

  /** ENCRYPTION_WITH_FOOTER_KEY: the column is encrypted with the footer key. */
  record EncryptionWithFooterKey() implements ColumnCryptoMetaData {
    @Override
    public int unionFieldId() {
      return 1;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, 1);
    }
  }

  /**
   * ENCRYPTION_WITH_COLUMN_KEY: the column has its own key (parquet.thrift {@code struct
   * EncryptionWithColumnKey}); {@code keyMetadata} is null when absent. Equality compares bytes by content.
   */
  record EncryptionWithColumnKey(List<String> pathInSchema, byte[] keyMetadata) implements ColumnCryptoMetaData {
    public EncryptionWithColumnKey {
      pathInSchema = FormatSupport.immutable(Objects.requireNonNull(pathInSchema, "pathInSchema"));
    }

    /** Reads the member struct (not the union around it). */
    public static EncryptionWithColumnKey read(CompactProtocolReader in) throws ParquetCorruptionException {
      List<String> pathInSchema = null;
      byte[] keyMetadata = null;
      in.readStructBegin("EncryptionWithColumnKey");
      while (in.readFieldBegin()) {
        switch (in.fieldId()) {
          case 1 -> pathInSchema = in.readStringListField();
          case 2 -> keyMetadata = in.readBinaryField();
          default -> in.skipField();
        }
      }
      in.readStructEnd();
      return new EncryptionWithColumnKey(
          in.require(pathInSchema, "EncryptionWithColumnKey", 1, "path_in_schema"), keyMetadata);
    }

    @Override
    public int unionFieldId() {
      return 2;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      out.writeStructBegin();
      out.writeFieldBegin(CompactType.STRUCT, 2);
      out.writeStructBegin();
      out.writeStringListField(1, pathInSchema);
      if (keyMetadata != null) {
        out.writeBinaryField(2, keyMetadata);
      }
      out.writeStructEnd();
      out.writeStructEnd();
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof EncryptionWithColumnKey that
          && pathInSchema.equals(that.pathInSchema)
          && Arrays.equals(keyMetadata, that.keyMetadata);
    }

    @Override
    public int hashCode() {
      return pathInSchema.hashCode() * 31 + Arrays.hashCode(keyMetadata);
    }

    @Override
    public String toString() {
      return "EncryptionWithColumnKey[pathInSchema=" + pathInSchema
          + ", keyMetadata=" + FormatSupport.hex(keyMetadata) + "]";
    }
  }

  /** A union member this library does not know (writing it emits an empty struct under the same id). */
  record Unrecognized(int fieldId) implements ColumnCryptoMetaData {
    @Override
    public int unionFieldId() {
      return fieldId;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      FormatSupport.writeEmptyUnionMember(out, fieldId);
    }
  }
}
