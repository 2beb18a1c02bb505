package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * The Parquet Modular Encryption algorithm of a file (parquet.thrift {@code union EncryptionAlgorithm}), in
 * {@link FileCryptoMetaData} (encrypted footer) or {@link FileMetaData#encryptionAlgorithm()} (plaintext
 * footer). A member id this library does not know decodes as {@link Unrecognized}. {@link #write} writes the
 * whole union.
 */
public sealed interface EncryptionAlgorithm {

  /** The union field id of this member. */
  int unionFieldId();

  /** Writes this value as a complete {@code EncryptionAlgorithm} union. */
  void write(CompactProtocolWriter out);

  /** Reads an {@code EncryptionAlgorithm} union. */
  static EncryptionAlgorithm read(CompactProtocolReader in) throws ParquetCorruptionException {
    EncryptionAlgorithm result = null;
    in.readStructBegin("EncryptionAlgorithm");
    while (in.readFieldBegin()) {
      if (result != null) {
        throw in.invalidField("union EncryptionAlgorithm has more than one member set");
      }
      int id = in.fieldId();
      result = switch (id) {
        case 1 -> in.readStructField(member -> {
          AesFields fields = AesFields.read(member, "AesGcmV1");
          return new AesGcmV1(fields.aadPrefix, fields.aadFileUnique, fields.supplyAadPrefix);
        });
        case 2 -> in.readStructField(member -> {
          AesFields fields = AesFields.read(member, "AesGcmCtrV1");
          return new AesGcmCtrV1(fields.aadPrefix, fields.aadFileUnique, fields.supplyAadPrefix);
        });
        default -> {
          in.skipField();
          yield new Unrecognized(id);
        }
      };
    }
    in.readStructEnd();
    if (result == null) {
      throw in.invalidField("union EncryptionAlgorithm has no member set");
    }
    return result;
  }

  /**
   * AES_GCM_V1: every module encrypted with AES-GCM (parquet.thrift {@code struct AesGcmV1}); all components
   * optional, null when absent. Equality compares bytes by content.
   */
  record AesGcmV1(byte[] aadPrefix, byte[] aadFileUnique, Boolean supplyAadPrefix) implements EncryptionAlgorithm {
    @Override
    public int unionFieldId() {
      return 1;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      AesFields.write(out, 1, aadPrefix, aadFileUnique, supplyAadPrefix);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof AesGcmV1 that
          && Arrays.equals(aadPrefix, that.aadPrefix)
          && Arrays.equals(aadFileUnique, that.aadFileUnique)
          && Objects.equals(supplyAadPrefix, that.supplyAadPrefix);
    }

    @Override
    public int hashCode() {
      return Objects.hash(Arrays.hashCode(aadPrefix), Arrays.hashCode(aadFileUnique), supplyAadPrefix);
    }

    @Override
    public String toString() {
      return "AesGcmV1[aadPrefix=" + FormatSupport.hex(aadPrefix) + ", aadFileUnique="
          + FormatSupport.hex(aadFileUnique) + ", supplyAadPrefix=" + supplyAadPrefix + "]";
    }
  }

  /**
   * AES_GCM_CTR_V1: metadata with AES-GCM, page data with AES-CTR (parquet.thrift {@code struct AesGcmCtrV1});
   * all components optional, null when absent. Equality compares bytes by content.
   */
  record AesGcmCtrV1(byte[] aadPrefix, byte[] aadFileUnique, Boolean supplyAadPrefix)
      implements EncryptionAlgorithm {
    @Override
    public int unionFieldId() {
      return 2;
    }

    @Override
    public void write(CompactProtocolWriter out) {
      AesFields.write(out, 2, aadPrefix, aadFileUnique, supplyAadPrefix);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof AesGcmCtrV1 that
          && Arrays.equals(aadPrefix, that.aadPrefix)
          && Arrays.equals(aadFileUnique, that.aadFileUnique)
          && Objects.equals(supplyAadPrefix, that.supplyAadPrefix);
    }

    @Override
    public int hashCode() {
      return Objects.hash(Arrays.hashCode(aadPrefix), Arrays.hashCode(aadFileUnique), supplyAadPrefix);
    }

    @Override
    public String toString() {
      return "AesGcmCtrV1[aadPrefix=" + FormatSupport.hex(aadPrefix) + ", aadFileUnique="
          + FormatSupport.hex(aadFileUnique) + ", supplyAadPrefix=" + supplyAadPrefix + "]";
    }
  }

  /** A union member this library does not know (writing it emits an empty struct under the same id). */
  record Unrecognized(int fieldId) implements EncryptionAlgorithm {
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
