package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import io.parquetarrow.thrift.CompactType;

/** The three fields that {@link EncryptionAlgorithm.AesGcmV1} and {@link EncryptionAlgorithm.AesGcmCtrV1} share. */
final class AesFields {
  byte[] aadPrefix;
  byte[] aadFileUnique;
  Boolean supplyAadPrefix;

  private AesFields() {}

  static AesFields read(CompactProtocolReader in, String structName) throws ParquetCorruptionException {
    AesFields fields = new AesFields();
    in.readStructBegin(structName);
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> fields.aadPrefix = in.readBinaryField();
        case 2 -> fields.aadFileUnique = in.readBinaryField();
        case 3 -> fields.supplyAadPrefix = in.readBoolField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return fields;
  }

  static void write(CompactProtocolWriter out, int unionId, byte[] aadPrefix, byte[] aadFileUnique,
      Boolean supplyAadPrefix) {
    out.writeStructBegin();
    out.writeFieldBegin(CompactType.STRUCT, unionId);
    out.writeStructBegin();
    if (aadPrefix != null) {
      out.writeBinaryField(1, aadPrefix);
    }
    if (aadFileUnique != null) {
      out.writeBinaryField(2, aadFileUnique);
    }
    if (supplyAadPrefix != null) {
      out.writeBoolField(3, supplyAadPrefix);
    }
    out.writeStructEnd();
    out.writeStructEnd();
  }
}
