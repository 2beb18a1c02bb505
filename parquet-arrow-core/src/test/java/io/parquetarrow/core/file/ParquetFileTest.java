package io.parquetarrow.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.EncryptionAlgorithm;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.FieldRepetitionType;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.format.KeyValue;
import io.parquetarrow.format.RowGroup;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The footer reader on hand-built files: layout checks (size, both magics, footer length), the encrypted-footer
 * refusal, decoding, and the metadata validation of {@link ParquetMetadata} (chunk counts, types, byte ranges, the
 * dictionary page offset quirks, PARQUET-816 padding).
 */
class ParquetFileTest {
  private static final String NAME = "memory:test.parquet";
  /** Column data placeholder between the leading magic and the footer. */
  private static final int DATA_LENGTH = 300;

  @TempDir Path temporary;

  private static List<SchemaElement> oneInt32Column() {
    return List.of(
        new SchemaElement(null, null, null, "schema", 1, null, null, null, null, null, null),
        new SchemaElement(Type.INT32, null, FieldRepetitionType.OPTIONAL, "x", null, null, null, null, null, null,
            null));
  }

  private static ColumnMetaData columnMetaData(Type type, long dataPageOffset, Long dictionaryPageOffset,
      long compressedSize) {
    return new ColumnMetaData(type, List.of(Encoding.PLAIN, Encoding.RLE), List.of("x"), CompressionCodec.SNAPPY,
        10, compressedSize + 5, compressedSize, null, dataPageOffset, null, dictionaryPageOffset, null, null, null,
        null, null, null);
  }

  private static FileMetaData footer(List<ColumnChunk> chunks, String createdBy, List<KeyValue> keyValues,
      EncryptionAlgorithm encryption) {
    RowGroup rowGroup = new RowGroup(chunks, 40, 10, null, 4L, 40L, (short) 0);
    return new FileMetaData(2, oneInt32Column(), 10, List.of(rowGroup), keyValues, createdBy, null, encryption,
        null);
  }

  private static ColumnChunk chunk(ColumnMetaData metaData) {
    return new ColumnChunk(null, metaData.dataPageOffset(), metaData, null, null, null, null, null, null);
  }

