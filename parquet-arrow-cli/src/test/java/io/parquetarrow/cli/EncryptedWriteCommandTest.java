package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code write} with the encryption options: uniform encryption, a column key with a plaintext footer, AES-GCM-CTR
 * and an AAD prefix not stored, keys from a keys file; the files read back equal with {@code cat} and the same
 * keys, and a missing or mistyped key is one line and exit code 1, with no key in it and no file left behind.
 */
class EncryptedWriteCommandTest {
  private static final String FOOTER_KEY = "000102030405060708090a0b0c0d0e0f";
  private static final String NAME_KEY = "101112131415161718191a1b1c1d1e1f2021222324252627";
  private static final String PRICE_KEY = "303132333435363738393a3b3c3d3e3f303132333435363738393a3b3c3d3e3f";

  @TempDir Path directory;

  private Path sampleStream() throws IOException {
    CommandRunner.Result cat = CommandRunner.run("cat", "--format", "arrow", TestFiles.sampleFile().toString());
    assertThat(cat.exitCode()).as(cat.describe()).isZero();
    Path stream = directory.resolve("sample.arrows");
    Files.write(stream, cat.stdoutBytes());
    return stream;
  }

  private static CommandRunner.Result run(String... args) {
    return CommandRunner.run(args);
  }

  private static String json(String... catArgs) {
    CommandRunner.Result cat = CommandRunner.run(
        Stream.concat(Stream.of("cat", "--format", "json"), Arrays.stream(catArgs)).toArray(String[]::new));
    assertThat(cat.exitCode()).as(cat.describe()).isZero();
    return cat.stdout();
  }

  private static String magic(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    return new String(bytes, 0, 4, StandardCharsets.US_ASCII) + new String(bytes, bytes.length - 4, 4,
        StandardCharsets.US_ASCII);
  }

  @Test
  void uniformEncryptionReadsBackWithTheFooterKey() throws IOException {
    Path output = directory.resolve("uniform.parquet");
    CommandRunner.Result write = run("write", "--encrypt-footer-key", FOOTER_KEY, sampleStream().toString(),
        output.toString());
    assertThat(write.exitCode()).as(write.describe()).isZero();
    assertThat(magic(output)).isEqualTo("PAREPARE");
    assertThat(json("--footer-key", FOOTER_KEY, output.toString())).isEqualTo(json(TestFiles.sampleFile().toString()));
    CommandRunner.Result withoutKey = run("cat", output.toString());
    assertThat(withoutKey.exitCode()).isEqualTo(1);
    assertThat(withoutKey.stderr().lines().count()).isEqualTo(1);
  }

  @Test
  void columnKeysPlaintextFooterCtrAndASuppliedPrefix() throws IOException {
    Path output = directory.resolve("columns.parquet");
    CommandRunner.Result write = run("write", "--encrypt-footer-key", FOOTER_KEY,
        "--encrypt-column", "name=" + NAME_KEY, "--encrypt-column", "price=" + PRICE_KEY, "--plaintext-footer",
        "--encryption-algorithm", "AES_GCM_CTR_V1", "--aad-prefix", "sales/2026-11", "--no-store-aad-prefix",
        sampleStream().toString(), output.toString());
    assertThat(write.exitCode()).as(write.describe()).isZero();
    assertThat(magic(output)).isEqualTo("PAR1PAR1");
    assertThat(json("--footer-key", FOOTER_KEY, "--column-key", "name=" + NAME_KEY, "--column-key",
        "price=" + PRICE_KEY, "--aad-prefix", "sales/2026-11", output.toString()))
        .isEqualTo(json(TestFiles.sampleFile().toString()));
    // The plaintext columns read without any key; the encrypted ones are refused by name.
    assertThat(json("--columns", "id,quantity", output.toString()))
        .isEqualTo(json("--columns", "id,quantity", TestFiles.sampleFile().toString()));
    CommandRunner.Result name = run("cat", "--columns", "name", output.toString());
    assertThat(name.exitCode()).isEqualTo(1);
    assertThat(name.stderr()).contains("name").doesNotContainIgnoringCase(NAME_KEY);
    CommandRunner.Result meta = run("meta", "--footer-key", FOOTER_KEY, "--aad-prefix", "sales/2026-11",
        output.toString());
    assertThat(meta.exitCode()).as(meta.describe()).isZero();
    assertThat(meta.stdout()).contains("AES_GCM_CTR_V1").containsIgnoringCase("plaintext");
  }

  @Test
  void keysFromAKeysFile() throws IOException {
    Path keys = directory.resolve("keys.txt");
    Files.writeString(keys, "# keys of the sample\nfooter=" + FOOTER_KEY + "\ncolumn.name=" + NAME_KEY + "\n");
    Path output = directory.resolve("keyed.parquet");
    CommandRunner.Result write = run("write", "--keys-file", keys.toString(), sampleStream().toString(),
        output.toString());
    assertThat(write.exitCode()).as(write.describe()).isZero();
    assertThat(json("--keys-file", keys.toString(), output.toString()))
        .isEqualTo(json(TestFiles.sampleFile().toString()));
  }

  @Test
  void aMissingOrMistypedKeyFailsOnOneLineAndLeavesNoFile() throws IOException {
    Path input = sampleStream();
    Path output = directory.resolve("never.parquet");
    for (String[] args : new String[][] {
        {"--encrypt-column", "name=" + NAME_KEY},
        {"--encrypt-footer-key", FOOTER_KEY.substring(2)},
        {"--encrypt-footer-key", FOOTER_KEY.replace('0', 'x')},
        {"--encrypt-footer-key", FOOTER_KEY, "--encrypt-column", "no_such_column=" + NAME_KEY},
        {"--encrypt-footer-key", FOOTER_KEY, "--no-store-aad-prefix"}}) {
      String[] all = Stream.concat(Stream.concat(Stream.of("write"), Arrays.stream(args)),
          Stream.of(input.toString(), output.toString())).toArray(String[]::new);
      CommandRunner.Result result = run(all);
      assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
      assertThat(result.stderr().lines().count()).as(result.describe()).isEqualTo(1);
      assertThat(result.stderr()).doesNotContain("\tat ").doesNotContainIgnoringCase(NAME_KEY)
          .doesNotContainIgnoringCase(FOOTER_KEY.substring(2));
      try (Stream<Path> files = Files.list(directory)) {
        assertThat(files.map(Path::getFileName).map(Path::toString)).as(result.describe())
            .noneMatch(name -> name.startsWith("never"));
      }
    }
  }
}
