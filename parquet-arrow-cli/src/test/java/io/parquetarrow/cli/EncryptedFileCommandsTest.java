package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cat}, {@code meta} and {@code schema} on parquet-testing's encrypted files, with the keys its README gives
 * (footer {@code "0123456789012345"}, {@code double_field} {@code "1234567890123450"}, {@code float_field}
 * {@code "1234567890123451"}, as ASCII bytes, here in hex): keys from options and from a keys file read the file;
 * a missing, wrong or mistyped key is one line on standard error and exit code 1, never with a key in it.
 */
class EncryptedFileCommandsTest {
  private static final String FOOTER_KEY = "30313233343536373839303132333435";
  private static final String DOUBLE_KEY = "31323334353637383930313233343530";
  private static final String FLOAT_KEY = "31323334353637383930313233343531";
  private static final int CORPUS_ROWS = 50;

  @TempDir Path temporary;

  private static Path corpus(String name) {
    return TestFiles.corpusDataDirectory().resolve(name);
  }

  private static Path columnsAndFooter() {
    return corpus("encrypt_columns_and_footer.parquet.encrypted");
  }

  private static String[] withKeys(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--footer-key", FOOTER_KEY, "--column-key", "double_field=" + DOUBLE_KEY,
        "--column-key", "float_field=" + FLOAT_KEY));
    return all.toArray(String[]::new);
  }

  /** Exit 1 and exactly one line on standard error naming the file, with no key (in hex or as text) in it. */
  private static void assertCleanFailure(CommandRunner.Result result, Path file, String expected) {
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
    assertThat(result.stderr().lines().count()).as("lines of stderr: %s", result.stderr()).isEqualTo(1);
    assertThat(result.stderr()).as(result.describe())
        .startsWith("parquet-arrow: " + file + ": ")
        .contains(expected)
        .doesNotContain("\tat ")
        .doesNotContainIgnoringCase(FOOTER_KEY).doesNotContainIgnoringCase(DOUBLE_KEY)
        .doesNotContainIgnoringCase(FLOAT_KEY)
        .doesNotContain("0123456789012345").doesNotContain("1234567890123450");
  }

  @Test
  void catReadsAnEncryptedFileWithItsKeys() {
    Path file = columnsAndFooter();
    CommandRunner.Result result = CommandRunner.run(withKeys("cat", "--format", "csv", file.toString()));
    assertThat(result.exitCode()).as(result.describe()).isZero();
    List<String> lines = result.stdout().lines().toList();
    assertThat(lines).as(result.describe()).hasSize(CORPUS_ROWS + 1);
    assertThat(lines.get(0)).contains("double_field").contains("float_field");
  }

  @Test
  void catWithoutKeysFailsOnOneLine() {
    Path file = columnsAndFooter();
    CommandRunner.Result result = CommandRunner.run("cat", file.toString());
    assertCleanFailure(result, file, "footer key");
    assertThat(result.stderr()).contains("--footer-key");
    assertThat(result.stdout()).isEmpty();
  }

  @Test
  void wrongFooterKeyFailsOnOneLine() {
    Path file = columnsAndFooter();
    CommandRunner.Result result = CommandRunner.run("cat", "--footer-key", DOUBLE_KEY, file.toString());
    assertCleanFailure(result, file, "does not authenticate");
  }

  @Test
  void wrongColumnKeyFailsOnOneLineNamingTheColumn() {
    Path file = columnsAndFooter();
    CommandRunner.Result result = CommandRunner.run("cat", "--footer-key", FOOTER_KEY, "--column-key",
        "double_field=" + FLOAT_KEY, "--column-key", "float_field=" + FLOAT_KEY, file.toString());
    assertCleanFailure(result, file, "double_field");
  }

  @Test
  void missingColumnKeyFailsOnlyWhenTheColumnIsRead() {
    Path file = columnsAndFooter();
    CommandRunner.Result all = CommandRunner.run("cat", "--footer-key", FOOTER_KEY, file.toString());
    assertCleanFailure(all, file, "no key for encrypted column");
    CommandRunner.Result others = CommandRunner.run("cat", "--footer-key", FOOTER_KEY,
        "--columns", "int32_field", "--format", "csv", file.toString());
    assertThat(others.exitCode()).as(others.describe()).isZero();
    assertThat(others.stdout().lines()).hasSize(CORPUS_ROWS + 1);
  }

  @Test
  void mistypedKeysAreDescribedWithoutBeingRepeated() {
    Path file = columnsAndFooter();
    String shortKey = FOOTER_KEY.substring(2);
    CommandRunner.Result tooShort = CommandRunner.run("cat", "--footer-key", shortKey, file.toString());
    assertCleanFailure(tooShort, file, "--footer-key: a key is 32, 48 or 64 hex digits");
    assertThat(tooShort.stderr()).doesNotContain(shortKey);
    String notHex = "z" + FOOTER_KEY.substring(1);
    CommandRunner.Result badDigit = CommandRunner.run("cat", "--footer-key", notHex, file.toString());
    assertCleanFailure(badDigit, file, "character 1 is not one");
    assertThat(badDigit.stderr()).doesNotContain(notHex);
    CommandRunner.Result noColumn = CommandRunner.run("cat", "--column-key", DOUBLE_KEY, file.toString());
    assertCleanFailure(noColumn, file, "--column-key expects COLUMN=KEY");
  }

  @Test
  void keysFileReadsTheFile() throws Exception {
    Path file = columnsAndFooter();
    Path keys = temporary.resolve("keys.txt");
    Files.writeString(keys, String.join("\n", "# keys of the parquet-testing files", "",
        "footer=" + FOOTER_KEY, "column.double_field = " + DOUBLE_KEY, "  # float", "column.float_field="
            + FLOAT_KEY.toUpperCase(), ""), StandardCharsets.UTF_8);
    CommandRunner.Result result = CommandRunner.run("cat", "--keys-file", keys.toString(), "--format", "csv",
        file.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout().lines()).hasSize(CORPUS_ROWS + 1);
    // A key on the command line wins over the file's.
    CommandRunner.Result overridden = CommandRunner.run("cat", "--keys-file", keys.toString(), "--footer-key",
        FLOAT_KEY, file.toString());
    assertCleanFailure(overridden, file, "does not authenticate");
  }

  @Test
  void malformedKeysFileNamesItsLine() throws Exception {
    Path file = columnsAndFooter();
    Path keys = temporary.resolve("keys.txt");
    Files.writeString(keys, "footer=" + FOOTER_KEY + "\ncolumn.double_field=" + DOUBLE_KEY + "0\n");
    assertCleanFailure(CommandRunner.run("cat", "--keys-file", keys.toString(), file.toString()), file,
        "keys file " + keys + ", line 2: a key is 32, 48 or 64 hex digits");
    Files.writeString(keys, "# comment\nfooter_key=" + FOOTER_KEY + "\n");
    assertCleanFailure(CommandRunner.run("cat", "--keys-file", keys.toString(), file.toString()), file,
        "line 2: expected footer=KEY or column.PATH=KEY");
    Path missing = temporary.resolve("missing.txt");
    assertCleanFailure(CommandRunner.run("cat", "--keys-file", missing.toString(), file.toString()), file,
        "keys file " + missing + ": no such file");
  }

  @Test
  void metaShowsHowTheFileIsEncrypted() {
    Path file = columnsAndFooter();
    CommandRunner.Result result = CommandRunner.run(withKeys("meta", file.toString()));
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout())
        .contains("encryption:         AES_GCM_V1, footer encrypted")
        .contains("aad prefix:         none")
        .contains("footer key:         key metadata \"kf\"")
        .contains("  column double_field: encrypted with a column key, key metadata \"kc1\"")
        .contains("  column float_field: encrypted with a column key, key metadata \"kc2\"")
        .contains("  column int32_field: not encrypted")
        .doesNotContain(FOOTER_KEY).doesNotContain("0123456789012345");
    Path uniform = corpus("uniform_encryption.parquet.encrypted");
    CommandRunner.Result footerKeyOnly = CommandRunner.run("meta", "--footer-key", FOOTER_KEY, uniform.toString());
    assertThat(footerKeyOnly.stdout()).as(footerKeyOnly.describe())
        .contains("  column double_field: encrypted with the footer key")
        .contains("  column int32_field: encrypted with the footer key");
  }

  @Test
  void metaOfAPlaintextFooterNeedsNoKeys() {
    Path file = corpus("encrypt_columns_plaintext_footer.parquet.encrypted");
    CommandRunner.Result result = CommandRunner.run("meta", file.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout())
        .contains("footer plaintext (signed)")
        .contains("column double_field: encrypted with a column key, key metadata \"kc1\"")
        .contains("  column int32_field: not encrypted");
  }

  @Test
  void metaShowsASuppliedAadPrefix() {
    Path file = corpus("encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted");
    CommandRunner.Result without = CommandRunner.run(withKeys("meta", file.toString()));
    assertCleanFailure(without, file, "supply_aad_prefix");
    CommandRunner.Result result = CommandRunner.run(withKeys("meta", "--aad-prefix", "tester", file.toString()));
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout()).contains("aad prefix:         supplied");
    Path stored = corpus("encrypt_columns_and_footer_aad.parquet.encrypted");
    CommandRunner.Result storedResult = CommandRunner.run(withKeys("meta", stored.toString()));
    assertThat(storedResult.stdout()).as(storedResult.describe()).contains("aad prefix:         stored \"tester\"");
  }

  @Test
  @SuppressWarnings("unchecked")
  void metaJsonHasAnEncryptionObject() {
    Path file = columnsAndFooter();
    CommandRunner.Result result = CommandRunner.run(withKeys("meta", "--json", file.toString()));
    assertThat(result.exitCode()).as(result.describe()).isZero();
    Map<String, Object> encryption =
        (Map<String, Object>) JsonTestParser.parseObject(result.stdout()).get("encryption");
    assertThat(encryption).containsEntry("algorithm", "AES_GCM_V1").containsEntry("footer", "encrypted")
        .containsEntry("aad_prefix", "none").containsEntry("footer_key_metadata", "kf");
    List<Object> columns = (List<Object>) encryption.get("columns");
    assertThat(columns).contains(Map.of("path", "double_field", "encrypted", true, "key", "column",
        "key_metadata", "kc1"));
    CommandRunner.Result plain = CommandRunner.run("meta", "--json", TestFiles.sampleFile().toString());
    assertThat(JsonTestParser.parseObject(plain.stdout())).containsEntry("encryption", null);
  }

  @Test
  void schemaReadsAnEncryptedFooterWithItsKey() {
    Path file = columnsAndFooter();
    CommandRunner.Result result = CommandRunner.run("schema", "--footer-key", FOOTER_KEY, file.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout()).contains("double_field").contains("Arrow schema:");
    assertCleanFailure(CommandRunner.run("schema", file.toString()), file, "footer key");
  }
}
