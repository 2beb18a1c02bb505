package io.parquetarrow.core.crypto;

import static io.parquetarrow.core.crypto.TamperedFiles.chunk;
import static io.parquetarrow.core.crypto.TamperedFiles.flipped;
import static io.parquetarrow.core.crypto.TamperedFiles.modules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.crypto.TamperedFiles.Module;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tamper evidence: an encrypted file whose bytes were moved, replaced, cut or flipped is refused with a
 * {@link ParquetEncryptionException} or a {@link ParquetCorruptionException}, never read into other values, never
 * a crash, and leaves no Arrow memory behind ({@link EncryptedReads}); no message, nor any cause's, contains a key.
 * The AAD of each module (file, module type, row group, column, page ordinal) is what catches a module moved
 * within a column, to another row group, or from another file written with the same keys.
 *
 * <p>Page indexes and bloom filters are not read by the reader: altering them must leave the values read
 * unchanged, and their modules must fail to decrypt through {@link ColumnDecryptor#decryptModule}.
 * Wrong and missing AAD prefixes are {@link EncryptionFailureTest}'s.
 */
class TamperEvidenceTest {
  private static final int ID = 0;
  private static final int CODE = 1;

  @TempDir Path temporary;

  private Path file;
  private byte[] bytes;
  private List<List<Object>> expected;

  @BeforeEach
  void writeFile() throws IOException {
    file = TamperedFiles.write(temporary.resolve("a.parquet.encrypted"), 1, false);
    bytes = Files.readAllBytes(file);
    expected = TamperedFiles.rows(1);
  }

  private static ReadOptions options(FileDecryptionProperties keys, String... columns) {
    return ReadOptions.builder().decryption(keys).columns(columns).build();
  }

  private static ReadOptions allKeys(String... columns) {
    return options(TamperedFiles.keys().build(), columns);
  }

  private Path copy(String name) {
    return temporary.resolve(name + ".parquet.encrypted");
  }

  /** The read fails as tampering must, naming no key; returns the failure for further checks. */
  private static Throwable assertRefused(Path altered, ReadOptions options) {
    Throwable failure = catchThrowable(() -> EncryptedReads.read(altered, options));
    assertThat(failure).as("reading %s", altered.getFileName())
        .isInstanceOfAny(ParquetEncryptionException.class, ParquetCorruptionException.class);
    assertNoKeyIn(failure);
    return failure;
  }

  static void assertNoKeyIn(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      String text = String.valueOf(cause);
      for (String secret : TamperedFiles.secretSpellings()) {
        assertThat(text).as("message of %s", cause.getClass().getSimpleName()).doesNotContain(secret);
      }
    }
  }

  @Test
  void layoutIsAsTheTestsAssume() throws IOException {
    assertThat(EncryptedReads.read(file, allKeys()).rows()).isEqualTo(expected);
    List<Module> first = modules(bytes, chunk(file, 0, ID));
    List<Module> second = modules(bytes, chunk(file, 1, ID));
    assertThat(first).as("header and page of each of 10 pages").hasSize(2 * 10);
    assertThat(first.stream().map(Module::length).toList())
        .as("every id page the same length, in both row groups")
        .isEqualTo(second.stream().map(Module::length).toList());
    assertThat(first.get(1).length()).isEqualTo(first.get(3).length());
    List<Module> code = modules(bytes, chunk(file, 0, CODE));
    assertThat(chunk(file, 0, CODE).dictionaryPageOffset()).as("code has a dictionary page").isPresent();
    assertThat(code.get(0).offset()).isEqualTo(chunk(file, 0, CODE).dictionaryPageOffset().getAsLong());
  }

  @Test
  void pagesSwappedWithinAColumnAreRefused() throws IOException {
    List<Module> modules = modules(bytes, chunk(file, 0, ID));
    // Pages 1 and 2, each with its header: same length, other page ordinals in their AADs.
    Module second = modules.get(2);
    Module third = modules.get(4);
    int length = (int) (modules.get(3).end() - second.offset());
    assertRefused(TamperedFiles.swapped(bytes, second.offset(), third.offset(), length, copy("pages")), allKeys("id"));
    // Only the page bodies, headers left in place.
    Module secondBody = modules.get(3);
    Module thirdBody = modules.get(5);
    assertRefused(TamperedFiles.swapped(bytes, secondBody.offset(), thirdBody.offset(), secondBody.length(),
        copy("bodies")), allKeys("id"));
    // The other column does not notice.
    Path altered = TamperedFiles.swapped(bytes, secondBody.offset(), thirdBody.offset(), secondBody.length(),
        copy("bodies-code"));
    assertThat(EncryptedReads.read(altered, allKeys("code")).rows())
        .isEqualTo(expected.stream().map(row -> row.subList(1, 2)).toList());
  }

  @Test
  void chunksAndPagesSwappedBetweenRowGroupsAreRefused() throws IOException {
    ColumnChunkMetadata first = chunk(file, 0, ID);
    ColumnChunkMetadata second = chunk(file, 1, ID);
    assertThat(first.chunkLength()).isEqualTo(second.chunkLength());
    assertRefused(TamperedFiles.swapped(bytes, first.startOffset(), second.startOffset(), (int) first.chunkLength(),
        copy("chunks")), allKeys("id"));
    Module firstPage = modules(bytes, first).get(1);
    Module secondPage = modules(bytes, second).get(1);
    assertRefused(TamperedFiles.swapped(bytes, firstPage.offset(), secondPage.offset(), firstPage.length(),
        copy("first-pages")), allKeys("id"));
  }

  @Test
  void modulesFromAnotherFileWithTheSameKeysAreRefused() throws IOException {
    Path other = TamperedFiles.write(temporary.resolve("b.parquet.encrypted"), 2, false);
    byte[] donor = Files.readAllBytes(other);
    assertThat(donor).as("same layout").hasSameSizeAs(bytes);
    assertThat(EncryptedReads.read(other, allKeys()).rows()).isEqualTo(TamperedFiles.rows(2));
    ColumnChunkMetadata chunk = chunk(file, 0, ID);
    assertThat(chunk(other, 0, ID).startOffset()).isEqualTo(chunk.startOffset());
    assertRefused(TamperedFiles.spliced(bytes, donor, chunk.startOffset(), (int) chunk.chunkLength(),
        copy("spliced-chunk")), allKeys("id"));
    Module page = modules(bytes, chunk).get(5);
    assertRefused(TamperedFiles.spliced(bytes, donor, page.offset(), page.length(), copy("spliced-page")),
        allKeys("id"));
    Module header = modules(bytes, chunk).get(4);
    assertRefused(TamperedFiles.spliced(bytes, donor, header.offset(), header.length(), copy("spliced-header")),
        allKeys("id"));
  }

  @Test
  void truncatedFilesAreRefused() throws IOException {
    ColumnChunkMetadata chunk = chunk(file, 1, CODE);
    long[] lengths = {0, 3, 4, 12, 100, chunk.startOffset() + 7, bytes.length / 2, bytes.length - 30,
        bytes.length - 9, bytes.length - 8, bytes.length - 4, bytes.length - 1};
    for (long length : lengths) {
      Path cut = Files.write(copy("cut-" + length), Arrays.copyOf(bytes, (int) length));
      assertRefused(cut, allKeys());
    }
  }

  @Test
  void wrongKeysAreRefusedWithoutShowingAKey() {
    assertRefused(file, options(TamperedFiles.keys().footerKey(TamperedFiles.ID_KEY).build()));
    Throwable column = assertRefused(file,
        options(TamperedFiles.keys().columnKey("code", Arrays.copyOf(TamperedFiles.ID_KEY, 24)).build(), "code"));
    assertThat(column).hasMessageContaining("column code");
    Throwable retrieved = assertRefused(file, options(FileDecryptionProperties.builder()
        .keyRetriever(metadata -> TamperedFiles.ID_KEY).build()));
    assertThat(retrieved).isInstanceOf(ParquetEncryptionException.class);
  }

  @Test
  void keysAreNotShownByTheObjectsHoldingThem() throws IOException {
    FileDecryptionProperties keys = TamperedFiles.keys().build();
    try (ParquetFile parquet = ParquetFile.open(file, keys)) {
      ColumnChunkMetadata chunk = parquet.metadata().rowGroup(0).column(ID);
      ColumnDecryptor column = parquet.decryptor().columnDecryptor(chunk.columnChunk(), 0, ID, "id", false, "id");
      for (Object holder : List.of(keys, parquet.decryptor(), column, parquet.metadata(), chunk)) {
        for (String secret : TamperedFiles.secretSpellings()) {
          assertThat(holder.toString()).as("toString of %s", holder.getClass().getSimpleName())
              .doesNotContain(secret);
        }
      }
    }
  }

  @Test
  void flippedFooterAndColumnMetadataAreRefused() throws IOException {
    assertRefused(flipped(bytes, bytes.length - 8 - 30, 0x04, copy("footer")), allKeys());
    // Column metadata is its own module only beside a plaintext footer; the footer's signature covers it, so the
    // signature check is off to reach the module itself.
    Path plaintext = TamperedFiles.write(temporary.resolve("plaintext.parquet.encrypted"), 1, true);
    byte[] plaintextBytes = Files.readAllBytes(plaintext);
    byte[] module;
    try (ParquetFile parquet = ParquetFile.open(plaintext, TamperedFiles.keys().build())) {
      module = parquet.metadata().rowGroup(0).column(ID).columnChunk().encryptedColumnMetadata();
    }
    int at = indexOf(plaintextBytes, module);
    assertThat(at).as("encrypted column metadata in the plaintext footer").isPositive();
    Path altered = flipped(plaintextBytes, at + module.length / 2, 0x20, copy("column-metadata"));
    FileDecryptionProperties unchecked = TamperedFiles.keys().checkFooterSignature(false).build();
    assertRefused(altered, options(unchecked, "id"));
    assertRefused(altered, allKeys("id"));
    assertThat(EncryptedReads.read(altered, options(unchecked, "code")).rows())
        .isEqualTo(expected.stream().map(row -> row.subList(1, 2)).toList());
  }

  @Test
  void flippedPageHeadersPagesAndDictionaryPagesAreRefused() throws IOException {
    List<Module> id = modules(bytes, chunk(file, 1, ID));
    List<Module> code = modules(bytes, chunk(file, 0, CODE));
    record Target(String name, Module module, String column) {}
    List<Target> targets = List.of(new Target("page-header", id.get(6), "id"), new Target("page", id.get(7), "id"),
        new Target("dictionary-header", code.get(0), "code"), new Target("dictionary", code.get(1), "code"),
        new Target("code-page", code.get(3), "code"));
    for (Target target : targets) {
      Module module = target.module();
      long[][] flips = {{module.middle(), 0x01}, {module.offset() + 5, 0x80},
          {module.end() - 1, 0x10}, {module.offset(), 0x01}, {module.offset() + 3, 0x40}};
      for (long[] flip : flips) {
        Path altered = flipped(bytes, flip[0], (int) flip[1], copy(target.name() + "-" + flip[0] + "-" + flip[1]));
        assertRefused(altered, allKeys(target.column()));
      }
    }
  }

  @Test
  void flippedPageIndexesAndBloomFiltersFailToDecryptAndChangeNoValue() throws IOException {
    ColumnChunkMetadata chunk = chunk(file, 0, ID);
    long bloomFilter = chunk.bloomFilterOffset().orElseThrow();
    Module bloomHeader = TamperedFiles.moduleAt(bytes, bloomFilter);
    record Target(ModuleType type, Module module) {}
    List<Target> targets = List.of(
        new Target(ModuleType.COLUMN_INDEX, TamperedFiles.moduleAt(bytes, chunk.columnIndexOffset().orElseThrow())),
        new Target(ModuleType.OFFSET_INDEX, TamperedFiles.moduleAt(bytes, chunk.offsetIndexOffset().orElseThrow())),
        new Target(ModuleType.BLOOM_FILTER_HEADER, bloomHeader),
        new Target(ModuleType.BLOOM_FILTER_BITSET, TamperedFiles.moduleAt(bytes, bloomHeader.end())));
    for (Target target : targets) {
      Module module = target.module();
      Path altered = flipped(bytes, module.middle(), 0x02, copy(target.type().name()));
      assertThat(EncryptedReads.read(altered, allKeys()).rows()).as("values of %s", altered.getFileName())
          .isEqualTo(expected);
      try (ParquetFile parquet = ParquetFile.open(altered, TamperedFiles.keys().build())) {
        ColumnChunkMetadata alteredChunk = parquet.metadata().rowGroup(0).column(ID);
        ColumnDecryptor decryptor = parquet.decryptor().columnDecryptor(alteredChunk.columnChunk(), 0, ID, "id",
            false, "id");
        byte[] moduleBytes = parquet.inputFile().readFully(module.offset(), module.length());
        assertThat(decryptor.decryptModule(target.type(), bytes, (int) module.offset(), module.length(),
            module.offset())).as("the unaltered %s decrypts", target.type()).isNotEmpty();
        Throwable failure = catchThrowable(() -> decryptor.decryptModule(target.type(), moduleBytes, 0,
            module.length(), module.offset()));
        assertThat(failure).as("altered %s", target.type()).isInstanceOf(ParquetEncryptionException.class);
        assertNoKeyIn(failure);
      }
    }
  }

  private static int indexOf(byte[] bytes, byte[] pattern) {
    for (int start = bytes.length - pattern.length; start >= 0; start--) {
      if (Arrays.equals(bytes, start, start + pattern.length, pattern, 0, pattern.length)) {
        return start;
      }
    }
    return -1;
  }
}
