package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Files parquet-java encrypts, in the shapes the corpus lacks: both page versions, with and without compression and
 * dictionaries, both algorithms, both footer modes, many small pages (page ordinals) and row groups (row group
 * ordinals), columns with their own key, with the footer key and in plaintext side by side, and a required PLAIN
 * INT64 column in an uncompressed file (whose plaintext pages would go from the file straight into the vector).
 * Each reads as parquet-java reads it, on one thread and on three (lanes of row groups, and threads sharing each
 * batch's columns).
 */
class ParquetJavaEncryptedFilesTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message m { required int64 id; required boolean flag; optional binary name (UTF8); optional double ratio;"
          + " optional binary code; }");
  private static final int ROWS = 20_000;
  private static final byte[] FOOTER_KEY = ascii("0123456789abcdef");
  private static final byte[] ID_KEY = ascii("abcdef0123456789abcdef0123456789");
  private static final byte[] NAME_KEY = ascii("0123456789abcdef01234567");

  @TempDir Path temporary;

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private Path write(WriterVersion version, CompressionCodecName codec, boolean dictionary, ParquetCipher cipher,
      boolean plaintextFooter) throws IOException {
    Path file = temporary.resolve("encrypted.parquet");
    Map<ColumnPath, ColumnEncryptionProperties> columns = Map.of(
        ColumnPath.get("id"), ColumnEncryptionProperties.builder("id").withKey(ID_KEY).withKeyID("id-key").build(),
        ColumnPath.get("name"),
        ColumnEncryptionProperties.builder("name").withKey(NAME_KEY).withKeyID("name-key").build(),
        ColumnPath.get("ratio"), ColumnEncryptionProperties.builder("ratio").build());
    FileEncryptionProperties.Builder encryption = FileEncryptionProperties.builder(FOOTER_KEY)
        .withFooterKeyID("footer-key").withAlgorithm(cipher).withEncryptedColumns(columns)
        .withAADPrefix(ascii("table-1.part0"));
    if (plaintextFooter) {
      encryption.withPlaintextFooter();
    }
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new Configuration())
        .withType(SCHEMA)
        .withWriterVersion(version)
        .withCompressionCodec(codec)
        .withDictionaryEncoding(dictionary)
        .withDictionaryEncoding("id", false)
        .withPageWriteChecksumEnabled(true)
        .withPageSize(2048)
        .withPageRowCountLimit(500)
        .withRowGroupSize(64L * 1024)
        .withEncryption(encryption.build())
        .build()) {
      for (int i = 0; i < ROWS; i++) {
        Group group = groups.newGroup().append("id", (long) i * 31).append("flag", i % 3 == 0);
        if (i % 7 != 0) {
          group.append("name", "name-" + (i % 50));
        }
        if (i % 5 != 0) {
          group.append("ratio", i / 8.0);
        }
        if (i % 4 != 0) {
          group.append("code", Binary.fromConstantByteArray(new byte[] {(byte) i, (byte) (i >> 8), 7}));
        }
        writer.write(group);
      }
    }
    return file;
  }

  private static FileDecryptionProperties.Builder keys() {
    return FileDecryptionProperties.builder().keyRetriever(metadata -> switch (new String(metadata,
        StandardCharsets.US_ASCII)) {
      case "footer-key" -> FOOTER_KEY;
      case "id-key" -> ID_KEY;
      case "name-key" -> NAME_KEY;
      default -> null;
    });
  }

  /**
   * A flipped byte in the last page of a column whose pages carry a CRC: AES-GCM authenticates the page before the
   * CRC is looked at (an encryption error); AES-CTR has nothing but the CRC (a corruption error). Never values.
   */
  @ParameterizedTest
  @CsvSource({"AES_GCM_V1, io.parquetarrow.errors.ParquetEncryptionException",
      "AES_GCM_CTR_V1, io.parquetarrow.errors.ParquetCorruptionException"})
  void alteredPageWithAChecksum(ParquetCipher cipher, Class<? extends Exception> expected) throws IOException {
    Path file = write(WriterVersion.PARQUET_1_0, CompressionCodecName.UNCOMPRESSED, false, cipher, false);
    FileDecryptionProperties keys = keys().build();
    ColumnChunkMetadata chunk;
    try (ParquetFile parquet = ParquetFile.open(file, keys)) {
      chunk = parquet.metadata().rowGroup(0).column(0);
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) (chunk.startOffset() + chunk.chunkLength() - 20)] ^= 0x10;
    Path altered = temporary.resolve("altered.parquet");
    Files.write(altered, bytes);
    assertThatThrownBy(() -> EncryptedReads.read(altered, ReadOptions.builder().decryption(keys).columns("id")
        .build()))
        .isInstanceOf(expected)
        .hasMessageContaining("row group 0, column id");
  }

  @ParameterizedTest
  @CsvSource({
      "PARQUET_1_0, UNCOMPRESSED, false, AES_GCM_V1, false",
      "PARQUET_1_0, UNCOMPRESSED, true, AES_GCM_CTR_V1, true",
      "PARQUET_1_0, SNAPPY, true, AES_GCM_V1, true",
      "PARQUET_2_0, UNCOMPRESSED, true, AES_GCM_V1, false",
      "PARQUET_2_0, SNAPPY, false, AES_GCM_CTR_V1, false",
      "PARQUET_2_0, ZSTD, true, AES_GCM_V1, true"})
  void readsWhatParquetJavaWrote(WriterVersion version, CompressionCodecName codec, boolean dictionary,
      ParquetCipher cipher, boolean plaintextFooter) throws IOException {
    Path file = write(version, codec, dictionary, cipher, plaintextFooter);
    org.apache.parquet.crypto.FileDecryptionProperties parquetJavaKeys =
        org.apache.parquet.crypto.FileDecryptionProperties.builder()
            .withKeyRetriever(metadata -> keys().build().keyRetriever().key(metadata)).build();
    List<List<Object>> expected = ParquetJavaRows.read(file, parquetJavaKeys);
    assertThat(expected).hasSize(ROWS);
    try (ParquetFile parquet = ParquetFile.open(file, keys().build())) {
      assertThat(parquet.metadata().rowGroups().size()).as("row groups").isGreaterThan(1);
    }
    FileDecryptionProperties keys = keys().build();
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(keys).build()).rows())
        .as("one thread").isEqualTo(expected);
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(keys).threads(3).batchRows(999).build())
        .rows()).as("three threads").isEqualTo(expected);
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(keys).threads(3).batchRows(999)
        .dictionaryColumns("name", "code").build()).rows())
        .as("three threads sharing each batch's columns (dictionary fields)").isEqualTo(expected);
    // Without the id key, the other columns read; id does not.
    FileDecryptionProperties noIdKey = FileDecryptionProperties.builder().footerKey(FOOTER_KEY)
        .columnKey("name", NAME_KEY).build();
    EncryptedReads.Rows others =
        EncryptedReads.read(file, ReadOptions.builder().decryption(noIdKey).columns("name", "ratio", "code").build());
    for (int row = 0; row < ROWS; row += 997) {
      assertThat(others.rows().get(row)).as("row %d", row).isEqualTo(expected.get(row).subList(2, 5));
    }
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.builder().decryption(noIdKey).build()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("column id");
  }
}
