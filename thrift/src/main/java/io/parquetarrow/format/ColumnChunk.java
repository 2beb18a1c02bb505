package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * One column chunk of a {@link RowGroup} (parquet.thrift {@code struct ColumnChunk}): where its metadata and page
 * indexes are, and, for encrypted columns, its crypto metadata. Optional components are null when absent;
 * {@code fileOffset} is required with default 0 in the IDL, so an absent value reads as 0. Equality compares
 * {@code encryptedColumnMetadata} by content.
 */
public record ColumnChunk(
    String filePath,
    long fileOffset,
    ColumnMetaData metaData,
    Long offsetIndexOffset,
    Integer offsetIndexLength,
    Long columnIndexOffset,
    Integer columnIndexLength,
    ColumnCryptoMetaData cryptoMetadata,
    byte[] encryptedColumnMetadata) {

  public static ColumnChunk read(CompactProtocolReader in) throws ParquetCorruptionException {
    String filePath = null;
    Long fileOffset = null;
    ColumnMetaData metaData = null;
    Long offsetIndexOffset = null;
    Integer offsetIndexLength = null;
    Long columnIndexOffset = null;
    Integer columnIndexLength = null;
    ColumnCryptoMetaData cryptoMetadata = null;
    byte[] encryptedColumnMetadata = null;
    in.readStructBegin("ColumnChunk");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> filePath = in.readStringField();
        case 2 -> fileOffset = in.readI64Field();
        case 3 -> metaData = in.readStructField(ColumnMetaData::read);
        case 4 -> offsetIndexOffset = in.readI64Field();
        case 5 -> offsetIndexLength = in.readI32Field();
        case 6 -> columnIndexOffset = in.readI64Field();
        case 7 -> columnIndexLength = in.readI32Field();
        case 8 -> cryptoMetadata = in.readStructField(ColumnCryptoMetaData::read);
        case 9 -> encryptedColumnMetadata = in.readBinaryField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new ColumnChunk(filePath, fileOffset == null ? 0 : fileOffset, metaData, offsetIndexOffset, offsetIndexLength,
        columnIndexOffset, columnIndexLength, cryptoMetadata, encryptedColumnMetadata);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    if (filePath != null) {
      out.writeStringField(1, filePath);
    }
    out.writeI64Field(2, fileOffset);
    if (metaData != null) {
      out.writeStructField(3, metaData, (writer, value) -> value.write(writer));
    }
    if (offsetIndexOffset != null) {
      out.writeI64Field(4, offsetIndexOffset);
    }
    if (offsetIndexLength != null) {
      out.writeI32Field(5, offsetIndexLength);
    }
    if (columnIndexOffset != null) {
      out.writeI64Field(6, columnIndexOffset);
    }
    if (columnIndexLength != null) {
      out.writeI32Field(7, columnIndexLength);
    }
    if (cryptoMetadata != null) {
      out.writeStructField(8, cryptoMetadata, (writer, value) -> value.write(writer));
    }
    if (encryptedColumnMetadata != null) {
      out.writeBinaryField(9, encryptedColumnMetadata);
    }
    out.writeStructEnd();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ColumnChunk that
        && Objects.equals(filePath, that.filePath)
        && fileOffset == that.fileOffset
        && Objects.equals(metaData, that.metaData)
        && Objects.equals(offsetIndexOffset, that.offsetIndexOffset)
        && Objects.equals(offsetIndexLength, that.offsetIndexLength)
        && Objects.equals(columnIndexOffset, that.columnIndexOffset)
        && Objects.equals(columnIndexLength, that.columnIndexLength)
        && Objects.equals(cryptoMetadata, that.cryptoMetadata)
        && Arrays.equals(encryptedColumnMetadata, that.encryptedColumnMetadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(filePath, fileOffset, metaData, offsetIndexOffset, offsetIndexLength, columnIndexOffset,
        columnIndexLength, cryptoMetadata, Arrays.hashCode(encryptedColumnMetadata));
  }

  @Override
  public String toString() {
    return "ColumnChunk[filePath=" + filePath + ", fileOffset=" + fileOffset + ", metaData=" + metaData
        + ", offsetIndexOffset=" + offsetIndexOffset + ", offsetIndexLength=" + offsetIndexLength
        + ", columnIndexOffset=" + columnIndexOffset + ", columnIndexLength=" + columnIndexLength
        + ", cryptoMetadata=" + cryptoMetadata
        + ", encryptedColumnMetadata=" + FormatSupport.hex(encryptedColumnMetadata) + "]";
  }
}
