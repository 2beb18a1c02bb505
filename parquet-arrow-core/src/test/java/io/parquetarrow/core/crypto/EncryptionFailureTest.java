package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What goes wrong is a {@link ParquetEncryptionException} naming the file (and the column where there is one),
 * never wrong values, and leaves no Arrow memory behind: wrong footer and column keys, a missing column key (the
 * other columns still read), altered bytes in a page and in either kind of footer, and a missing or different AAD
 * prefix.
 */
class EncryptionFailureTest {
  private static final String COLUMNS_AND_FOOTER = "encrypt_columns_and_footer.parquet.encrypted";
  private static final String PLAINTEXT_FOOTER = "encrypt_columns_plaintext_footer.parquet.encrypted";
  private static final String DISABLE_AAD_STORAGE = "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted";
  private static final String AAD_STORED = "encrypt_columns_and_footer_aad.parquet.encrypted";

  @TempDir Path temporary;

  private static Path corpus(String name) {
    return Corpus.assumeCorpus().resolve(name);
  }

  private static ReadOptions options(FileDecryptionProperties keys, String... columns) {
    return ReadOptions.builder().decryption(keys).columns(columns).build();
  }

  @Test
  void wrongFooterKeyFailsOnOpen() {
    Path file = corpus(COLUMNS_AND_FOOTER);
    FileDecryptionProperties keys = EncryptedCorpus.explicitKeys(file)
        .footerKey(EncryptedCorpus.key(file, "kc1")).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, options(keys)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("encrypted footer")
        .hasMessageContaining("does not authenticate");
  }

  @Test
  void wrongFooterKeyFailsThePlaintextFooterSignature() {
    Path file = corpus(PLAINTEXT_FOOTER);
    FileDecryptionProperties keys = EncryptedCorpus.explicitKeys(file)
        .footerKey(EncryptedCorpus.key(file, "kc2")).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, options(keys)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("signature");
  }

  @Test
  void wrongColumnKeyFailsThatColumnOnly() throws IOException {
    Path file = corpus(COLUMNS_AND_FOOTER);
    FileDecryptionProperties keys = EncryptedCorpus.explicitKeys(file)
        .columnKey("double_field", EncryptedCorpus.key(file, "kc2")).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, options(keys)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("column double_field")
        .hasMessageContaining("does not authenticate");
    EncryptedReads.Rows floats = EncryptedReads.read(file, options(keys, "float_field"));
    assertThat(floats.rows()).isNotEmpty();
  }

  @Test
  void missingColumnKeyLeavesTheOtherColumnsReadable() throws IOException {
    for (String name : List.of(COLUMNS_AND_FOOTER, PLAINTEXT_FOOTER)) {
      Path file = corpus(name);
      FileDecryptionProperties all = EncryptedCorpus.explicitKeys(file).build();
      EncryptedReads.Rows full = EncryptedReads.read(file, options(all));
      FileDecryptionProperties withoutDouble = FileDecryptionProperties.builder()
          .footerKey(EncryptedCorpus.key(file, "kf"))
          .columnKey("float_field", EncryptedCorpus.key(file, "kc2"))
          .build();
      List<String> others = new ArrayList<>(full.columns());
      others.remove("double_field");
      EncryptedReads.Rows projected =
          EncryptedReads.read(file, options(withoutDouble, others.toArray(String[]::new)));
      assertThat(projected.columns()).as("columns of %s", name).isEqualTo(others);
      int doubleColumn = full.columns().indexOf("double_field");
      for (int row = 0; row < full.rows().size(); row++) {
        List<Object> expected = new ArrayList<>(full.rows().get(row));
        expected.remove(doubleColumn);
        assertThat(projected.rows().get(row)).as("%s row %d", name, row).isEqualTo(expected);
      }
      assertThatThrownBy(() -> EncryptedReads.read(file, options(withoutDouble, "double_field")))
          .as("reading double_field of %s without its key", name)
          .isInstanceOf(ParquetEncryptionException.class)
          .hasMessageContaining(file.toString())
          .hasMessageContaining("double_field");
    }
  }

  @Test
  void keyRetrieverWithoutAColumnKeyIsAMissingKey() throws IOException {
    Path file = corpus(COLUMNS_AND_FOOTER);
    FileDecryptionProperties keys = FileDecryptionProperties.builder()
        .keyRetriever(metadata -> {
          String id = new String(metadata, StandardCharsets.US_ASCII);
          return id.equals("kc1") ? null : EncryptedCorpus.key(file, id);
        })
        .build();
    assertThat(EncryptedReads.read(file, options(keys, "float_field", "int32_field")).rows()).isNotEmpty();
    assertThatThrownBy(() -> EncryptedReads.read(file, options(keys, "double_field")))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("no key for encrypted column double_field");
  }

