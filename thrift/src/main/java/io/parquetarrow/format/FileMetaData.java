package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The file footer (parquet.thrift {@code struct FileMetaData}): the flattened schema, the row groups, the row
 * count and key/value metadata. It is the root of everything the reader knows about a file; decode it with
 * {@link #decode} from the bytes in front of the 8-byte tail. Optional components are null when absent; equality
 * compares {@code footerSigningKeyMetadata} by content.
 */
public record FileMetaData(
    int version,
    List<SchemaElement> schema,
    long numRows,
    List<RowGroup> rowGroups,
    List<KeyValue> keyValueMetadata,
    String createdBy,
    List<ColumnOrder> columnOrders,
    EncryptionAlgorithm encryptionAlgorithm,
    byte[] footerSigningKeyMetadata) {
  public FileMetaData {
    schema = FormatSupport.immutable(Objects.requireNonNull(schema, "schema"));
    rowGroups = FormatSupport.immutable(Objects.requireNonNull(rowGroups, "rowGroups"));
    keyValueMetadata = FormatSupport.immutable(keyValueMetadata);
    columnOrders = FormatSupport.immutable(columnOrders);
  }

  public static FileMetaData read(CompactProtocolReader in) throws ParquetCorruptionException {
    Integer version = null;
    List<SchemaElement> schema = null;
    Long numRows = null;
    List<RowGroup> rowGroups = null;
    List<KeyValue> keyValueMetadata = null;
    String createdBy = null;
    List<ColumnOrder> columnOrders = null;
    EncryptionAlgorithm encryptionAlgorithm = null;
    byte[] footerSigningKeyMetadata = null;
    in.readStructBegin("FileMetaData");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> version = in.readI32Field();
        case 2 -> schema = in.readStructListField(SchemaElement::read);
        case 3 -> numRows = in.readI64Field();
        case 4 -> rowGroups = in.readStructListField(RowGroup::read);
        case 5 -> keyValueMetadata = in.readStructListField(KeyValue::read);
        case 6 -> createdBy = in.readStringField();
        case 7 -> columnOrders = in.readStructListField(ColumnOrder::read);
        case 8 -> encryptionAlgorithm = in.readStructField(EncryptionAlgorithm::read);
        case 9 -> footerSigningKeyMetadata = in.readBinaryField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new FileMetaData(
        in.require(version, "FileMetaData", 1, "version"),
        in.require(schema, "FileMetaData", 2, "schema"),
        in.require(numRows, "FileMetaData", 3, "num_rows"),
        in.require(rowGroups, "FileMetaData", 4, "row_groups"),
        keyValueMetadata, createdBy, columnOrders, encryptionAlgorithm, footerSigningKeyMetadata);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeI32Field(1, version);
    out.writeStructListField(2, schema, (writer, value) -> value.write(writer));
    out.writeI64Field(3, numRows);
    out.writeStructListField(4, rowGroups, (writer, value) -> value.write(writer));
    if (keyValueMetadata != null) {
      out.writeStructListField(5, keyValueMetadata, (writer, value) -> value.write(writer));
    }
    if (createdBy != null) {
      out.writeStringField(6, createdBy);
    }
    if (columnOrders != null) {
      out.writeStructListField(7, columnOrders, (writer, value) -> value.write(writer));
    }
    if (encryptionAlgorithm != null) {
      out.writeStructField(8, encryptionAlgorithm, (writer, value) -> value.write(writer));
    }
    if (footerSigningKeyMetadata != null) {
      out.writeBinaryField(9, footerSigningKeyMetadata);
    }
    out.writeStructEnd();
  }

  /** Decodes a footer from {@code length} bytes at {@code offset}. */
  public static FileMetaData decode(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    return read(new CompactProtocolReader(bytes, offset, length));
  }

  /** Encodes this footer (without the length and magic that follow it in a file). */
  public byte[] encode() {
    CompactProtocolWriter out = new CompactProtocolWriter(1024);
    write(out);
    return out.toByteArray();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FileMetaData that
        && version == that.version
        && schema.equals(that.schema)
        && numRows == that.numRows
        && rowGroups.equals(that.rowGroups)
        && Objects.equals(keyValueMetadata, that.keyValueMetadata)
        && Objects.equals(createdBy, that.createdBy)
        && Objects.equals(columnOrders, that.columnOrders)
        && Objects.equals(encryptionAlgorithm, that.encryptionAlgorithm)
        && Arrays.equals(footerSigningKeyMetadata, that.footerSigningKeyMetadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(version, schema, numRows, rowGroups, keyValueMetadata, createdBy, columnOrders,
        encryptionAlgorithm, Arrays.hashCode(footerSigningKeyMetadata));
  }

  @Override
  public String toString() {
    return "FileMetaData[version=" + version + ", schema=" + schema + ", numRows=" + numRows
        + ", rowGroups=" + rowGroups + ", keyValueMetadata=" + keyValueMetadata + ", createdBy=" + createdBy
        + ", columnOrders=" + columnOrders + ", encryptionAlgorithm=" + encryptionAlgorithm
        + ", footerSigningKeyMetadata=" + FormatSupport.hex(footerSigningKeyMetadata) + "]";
  }
}
