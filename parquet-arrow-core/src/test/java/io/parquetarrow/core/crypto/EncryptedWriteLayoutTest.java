package io.parquetarrow.core.crypto;

import static io.parquetarrow.core.crypto.EncryptedWrites.FOOTER_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.ID_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.NAME_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.TAGS_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.TAGS_LEAF;
import static io.parquetarrow.core.crypto.EncryptedWrites.ascii;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.crypto.keytools.CryptoFactory;
import io.parquetarrow.core.crypto.keytools.DecryptionConfiguration;
import io.parquetarrow.core.crypto.keytools.EncryptionConfiguration;
import io.parquetarrow.core.crypto.keytools.EncryptionPlan;
import io.parquetarrow.core.crypto.keytools.FileKeyUnwrapper;
import io.parquetarrow.core.crypto.keytools.InMemoryKms;
import io.parquetarrow.core.crypto.keytools.KmsConnectionConfig;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnCryptoMetaData;
import io.parquetarrow.format.EncryptionAlgorithm;
import io.parquetarrow.format.FileMetaData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an encrypted file this writer makes looks like from outside: magic and footer per mode, what a plaintext
 * footer shows of encrypted columns, which columns a reader without some keys still reads, the AAD prefix kept out of
 * the file, keys made by the key tools, and the properties' checks and their silence about secrets.
 */
class EncryptedWriteLayoutTest {
  @TempDir Path temporary;
  private static List<List<Object>> expected;
  @TempDir static Path shared;

  @BeforeAll
  static void plaintextOracle() throws IOException {
    Path file = shared.resolve("plaintext.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      EncryptedWrites.write(file, EncryptedWrites.options().build(), allocator);
    }
    expected = EncryptedReads.read(file, ReadOptions.defaults()).rows();
  }

