package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Objects;

/**
 * The header in front of every page of a column chunk (parquet.thrift {@code struct PageHeader}). {@code type}
 * says which one of the four page-specific headers is set; the others are null. Page sizes exclude this
 * header; {@code crc} is null when absent. An unknown page type decodes as {@link PageType#UNKNOWN}.
 *
 * <p>Page headers have no length prefix: decode them with {@link #decodePrefix} or a
 * {@link CompactProtocolReader} over bytes that may run past the header, then take
 * {@link CompactProtocolReader#bytesConsumed()}; a {@link io.parquetarrow.thrift.ThriftTruncatedException}
 * means the slice was too short.
 */
public record PageHeader(
    PageType type,
    int uncompressedPageSize,
    int compressedPageSize,
    Integer crc,
    DataPageHeader dataPageHeader,
    IndexPageHeader indexPageHeader,
    DictionaryPageHeader dictionaryPageHeader,
    DataPageHeaderV2 dataPageHeaderV2) {
  public PageHeader {
    Objects.requireNonNull(type, "type");
  }

  /** A header decoded from the front of a slice, and how many bytes it took. */
  public record Decoded(PageHeader header, int headerLength) {}

  public static PageHeader read(CompactProtocolReader in) throws ParquetCorruptionException {
    PageType type = null;
    Integer uncompressedPageSize = null;
    Integer compressedPageSize = null;
    Integer crc = null;
    DataPageHeader dataPageHeader = null;
    IndexPageHeader indexPageHeader = null;
    DictionaryPageHeader dictionaryPageHeader = null;
    DataPageHeaderV2 dataPageHeaderV2 = null;
    in.readStructBegin("PageHeader");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> type = in.readEnumField(PageType::fromValue);
        case 2 -> uncompressedPageSize = in.readI32Field();
        case 3 -> compressedPageSize = in.readI32Field();
        case 4 -> crc = in.readI32Field();
        case 5 -> dataPageHeader = in.readStructField(DataPageHeader::read);
        case 6 -> indexPageHeader = in.readStructField(IndexPageHeader::read);
        case 7 -> dictionaryPageHeader = in.readStructField(DictionaryPageHeader::read);
        case 8 -> dataPageHeaderV2 = in.readStructField(DataPageHeaderV2::read);
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new PageHeader(
        in.require(type, "PageHeader", 1, "type"),
        in.require(uncompressedPageSize, "PageHeader", 2, "uncompressed_page_size"),
        in.require(compressedPageSize, "PageHeader", 3, "compressed_page_size"),
        crc, dataPageHeader, indexPageHeader, dictionaryPageHeader, dataPageHeaderV2);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeEnumField(1, type);
    out.writeI32Field(2, uncompressedPageSize);
    out.writeI32Field(3, compressedPageSize);
    if (crc != null) {
      out.writeI32Field(4, crc);
    }
    if (dataPageHeader != null) {
      out.writeStructField(5, dataPageHeader, (writer, value) -> value.write(writer));
    }
    if (indexPageHeader != null) {
      out.writeStructField(6, indexPageHeader, (writer, value) -> value.write(writer));
    }
    if (dictionaryPageHeader != null) {
      out.writeStructField(7, dictionaryPageHeader, (writer, value) -> value.write(writer));
    }
    if (dataPageHeaderV2 != null) {
      out.writeStructField(8, dataPageHeaderV2, (writer, value) -> value.write(writer));
    }
    out.writeStructEnd();
  }

  /** Decodes a header that fills exactly the first bytes of the slice (trailing bytes are ignored). */
  public static PageHeader decode(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    return read(new CompactProtocolReader(bytes, offset, length));
  }

  /**
   * Decodes a header from the front of a slice that may hold more bytes (the page data) and reports the header
   * length. Throws {@link io.parquetarrow.thrift.ThriftTruncatedException} when the slice ends inside the
   * header, so the caller can retry with more bytes.
   */
  public static Decoded decodePrefix(byte[] bytes, int offset, int length) throws ParquetCorruptionException {
    CompactProtocolReader in = new CompactProtocolReader(bytes, offset, length);
    PageHeader header = read(in);
    return new Decoded(header, in.bytesConsumed());
  }

  /** Encodes this header. */
  public byte[] encode() {
    CompactProtocolWriter out = new CompactProtocolWriter(64);
    write(out);
    return out.toByteArray();
  }
}