  private static FileMetaData validFooter() {
    return footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, DATA_LENGTH))), "parquet-arrow test", null, null);
  }

  /** PAR1, DATA_LENGTH zero bytes, the footer, its length, PAR1. */
  private static byte[] file(byte[] footerBytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(new byte[DATA_LENGTH]);
    out.writeBytes(footerBytes);
    int length = footerBytes.length;
    out.writeBytes(new byte[] {(byte) length, (byte) (length >> 8), (byte) (length >> 16), (byte) (length >> 24)});
    out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  private static ParquetMetadata read(byte[] bytes) throws IOException {
    try (ParquetFile file = ParquetFile.open(new ChannelInputFile(NAME, new ByteArrayChannel(bytes)))) {
      return file.metadata();
    }
  }

  @Test
  void readsAValidFooterFromAChannel() throws IOException {
    ParquetMetadata metadata = read(file(validFooter().encode()));
    assertThat(metadata.rowCount()).as("num_rows").isEqualTo(10);
    assertThat(metadata.createdBy()).as("created_by").isEqualTo("parquet-arrow test");
    assertThat(metadata.isEncrypted()).as("encrypted").isFalse();
    assertThat(metadata.schema().columnCount()).as("leaf columns").isEqualTo(1);
    ColumnChunkMetadata chunk = metadata.rowGroup(0).column(0);
    assertThat(chunk.codec()).as("codec").isEqualTo(CompressionCodec.SNAPPY);
    assertThat(chunk.encodings()).as("encodings").containsExactly(Encoding.PLAIN, Encoding.RLE);
    assertThat(chunk.startOffset()).as("start").isEqualTo(4);
    assertThat(chunk.chunkLength()).as("length").isEqualTo(DATA_LENGTH);
    assertThat(chunk.valueCount()).as("values").isEqualTo(10);
    assertThat(chunk.column().dottedPath()).as("path").isEqualTo("x");
  }

  @Test
  void readsAValidFooterFromALocalFile() throws IOException {
    Path path = temporary.resolve("valid.parquet");
    Files.write(path, file(validFooter().encode()));
    try (ParquetFile file = ParquetFile.open(path)) {
      assertThat(file.metadata().rowCount()).as("num_rows").isEqualTo(10);
      assertThat(file.name()).as("name").isEqualTo(path.toString());
    }
  }

  @Test
  void readsAFooterLargerThanTheSpeculativeRead() throws IOException {
    List<KeyValue> keyValues = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      keyValues.add(new KeyValue("key-" + i, "value-".repeat(10) + i));
    }
    FileMetaData large = footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, DATA_LENGTH))), "w", keyValues,
        null);
    byte[] footerBytes = large.encode();
    assertThat(footerBytes.length).as("footer size").isGreaterThan(ParquetFile.SPECULATIVE_FOOTER_READ);
    ByteArrayChannel channel = new ByteArrayChannel(file(footerBytes));
    try (ParquetFile file = ParquetFile.open(new ChannelInputFile(NAME, channel))) {
      assertThat(file.metadata().keyValueMetadata()).as("key-values").hasSize(2000)
          .containsEntry("key-1999", "value-".repeat(10) + 1999);
    }
  }

  @Test
  void rejectsFilesTooSmall() {
    assertThatThrownBy(() -> read("PAR1PAR1abc".getBytes(StandardCharsets.US_ASCII)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("11 bytes");
  }

  @Test
  void rejectsAWrongTrailingMagic() {
    byte[] bytes = file(validFooter().encode());
    bytes[bytes.length - 1] = 'X';
    assertThatThrownBy(() -> read(bytes))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("trailing magic")
        .hasMessageContaining("PAR1");
  }

  @Test
  void rejectsAWrongLeadingMagic() {
    byte[] bytes = file(validFooter().encode());
    bytes[0] = 'Q';
    assertThatThrownBy(() -> read(bytes))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("leading magic");
  }

  @Test
  void refusesAnEncryptedFooter() {
    byte[] bytes = file(validFooter().encode());
    bytes[bytes.length - 1] = 'E';
    assertThatThrownBy(() -> read(bytes))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessage(NAME + ": encrypted footer (Parquet Modular Encryption, PARE); reading it needs the footer key"
            + " (ReadOptions.Builder.decryption)");
  }

  @Test
  void rejectsFooterLengthsThatDoNotFit() {
    byte[] bytes = file(validFooter().encode());
    int lengthAt = bytes.length - 8;
    bytes[lengthAt] = (byte) 0xFF;
    bytes[lengthAt + 1] = (byte) 0xFF;
    bytes[lengthAt + 2] = (byte) 0xFF;
    bytes[lengthAt + 3] = (byte) 0x7F;
    assertThatThrownBy(() -> read(bytes))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("footer length is 2147483647");
    byte[] zero = file(new byte[0]);
    assertThatThrownBy(() -> read(zero))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("footer length is 0");
  }

  @Test
  void rejectsAFooterThatDoesNotDecode() {
    byte[] garbage = new byte[64];
    java.util.Arrays.fill(garbage, (byte) 0x19);
    assertThatThrownBy(() -> read(file(garbage)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("FileMetaData");
  }

  @Test
  void marksAPlaintextFooterWithAnEncryptionAlgorithm() throws IOException {
    FileMetaData encrypted = footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, DATA_LENGTH))), "w", null,
        new EncryptionAlgorithm.AesGcmV1(null, new byte[] {1, 2, 3}, null));
    assertThat(read(file(encrypted.encode())).isEncrypted()).as("encrypted").isTrue();
  }

  @Test
  void rejectsAChunkCountDifferentFromTheLeafCount() {
    FileMetaData twoChunks = footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, 10)),
        chunk(columnMetaData(Type.INT32, 14, null, 10))), "w", null, null);
    assertThatThrownBy(() -> read(file(twoChunks.encode())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("row group 0 has 2 column chunks but the schema has 1 leaf columns");
  }

  @Test
  void rejectsAChunkWhosePhysicalTypeDiffersFromItsLeaf() {
    FileMetaData wrongType = footer(List.of(chunk(columnMetaData(Type.INT64, 4, null, 10))), "w", null, null);
    assertThatThrownBy(() -> read(file(wrongType.encode())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("row group 0, column x")
        .hasMessageContaining("INT64")
        .hasMessageContaining("INT32");
  }

  @Test
  void rejectsChunksOutsideTheColumnDataRegion() {
    FileMetaData intoFooter =
        footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, DATA_LENGTH + 1))), "w", null, null);
    assertThatThrownBy(() -> read(file(intoFooter.encode())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(NAME)
        .hasMessageContaining("row group 0, column x")
        .hasMessageContaining("[4, 4 + " + (DATA_LENGTH + 1) + ")");
    FileMetaData negative =
        footer(List.of(chunk(columnMetaData(Type.INT32, -50, null, 10))), "w", null, null);
    assertThatThrownBy(() -> read(file(negative.encode())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("column data must lie within");
    FileMetaData hugeLength =
        footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, Long.MAX_VALUE - 10))), "w", null, null);
    assertThatThrownBy(() -> read(file(hugeLength.encode())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("column data must lie within");
  }

  @Test
  void rejectsAnOffsetIndexOutsideTheFile() {
    ColumnMetaData meta = columnMetaData(Type.INT32, 4, null, DATA_LENGTH);
    ColumnChunk withIndex = new ColumnChunk(null, 4, meta, 1_000_000L, 20, null, null, null, null);
    FileMetaData footer = footer(List.of(withIndex), "w", null, null);
    assertThatThrownBy(() -> read(file(footer.encode())))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("offset index");
  }

  @Test
  void handlesTheDictionaryPageOffsetQuirks() throws IOException {
    // Dictionary page first: the chunk starts there.
    ColumnChunkMetadata dictionaryFirst = read(file(footer(
        List.of(chunk(columnMetaData(Type.INT32, 30, 4L, 90))), "w", null, null).encode())).rowGroup(0).column(0);
    assertThat(dictionaryFirst.dictionaryPageOffset()).as("usable dictionary offset").hasValue(4);
    assertThat(dictionaryFirst.startOffset()).as("start at dictionary").isEqualTo(4);
    // Offset 0 means "unset" in practice (dict-page-offset-zero.parquet): start at the data page.
    ColumnChunkMetadata zero = read(file(footer(
        List.of(chunk(columnMetaData(Type.INT32, 4, 0L, 90))), "w", null, null).encode())).rowGroup(0).column(0);
    assertThat(zero.dictionaryPageOffset()).as("dictionary offset 0").isEmpty();
    assertThat(zero.startOffset()).as("start at data page").isEqualTo(4);
    // A dictionary offset after the data page cannot start the chunk.
    ColumnChunkMetadata after = read(file(footer(
        List.of(chunk(columnMetaData(Type.INT32, 4, 50L, 90))), "w", null, null).encode())).rowGroup(0).column(0);
    assertThat(after.dictionaryPageOffset()).as("dictionary offset after the data page").isEmpty();
    // Only a dictionary page, data_page_offset 0 (column_chunk_key_value_metadata.parquet).
    ColumnChunkMetadata onlyDictionary = read(file(footer(
        List.of(chunk(columnMetaData(Type.INT32, 0, 4L, 14))), "w", null, null).encode())).rowGroup(0).column(0);
    assertThat(onlyDictionary.startOffset()).as("start at the dictionary page").isEqualTo(4);
  }

  @Test
  void padsChunksOfOldParquetMrWritersAsArrowCppDoes() throws IOException {
    ColumnChunkMetadata old = read(file(footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, 50))),
        "parquet-mr version 1.2.8", null, null).encode())).rowGroup(0).column(0);
    assertThat(old.chunkLength()).as("padded length").isEqualTo(50 + ColumnChunkMetadata.PARQUET_816_PADDING);
    // Arrow C++ bounds the padding by the end of the file, not by the footer start: the padded range may
    // reach into the footer (nation.dict-malformed.parquet needs that).
    byte[] nearEndFile = file(footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, 250))),
        "parquet-mr version 1.2.8", null, null).encode());
    ColumnChunkMetadata nearEnd = read(nearEndFile).rowGroup(0).column(0);
    assertThat(nearEnd.chunkLength()).as("padding bounded by the end of the file")
        .isEqualTo(Math.min(250 + ColumnChunkMetadata.PARQUET_816_PADDING, nearEndFile.length - 4));
    ColumnChunkMetadata bare = read(file(footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, 50))),
        "parquet-mr", null, null).encode())).rowGroup(0).column(0);
    assertThat(bare.chunkLength()).as("a parquet-mr without version counts as old")
        .isEqualTo(50 + ColumnChunkMetadata.PARQUET_816_PADDING);
    ColumnChunkMetadata fixed = read(file(footer(List.of(chunk(columnMetaData(Type.INT32, 4, null, 50))),
        "parquet-mr version 1.2.9", null, null).encode())).rowGroup(0).column(0);
    assertThat(fixed.chunkLength()).as("no padding from 1.2.9").isEqualTo(50);
  }
}