  private Path write(String name, FileEncryptionProperties properties) throws IOException {
    Path file = temporary.resolve(name);
    try (BufferAllocator allocator = TestAllocators.root()) {
      EncryptedWrites.write(file, EncryptedWrites.options().encryption(properties).build(), allocator);
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
    return file;
  }

  private static FileEncryptionProperties.Builder columnKeys() {
    return FileEncryptionProperties.builder(FOOTER_KEY).footerKeyMetadata(ascii("footer-key"))
        .columnKey("id", ID_KEY, ascii("id-key")).columnKey("name", NAME_KEY)
        .columnKey(TAGS_LEAF, TAGS_KEY, ascii("tags-key"));
  }

  private static String ascii4(byte[] bytes, int offset) {
    return new String(bytes, offset, 4, StandardCharsets.US_ASCII);
  }

  @Test
  void encryptedFooterFilesArePareAtBothEndsAndUnreadableWithoutKeys() throws IOException {
    Path file = write("uniform.parquet", FileEncryptionProperties.builder(FOOTER_KEY).build());
    byte[] bytes = Files.readAllBytes(file);
    assertThat(ascii4(bytes, 0)).isEqualTo("PARE");
    assertThat(ascii4(bytes, bytes.length - 4)).isEqualTo("PARE");
    assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).as("no plaintext string value in the file")
        .doesNotContain("name-13");
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.defaults()))
        .isInstanceOf(ParquetEncryptionException.class);
    FileDecryptionProperties wrongKey = FileDecryptionProperties.builder().footerKey(ID_KEY).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.builder().decryption(wrongKey).build()))
        .isInstanceOf(ParquetEncryptionException.class);
    FileDecryptionProperties key = FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build();
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(key).build()).rows()).isEqualTo(expected);
  }

  @Test
  void plaintextFooterIsSignedAndShowsNoStatisticsOfEncryptedColumns() throws IOException {
    Path file = write("plaintext-footer.parquet", columnKeys().plaintextFooter(true).build());
    byte[] bytes = Files.readAllBytes(file);
    assertThat(ascii4(bytes, 0)).isEqualTo("PAR1");
    assertThat(ascii4(bytes, bytes.length - 4)).isEqualTo("PAR1");
    int footerLength = (bytes[bytes.length - 8] & 0xFF) | (bytes[bytes.length - 7] & 0xFF) << 8
        | (bytes[bytes.length - 6] & 0xFF) << 16 | (bytes[bytes.length - 5] & 0xFF) << 24;
    int footerStart = bytes.length - 8 - footerLength;
    FileMetaData footer = FileMetaData.decode(bytes, footerStart, footerLength - 28);
    assertThat(footer.encryptionAlgorithm()).isInstanceOf(EncryptionAlgorithm.AesGcmV1.class);
    assertThat(footer.footerSigningKeyMetadata()).isEqualTo(ascii("footer-key"));
    for (var rowGroup : footer.rowGroups()) {
      for (ColumnChunk chunk : rowGroup.columns()) {
        String path = String.join(".", chunk.metaData().pathInSchema());
        if (path.equals("ratio")) {
          assertThat(chunk.cryptoMetadata()).as("plaintext column").isNull();
          assertThat(chunk.metaData().statistics()).as("statistics of the plaintext column").isNotNull();
        } else {
          assertThat(chunk.cryptoMetadata()).as("crypto metadata of %s", path)
              .isInstanceOf(ColumnCryptoMetaData.EncryptionWithColumnKey.class);
          assertThat(chunk.encryptedColumnMetadata()).as("encrypted metadata of %s", path).isNotNull();
          assertThat(chunk.metaData().statistics()).as("statistics of %s", path).isNull();
          assertThat(chunk.metaData().encodingStats()).as("encoding stats of %s", path).isNull();
          assertThat(chunk.metaData().sizeStatistics()).as("size statistics of %s", path).isNull();
        }
      }
    }
    FileDecryptionProperties keys = FileDecryptionProperties.builder().footerKey(FOOTER_KEY)
        .columnKey("id", ID_KEY).columnKey("name", NAME_KEY).columnKey(TAGS_LEAF, TAGS_KEY).build();
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(keys).build()).rows()).isEqualTo(expected);

    byte[] altered = bytes.clone();
    // A letter of created_by changes case: the footer still parses, but no longer matches its signature.
    int createdBy = new String(bytes, StandardCharsets.ISO_8859_1).lastIndexOf("parquet-arrow version");
    assertThat(createdBy).isGreaterThan(footerStart);
    altered[createdBy] ^= 0x20;
    Path alteredFile = temporary.resolve("altered-footer.parquet");
    Files.write(alteredFile, altered);
    assertThatThrownBy(() -> EncryptedReads.read(alteredFile, ReadOptions.builder().decryption(keys).build()))
        .isInstanceOf(ParquetEncryptionException.class);
  }

  @Test
  void columnsWithoutTheirKeyAreLeftOutWhileTheOthersRead() throws IOException {
    Path file = write("column-keys.parquet", columnKeys().build());
    FileDecryptionProperties footerOnly = FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build();
    EncryptedReads.Rows ratio = EncryptedReads.read(file, ReadOptions.builder().decryption(footerOnly)
        .columns("ratio").build());
    for (int row = 0; row < EncryptedWrites.ROWS; row += 499) {
      assertThat(ratio.rows().get(row)).as("row %d", row).containsExactly(expected.get(row).get(2));
    }
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.builder().decryption(footerOnly).build()))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("id");
  }

  @Test
  void anAadPrefixKeptOutOfTheFileMustBeSupplied() throws IOException {
    byte[] prefix = ascii("warehouse/table-7/part-3");
    Path file = write("prefix.parquet",
        FileEncryptionProperties.builder(FOOTER_KEY).aadPrefix(prefix).storeAadPrefix(false).build());
    assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).doesNotContain("table-7");
    FileDecryptionProperties without = FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.builder().decryption(without).build()))
        .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("aadPrefix");
    FileDecryptionProperties wrong = FileDecryptionProperties.builder().footerKey(FOOTER_KEY)
        .aadPrefix(ascii("warehouse/table-7/part-4")).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.builder().decryption(wrong).build()))
        .isInstanceOf(ParquetEncryptionException.class);
    FileDecryptionProperties with = FileDecryptionProperties.builder().footerKey(FOOTER_KEY).aadPrefix(prefix)
        .build();
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(with).build()).rows()).isEqualTo(expected);
  }

  @Test
  void keysFromTheKeyToolsWriteFilesTheKeyToolsRead() throws Exception {
    CryptoFactory factory = new CryptoFactory(InMemoryKms.factory(Map.of("kf", FOOTER_KEY, "kc", ID_KEY)));
    KmsConnectionConfig connection = KmsConnectionConfig.defaults();
    EncryptionPlan plan = factory.encryptionPlan(connection, EncryptionConfiguration.builder("kf")
        .columnKey("kc", List.of("id", "name")).completeColumnEncryption(true).build());
    FileEncryptionProperties properties = plan.toProperties(List.of("id", "name", "ratio", TAGS_LEAF));
    assertThat(properties.columnKeyPaths()).containsExactlyInAnyOrder("id", "name", "ratio", TAGS_LEAF);
    assertThatThrownBy(plan::toProperties).isInstanceOf(IllegalStateException.class);
    Path file = write("key-tools.parquet", properties);
    FileKeyUnwrapper unwrapper = factory.keyRetriever(connection, DecryptionConfiguration.defaults());
    FileDecryptionProperties keys = FileDecryptionProperties.builder().keyRetriever(metadata -> {
      try {
        return unwrapper.key(metadata);
      } catch (ParquetEncryptionException e) {
        throw new UncheckedIOException(e);
      }
    }).build();
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(keys).build()).rows()).isEqualTo(expected);
  }

  @Test
  void aColumnKeyForNoLeafColumnFailsWhenTheWriterOpensAndLeavesNoFile() throws IOException {
    FileEncryptionProperties properties = FileEncryptionProperties.builder(FOOTER_KEY)
        .columnKey("tags.element", TAGS_KEY).build();
    Path file = temporary.resolve("never.parquet");
    assertThatThrownBy(() -> write("never.parquet", properties))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'tags.element'")
        .hasMessageContaining(TAGS_LEAF);
    assertThat(file).doesNotExist();
    try (var listing = Files.list(temporary)) {
      assertThat(listing.toList()).as("no temporary file left").isEmpty();
    }
  }

  @Test
  void propertiesCheckKeysAndNeverShowThem() {
    byte[] shortKey = ascii("0123456789");
    assertThatThrownBy(() -> FileEncryptionProperties.builder(shortKey))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("10 bytes")
        .hasMessageNotContaining("0123456789");
    assertThatThrownBy(() -> FileEncryptionProperties.builder(FOOTER_KEY).columnKey("id", shortKey))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column id")
        .hasMessageNotContaining("0123456789");
    assertThatThrownBy(() -> FileEncryptionProperties.builder(FOOTER_KEY).columnKey("id", ID_KEY)
        .columnKey("id", NAME_KEY)).isInstanceOf(IllegalArgumentException.class);
    FileEncryptionProperties properties = columnKeys().aadPrefix(ascii("secret-prefix")).build();
    String shown = properties.toString() + WriteOptions.builder().encryption(properties).build().encryption();
    for (byte[] secret : List.of(FOOTER_KEY, ID_KEY, NAME_KEY, TAGS_KEY, ascii("secret-prefix"))) {
      assertThat(shown).doesNotContain(new String(secret, StandardCharsets.US_ASCII))
          .doesNotContain(HexFormat.of().formatHex(secret));
    }
    assertThat(shown).contains("id", "name", TAGS_LEAF);
    byte[] given = FOOTER_KEY.clone();
    FileEncryptionProperties copied = FileEncryptionProperties.builder(given).build();
    given[0] ^= 1;
    assertThat(copied.footerKey()).as("the key is copied in").isEqualTo(FOOTER_KEY);
  }
}