  @Test
  void withoutKeysAnEncryptedFooterIsRefused() {
    Path file = corpus(COLUMNS_AND_FOOTER);
    assertThatThrownBy(() -> EncryptedReads.read(file, ReadOptions.defaults()))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("footer key");
  }

  @Test
  void alteredPageFailsAuthentication() throws IOException {
    Path file = corpus(COLUMNS_AND_FOOTER);
    FileDecryptionProperties keys = EncryptedCorpus.explicitKeys(file).build();
    ColumnChunkMetadata chunk;
    try (ParquetFile parquet = ParquetFile.open(file, keys)) {
      chunk = parquet.metadata().rowGroup(0)
          .column(parquet.metadata().schema().columnByPath("double_field").leafIndex());
    }
    // The last bytes of a chunk are its last page's ciphertext and tag.
    Path altered = flipped(file, chunk.startOffset() + chunk.chunkLength() - 20);
    assertThatThrownBy(() -> EncryptedReads.read(altered, options(keys, "double_field")))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining(altered.toString())
        .hasMessageContaining("row group 0, column double_field")
        .hasMessageContaining("at offset")
        .hasMessageContaining("does not authenticate");
    // The other columns do not notice.
    assertThat(EncryptedReads.read(altered, options(keys, "float_field")).rows()).isNotEmpty();
  }

  @Test
  void alteredEncryptedFooterFailsAuthentication() throws IOException {
    Path file = corpus(COLUMNS_AND_FOOTER);
    Path altered = flipped(file, Files.size(file) - 8 - 20);
    FileDecryptionProperties keys = EncryptedCorpus.explicitKeys(file).build();
    assertThatThrownBy(() -> EncryptedReads.read(altered, options(keys)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("encrypted footer");
  }

  @Test
  void alteredPlaintextFooterFailsItsSignature() throws IOException {
    Path file = corpus(PLAINTEXT_FOOTER);
    FileDecryptionProperties keys = EncryptedCorpus.explicitKeys(file).build();
    // A byte of the signature's tag, and a letter of a column path inside the footer.
    Path tag = flipped(file, Files.size(file) - 8 - 1);
    assertThatThrownBy(() -> EncryptedReads.read(tag, options(keys)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("does not match its signature");
    byte[] bytes = Files.readAllBytes(file);
    int name = lastIndexOf(bytes, "int32_field".getBytes(StandardCharsets.US_ASCII));
    assertThat(name).as("column name in the plaintext footer").isPositive();
    Path renamed = temporary.resolve("renamed.parquet.encrypted");
    bytes[name] = 'J';
    Files.write(renamed, bytes);
    assertThatThrownBy(() -> EncryptedReads.read(renamed, options(keys)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("does not match its signature");
    // Without the check the altered footer (here a chunk's path_in_schema) is read as it is.
    FileDecryptionProperties unchecked = EncryptedCorpus.explicitKeys(file).checkFooterSignature(false).build();
    assertThat(EncryptedReads.read(renamed, options(unchecked)).rows()).isNotEmpty();
  }

  @Test
  void aadPrefixMustBeSuppliedWhenTheFileDoesNotStoreIt() {
    Path file = corpus(DISABLE_AAD_STORAGE);
    FileDecryptionProperties.Builder keys = FileDecryptionProperties.builder()
        .footerKey(EncryptedCorpus.key(file, "kf"));
    assertThatThrownBy(() -> EncryptedReads.read(file, options(keys.build())))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("supply_aad_prefix");
    FileDecryptionProperties wrong = keys.aadPrefix("tested".getBytes(StandardCharsets.US_ASCII)).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, options(wrong)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("does not authenticate");
  }

  @Test
  void aadPrefixSuppliedMustMatchTheStoredOne() throws IOException {
    Path file = corpus(AAD_STORED);
    FileDecryptionProperties.Builder keys = EncryptedCorpus.explicitKeys(file);
    assertThat(EncryptedReads.read(file, options(keys.build())).rows()).isNotEmpty();
    FileDecryptionProperties wrong = keys.aadPrefix("tested".getBytes(StandardCharsets.US_ASCII)).build();
    assertThatThrownBy(() -> EncryptedReads.read(file, options(wrong)))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("differs from the one stored");
  }

  private Path flipped(Path file, long position) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) position] ^= 0x01;
    Path copy = temporary.resolve("flipped-" + position + "-" + file.getFileName());
    Files.write(copy, bytes);
    return copy;
  }

  private static int lastIndexOf(byte[] bytes, byte[] pattern) {
    for (int start = bytes.length - pattern.length; start >= 0; start--) {
      if (Arrays.equals(bytes, start, start + pattern.length, pattern, 0, pattern.length)) {
        return start;
      }
    }
    return -1;
  }
}
