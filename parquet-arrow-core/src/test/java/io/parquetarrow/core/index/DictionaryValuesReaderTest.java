package io.parquetarrow.core.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.WriteOptions.DataPageVersion;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.read.ColumnChunks;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageEncodingStats;
import io.parquetarrow.format.PageType;
import io.parquetarrow.format.Type;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Dictionaries our writer stores, read back as plain values: a chunk whose pages are all dictionary encoded gives
 * exactly its distinct values, whatever the codec, data page version or encryption; a chunk that fell back to PLAIN
 * or never used a dictionary gives none, as does a dictionary over the limits. The footer rule itself is checked on
 * hand-made metadata.
 */
class DictionaryValuesReaderTest {
  private static final int ROWS = 3000;
  private static final int DISTINCT = 40;
  private static final byte[] FOOTER_KEY = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  /** Row {@code r} holds key {@code 2 (r mod 40)}: 40 distinct values per column, in every row group. */
  private Path writeFewDistinct(String name, WriteOptions.Builder options) throws IOException {
    Path file = directory.resolve(name);
    PlainValueTables.write(file, ROWS, row -> 2 * (row % DISTINCT),
        options.rowGroupRowLimit(1000).pageRowLimit(300).build(), allocator);
    return file;
  }

  private static Set<String> expectedValues(String column) {
    return IntStream.range(0, DISTINCT).mapToObj(j -> PlainValueTables.hex(PlainValueTables.plain(column, 2 * j)))
        .collect(Collectors.toSet());
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"UNCOMPRESSED, V1", "SNAPPY, V2", "ZSTD, V1"})
  void aDictionaryEncodedChunkGivesExactlyItsDistinctValues(Codec codec, DataPageVersion version)
      throws IOException {
    Path file = writeFewDistinct("few-" + codec + "-" + version + ".parquet",
        WriteOptions.builder().codec(codec).dataPageVersion(version));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      assertDictionariesHoldTheDistinctValues(parquet);
    }
  }

  @Test
  void anEncryptedChunksDictionaryDecrypts() throws IOException {
    Path file = writeFewDistinct("encrypted.parquet", WriteOptions.builder().codec(Codec.SNAPPY)
        .encryption(FileEncryptionProperties.builder(FOOTER_KEY).build()));
    try (ParquetFile parquet = ParquetFile.open(file,
        FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build())) {
      assertThat(parquet.metadata().rowGroups().get(0).column(0).isEncrypted()).as("column encrypted").isTrue();
      assertDictionariesHoldTheDistinctValues(parquet);
    }
  }

  @Test
  void anEncryptedColumnWithoutItsKeyGivesNoValues() throws IOException {
    FileEncryptionProperties encryption = FileEncryptionProperties.builder(FOOTER_KEY)
        .columnKey("i64", "fedcba9876543210".getBytes(StandardCharsets.US_ASCII)).plaintextFooter(true).build();
    Path file = writeFewDistinct("column-key.parquet", WriteOptions.builder().encryption(encryption));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      assertThat(new DictionaryValuesReader().read(parquet, rowGroup, rowGroup.column(0).column()))
          .as("the plaintext column's dictionary").hasSize(DISTINCT);
      // The redacted plaintext metadata has no encoding_stats, and its encodings list PLAIN (the dictionary page)
      // beside RLE_DICTIONARY: a fallback cannot be ruled out, so the page is not even opened.
      ColumnChunkMetadata i64 = rowGroup.column(1);
      assertThat(i64.columnMetaData().encodingStats()).as("stats of i64 redacted").isNull();
      assertThat(new DictionaryValuesReader().read(parquet, rowGroup, i64.column())).as("i64 without its key")
          .isNull();
    }
  }

  private static void assertDictionariesHoldTheDistinctValues(ParquetFile parquet) throws IOException {
    DictionaryValuesReader reader = new DictionaryValuesReader();
    assertThat(parquet.metadata().rowGroups()).as("row groups").hasSize(3);
    for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
      for (ColumnChunkMetadata chunk : rowGroup.columns()) {
        String name = chunk.column().dottedPath();
        List<byte[]> values = reader.read(parquet, rowGroup, chunk.column());
        assertThat(values).as("dictionary of %s in row group %d", name, rowGroup.index()).isNotNull();
        List<String> hex = PlainValueTables.hex(values);
        assertThat(hex).as("dictionary of %s: each value once", name).doesNotHaveDuplicates();
        assertThat(new HashSet<>(hex)).as("dictionary of %s in row group %d", name, rowGroup.index())
            .isEqualTo(expectedValues(name));
      }
    }
  }

  @Test
  void onlyTheDictionaryPageIsRead() throws IOException {
    Path file = writeFewDistinct("bytes.parquet", WriteOptions.builder());
    try (ParquetFile parquet = ParquetFile.open(file);
        ColumnChunks chunks = new ColumnChunks(parquet, true, 0, Runnable::run)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      ColumnChunkMetadata text = rowGroup.column(4);
      assertThat(text.dictionaryPageOffset()).as("dictionary page offset").isPresent();
      assertThat(new DictionaryValuesReader().read(chunks, rowGroup, text.column())).hasSize(DISTINCT);
      assertThat(chunks.bytesRead()).as("bytes read: the dictionary page, not the %d of the chunk",
          text.chunkLength()).isEqualTo(text.dataPageOffset() - text.startOffset());
    }
  }

  @Test
  void aChunkThatFellBackToPlainGivesNoValues() throws IOException {
    Path file = directory.resolve("fallback.parquet");
    PlainValueTables.write(file, ROWS, row -> 2 * row,
        WriteOptions.builder().dictionaryPageSizeLimit(256).pageRowLimit(100).build(), allocator);
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      for (ColumnChunkMetadata chunk : rowGroup.columns()) {
        String name = chunk.column().dottedPath();
        List<PageEncodingStats> stats = chunk.columnMetaData().encodingStats();
        assertThat(stats).as("%s has dictionary and PLAIN data pages", name)
            .anyMatch(entry -> entry.pageType() == PageType.DATA_PAGE && entry.encoding() == Encoding.PLAIN)
            .anyMatch(entry -> entry.encoding() == Encoding.RLE_DICTIONARY
                || entry.encoding() == Encoding.PLAIN_DICTIONARY);
        assertThat(new DictionaryValuesReader().read(parquet, rowGroup, chunk.column()))
            .as("values of %s, which fell back", name).isNull();
      }
    }
  }

  @Test
  void aChunkWithoutDictionaryGivesNoValues() throws IOException {
    Path file = writeFewDistinct("plain.parquet", WriteOptions.builder().dictionaryEnabled(false));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      for (ColumnChunkMetadata chunk : rowGroup.columns()) {
        assertThat(new DictionaryValuesReader().read(parquet, rowGroup, chunk.column()))
            .as("values of %s", chunk.column().dottedPath()).isNull();
      }
    }
  }

  @Test
  void aDictionaryOverTheLimitsGivesNoValues() throws IOException {
    Path file = writeFewDistinct("limits.parquet", WriteOptions.builder());
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      ColumnChunkMetadata i64 = rowGroup.column(1);
      assertThat(new DictionaryValuesReader(DISTINCT, 1 << 20).read(parquet, rowGroup, i64.column()))
          .as("40 values within a limit of 40").hasSize(DISTINCT);
      assertThat(new DictionaryValuesReader(DISTINCT - 1, 1 << 20).read(parquet, rowGroup, i64.column()))
          .as("40 values over a limit of 39").isNull();
      assertThat(new DictionaryValuesReader(DISTINCT, DISTINCT * Long.BYTES).read(parquet, rowGroup, i64.column()))
          .as("320 bytes within a limit of 320").hasSize(DISTINCT);
      assertThat(new DictionaryValuesReader(DISTINCT, DISTINCT * Long.BYTES - 1)
          .read(parquet, rowGroup, i64.column())).as("320 bytes over a limit of 319").isNull();
    }
  }

  @Test
  void theFooterRuleWithEncodingStats() {
    List<PageEncodingStats> dictionary = List.of(
        new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1),
        new PageEncodingStats(PageType.DATA_PAGE, Encoding.RLE_DICTIONARY, 3),
        new PageEncodingStats(PageType.DATA_PAGE_V2, Encoding.PLAIN_DICTIONARY, 2));
    assertThat(DictionaryValuesReader.allDataPagesDictionaryEncoded(
        metaData(Type.INT32, List.of(Encoding.PLAIN, Encoding.RLE, Encoding.RLE_DICTIONARY), dictionary)))
        .as("PLAIN only for the dictionary page").isTrue();
    List<PageEncodingStats> fallback = List.of(
        new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1),
        new PageEncodingStats(PageType.DATA_PAGE, Encoding.RLE_DICTIONARY, 3),
        new PageEncodingStats(PageType.DATA_PAGE, Encoding.PLAIN, 1));
    assertThat(DictionaryValuesReader.allDataPagesDictionaryEncoded(
        metaData(Type.INT32, List.of(Encoding.RLE_DICTIONARY), fallback)))
        .as("a PLAIN data page, whatever the encodings list says").isFalse();
  }

  @Test
  void theFooterRuleWithoutEncodingStats() {
    record Case(Type type, List<Encoding> encodings, boolean expected) {}
    List<Case> cases = List.of(
        new Case(Type.INT32, List.of(Encoding.PLAIN_DICTIONARY, Encoding.RLE, Encoding.BIT_PACKED), true),
        new Case(Type.BYTE_ARRAY, List.of(Encoding.RLE_DICTIONARY, Encoding.RLE), true),
        new Case(Type.INT64, List.of(Encoding.PLAIN_DICTIONARY, Encoding.PLAIN, Encoding.RLE), false),
        new Case(Type.INT64, List.of(Encoding.RLE_DICTIONARY, Encoding.PLAIN, Encoding.RLE), false),
        new Case(Type.DOUBLE, List.of(Encoding.RLE_DICTIONARY, Encoding.BYTE_STREAM_SPLIT), false),
        new Case(Type.INT32, List.of(Encoding.PLAIN, Encoding.RLE), false),
        new Case(Type.INT32, List.of(Encoding.RLE), false),
        new Case(Type.BOOLEAN, List.of(Encoding.RLE_DICTIONARY, Encoding.RLE), false));
    for (Case c : cases) {
      assertThat(DictionaryValuesReader.allDataPagesDictionaryEncoded(metaData(c.type(), c.encodings(), null)))
          .as("%s %s", c.type(), c.encodings()).isEqualTo(c.expected());
    }
  }

  private static ColumnMetaData metaData(Type type, List<Encoding> encodings, List<PageEncodingStats> stats) {
    return new ColumnMetaData(type, encodings, List.of("x"), CompressionCodec.UNCOMPRESSED, 0, 0, 0, null, 4, null,
        null, null, stats, null, null, null, null);
  }
}
