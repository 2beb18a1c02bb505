package io.parquetarrow.core.crypto;

import static io.parquetarrow.core.crypto.EncryptedWrites.FOOTER_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.ID_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.NAME_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.TAGS_KEY;
import static io.parquetarrow.core.crypto.EncryptedWrites.TAGS_LEAF;
import static io.parquetarrow.core.crypto.EncryptedWrites.ascii;
import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.WriteOptions.DataPageVersion;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files this writer encrypts, in every setting: {uniform, column keys, plaintext footer} x {AES_GCM_V1,
 * AES_GCM_CTR_V1} x {UNCOMPRESSED, SNAPPY, ZSTD} x {page V1, V2} x dictionaries on and off, with page checksums, the
 * page index and a Bloom filter on one column. Each reads back through our reader and through parquet-java (with its
 * page checksum verification on) as the same data written in plaintext reads; parquet-java also reads every column
 * index, offset index and the Bloom filter, which are encrypted modules in an encrypted column.
 */
class EncryptedWriteTest {
  enum Mode { UNIFORM, COLUMN_KEYS, PLAINTEXT_FOOTER }

  @TempDir static Path temporary;
  private static List<List<Object>> expectedOurs;
  private static List<List<Object>> expectedParquetJava;

  @BeforeAll
  static void plaintextOracle() throws IOException {
    Path file = temporary.resolve("plaintext.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      EncryptedWrites.write(file, EncryptedWrites.options().build(), allocator);
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after writing").isZero();
    }
    expectedOurs = EncryptedReads.read(file, ReadOptions.defaults()).rows();
    expectedParquetJava = ParquetJavaRows.read(file, ParquetReadOptions.builder().build());
    assertThat(expectedOurs).hasSize(EncryptedWrites.ROWS);
  }

  static Stream<Arguments> settings() {
    List<Arguments> all = new ArrayList<>();
    for (Mode mode : Mode.values()) {
      for (ParquetCipher cipher : ParquetCipher.values()) {
        for (Codec codec : new Codec[] {Codec.UNCOMPRESSED, Codec.SNAPPY, Codec.ZSTD}) {
          for (DataPageVersion version : DataPageVersion.values()) {
            for (boolean dictionary : new boolean[] {true, false}) {
              all.add(Arguments.of(mode, cipher, codec, version, dictionary));
            }
          }
        }
      }
    }
    return all.stream();
  }

  static FileEncryptionProperties properties(Mode mode, ParquetCipher cipher) {
    FileEncryptionProperties.Builder builder = FileEncryptionProperties.builder(FOOTER_KEY)
        .footerKeyMetadata(ascii("footer-key")).algorithm(cipher).aadPrefix(ascii("table-1.part0"));
    if (mode != Mode.UNIFORM) {
      builder.columnKey("id", ID_KEY, ascii("id-key")).columnKey("name", NAME_KEY, ascii("name-key"))
          .columnKey(TAGS_LEAF, TAGS_KEY, ascii("tags-key"));
    }
    return builder.plaintextFooter(mode == Mode.PLAINTEXT_FOOTER).build();
  }

  static byte[] key(byte[] metadata) {
    return switch (new String(metadata, StandardCharsets.US_ASCII)) {
      case "footer-key" -> FOOTER_KEY;
      case "id-key" -> ID_KEY;
      case "name-key" -> NAME_KEY;
      case "tags-key" -> TAGS_KEY;
      default -> null;
    };
  }

  @ParameterizedTest(name = "{0} {1} {2} {3} dictionary={4}")
  @MethodSource("settings")
  void roundTrip(Mode mode, ParquetCipher cipher, Codec codec, DataPageVersion version, boolean dictionary)
      throws IOException {
    Path file = temporary.resolve(mode + "-" + cipher + "-" + codec + "-" + version + "-" + dictionary + ".parquet");
    WriteOptions options = EncryptedWrites.options().codec(codec).dataPageVersion(version)
        .dictionaryEnabled(dictionary).encryption(properties(mode, cipher)).build();
    try (BufferAllocator allocator = TestAllocators.root()) {
      EncryptedWrites.write(file, options, allocator);
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after writing").isZero();
    }

    FileDecryptionProperties ours = FileDecryptionProperties.builder().keyRetriever(EncryptedWriteTest::key).build();
    assertThat(EncryptedReads.read(file, ReadOptions.builder().decryption(ours).build()).rows())
        .as("our reader").isEqualTo(expectedOurs);

    org.apache.parquet.crypto.FileDecryptionProperties parquetJavaKeys =
        org.apache.parquet.crypto.FileDecryptionProperties.builder().withKeyRetriever(EncryptedWriteTest::key)
            .build();
    ParquetReadOptions parquetJava = ParquetReadOptions.builder().withDecryption(parquetJavaKeys)
        .usePageChecksumVerification(true).build();
    assertThat(ParquetJavaRows.read(file, parquetJava)).as("parquet-java, checksums verified")
        .isEqualTo(expectedParquetJava);
    checkIndexesWithParquetJava(file, parquetJava);
  }

  /** Every chunk's offset index and column index decrypt and describe its pages; name's Bloom filter finds values. */
  private static void checkIndexesWithParquetJava(Path file, ParquetReadOptions options) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      assertThat(reader.getRowGroups()).as("row groups").hasSize(3);
      for (BlockMetaData block : reader.getRowGroups()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          OffsetIndex offsetIndex = reader.readOffsetIndex(column);
          assertThat(offsetIndex).as("offset index of %s", column.getPath()).isNotNull();
          assertThat(offsetIndex.getPageCount()).as("pages of %s", column.getPath()).isGreaterThan(1);
          ColumnIndex columnIndex = reader.readColumnIndex(column);
          assertThat(columnIndex).as("column index of %s", column.getPath()).isNotNull();
          assertThat(columnIndex.getNullPages()).hasSize(offsetIndex.getPageCount());
          if (column.getPath().toDotString().equals("name")) {
            BloomFilter bloom = reader.readBloomFilter(column);
            assertThat(bloom).as("Bloom filter of name").isNotNull();
            assertThat(bloom.findHash(bloom.hash(Binary.fromString("name-3")))).as("name-3 in the filter").isTrue();
          }
        }
      }
    }
  }
}
