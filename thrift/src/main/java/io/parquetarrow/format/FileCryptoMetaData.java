package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * The plaintext crypto metadata in front of an encrypted footer ("PARE" files) (parquet.thrift {@code struct
 * FileCryptoMetaData}); {@code keyMetadata} is null when absent. Equality compares bytes by content.
 */
public record FileCryptoMetaData(EncryptionAlgorithm encryptionAlgorithm, byte[] keyMetadata) {
  public FileCryptoMetaData {
    Objects.requireNonNull(encryptionAlgorithm, "encryptionAlgorithm");
  }

  public static FileCryptoMetaData read(CompactProtocolReader in) throws ParquetCorruptionException {
    EncryptionAlgorithm encryptionAlgorithm = null;
    byte[] keyMetadata = null;
    in.readStructBegin("FileCryptoMetaData");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> encryptionAlgorithm = in.readStructField(EncryptionAlgorithm::read);
        case 2 -> keyMetadata = in.readBinaryField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new FileCryptoMetaData(
        in.require(encryptionAlgorithm, "FileCryptoMetaData", 1, "encryption_algorithm"), keyMetadata);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeStructField(1, encryptionAlgorithm, (writer, value) -> value.write(writer));
    if (keyMetadata != null) {
      out.writeBinaryField(2, keyMetadata);
    }
    out.writeStructEnd();
  }

  /**
   * Decodes from the front of a slice; the encrypted footer follows it in the file, so use a
   * {@link CompactProtocolReader} directly when its length is needed.
   */
  public static FileCryptoMetaData decode(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    return read(new CompactProtocolReader(bytes, offset, length));
  }

  /** Encodes this FileCryptoMetaData. */
  public byte[] encode() {
    CompactProtocolWriter out = new CompactProtocolWriter(64);
    write(out);
    return out.toByteArray();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FileCryptoMetaData that
        && encryptionAlgorithm.equals(that.encryptionAlgorithm)
        && Arrays.equals(keyMetadata, that.keyMetadata);
  }

  @Override
  public int hashCode() {
    return encryptionAlgorithm.hashCode() * 31 + Arrays.hashCode(keyMetadata);
  }

  @Override
  public String toString() {
    return "FileCryptoMetaData[encryptionAlgorithm=" + encryptionAlgorithm
        + ", keyMetadata=" + FormatSupport.hex(keyMetadata) + "]";
  }
}
