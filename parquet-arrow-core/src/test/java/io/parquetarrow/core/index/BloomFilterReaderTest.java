package io.parquetarrow.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.ColumnSummary;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.BloomFilterAlgorithm;
import io.parquetarrow.format.BloomFilterCompression;
import io.parquetarrow.format.BloomFilterHash;
import io.parquetarrow.format.BloomFilterHeader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bloom filters our writer stores, read back: for each physical type a filter covers, every value written to a row
 * group may be in that row group's filter and most values not written are excluded; an encrypted column's filter
 * decrypts; a chunk without a filter has none. A filter opened for probing ({@link BloomFilterReader#open}) reads one
 * block per probed value and answers as the whole filter. Damaged headers, and a bitset gone when a block is read,
 * are corruption naming the place; an algorithm or hash the spec does not define is no filter.
 */
class BloomFilterReaderTest {
  private static final int ROWS = 3000;
  private static final int ROW_GROUP_ROWS = 1000;
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

  /** Row {@code r} holds key {@code 2r}, so odd keys are never written. */
  private Path write(String name, WriteOptions.Builder options) throws IOException {
    Path file = directory.resolve(name);
    options.rowGroupRowLimit(ROW_GROUP_ROWS).pageRowLimit(300);
    for (String column : PlainValueTables.COLUMNS) {
      options.bloomFilter(column, ROW_GROUP_ROWS, 0.01);
    }
    PlainValueTables.write(file, ROWS, row -> 2 * row, options.build(), allocator);
    return file;
  }

  @Test
  void writtenValuesMayBeInTheFilterAndMostOthersAreNot() throws IOException {
    Path file = write("types.parquet", WriteOptions.builder());
    try (ParquetFile parquet = ParquetFile.open(file)) {
      assertFiltersMatchRows(parquet);
    }
  }

  @Test
  void encryptedColumnsFiltersDecrypt() throws IOException {
    try (ParquetFile parquet = writeEncrypted("encrypted.parquet")) {
      assertThat(parquet.metadata().rowGroups().get(0).column(0).isEncrypted()).as("column encrypted").isTrue();
      assertFiltersMatchRows(parquet);
    }
  }

  /** The test file written with its footer key (uniform encryption) and opened with it. */
  private ParquetFile writeEncrypted(String name) throws IOException {
    FileEncryptionProperties encryption = FileEncryptionProperties.builder(FOOTER_KEY).build();
    Path file = write(name, WriteOptions.builder().encryption(encryption));
    return ParquetFile.open(file, FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build());
  }

  private static void assertFiltersMatchRows(ParquetFile parquet) throws IOException {
    int firstRow = 0;
    assertThat(parquet.metadata().rowGroups()).as("row groups").hasSize(ROWS / ROW_GROUP_ROWS);
    for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
      for (ColumnChunkMetadata chunk : rowGroup.columns()) {
        ColumnDescriptor column = chunk.column();
        String name = column.dottedPath();
        SplitBlockBloomFilter filter = BloomFilterReader.read(parquet, rowGroup, column);
        assertThat(filter).as("filter of %s in row group %d", name, rowGroup.index()).isNotNull();
        assertThat(filter.byteCount()).as("bitset of %s sized for 1000 values at 1%%", name).isEqualTo(2048);
        int falsePositives = 0;
        int absent = 0;
        for (int row = firstRow; row < firstRow + rowGroup.rowCount(); row++) {
          if (!PlainValueTables.isNull(row)) {
            assertThat(filter.mightContain(PlainValueTables.plain(name, 2 * row)))
                .as("%s value of row %d in its row group's filter", name, row).isTrue();
          }
          absent++;
          if (filter.mightContain(PlainValueTables.plain(name, 2 * row + 1))) {
            falsePositives++;
          }
        }
        assertThat(falsePositives).as("absent %s values the filter does not exclude, of %d", name, absent)
            .isLessThan(absent * 3 / 100);
      }
      firstRow += (int) rowGroup.rowCount();
    }
  }

  @Test
  void openedFiltersReadOneBlockPerProbeAndAnswerAsTheWholeFilter() throws IOException {
    Path file = write("opened.parquet", WriteOptions.builder());
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
        for (ColumnChunkMetadata chunk : rowGroup.columns()) {
          ColumnDescriptor column = chunk.column();
          String name = column.dottedPath();
          SplitBlockBloomFilter whole = BloomFilterReader.read(parquet, rowGroup, column);
          ColumnSummary.BloomFilter longLived = BloomFilterReader.open(parquet, rowGroup, column);
          assertThat(longLived).as("%s: a 2048-byte bitset is left in the file", name)
              .isInstanceOf(StoredBloomFilter.class);
          for (int value = 0; value < 2 * ROWS; value++) {
            byte[] plain = PlainValueTables.plain(name, value);
            assertThat(longLived.mightContain(plain))
                .as("%s value %d in row group %d, probed after %d others", name, value, rowGroup.index(), value)
                .isEqualTo(whole.mightContain(plain));
            if (value % 97 == 0) {
              StoredBloomFilter fresh = (StoredBloomFilter) BloomFilterReader.open(parquet, rowGroup, column);
              assertThat(fresh.mightContain(plain)).as("%s value %d probed first", name, value)
                  .isEqualTo(whole.mightContain(plain));
              assertThat(fresh.mightContain(plain)).as("%s value %d probed again", name, value)
                  .isEqualTo(whole.mightContain(plain));
              assertThat(fresh.blockReads()).as("block reads for one value probed twice").isEqualTo(1);
            }
          }
        }
      }
    }
  }

  @Test
  void anEncryptedFilterOpensWhole() throws IOException {
    try (ParquetFile parquet = writeEncrypted("encrypted-opened.parquet")) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(1);
      ColumnDescriptor column = rowGroup.column(1).column();
      ColumnSummary.BloomFilter opened = BloomFilterReader.open(parquet, rowGroup, column);
      assertThat(opened).as("an encrypted bitset is one module, decrypted whole")
          .isInstanceOf(SplitBlockBloomFilter.class);
      SplitBlockBloomFilter whole = BloomFilterReader.read(parquet, rowGroup, column);
      for (int value = 0; value < 2 * ROWS; value++) {
        byte[] plain = PlainValueTables.plain(column.dottedPath(), value);
        assertThat(opened.mightContain(plain)).as("value %d", value).isEqualTo(whole.mightContain(plain));
      }
    }
  }

  @Test
  void aBitsetPastTheEndIsCorruptionWhenOpenedToo() throws IOException {
    Path file = withHeader("opened-size.parquet", new BloomFilterHeader(4096,
        new BloomFilterAlgorithm.SplitBlockAlgorithm(), new BloomFilterHash.XxHash(),
        new BloomFilterCompression.Uncompressed()));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      long offset = rowGroup.column(1).bloomFilterOffset().getAsLong();
      assertThatThrownBy(() -> BloomFilterReader.open(parquet, rowGroup, rowGroup.column(1).column()))
          .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining(file.toString())
          .hasMessageContaining("row group 0").hasMessageContaining("column i64")
          .hasMessageContaining("offset " + offset).hasMessageContaining("runs past");
    }
  }

  @Test
  void aFileShortenedAfterTheHeaderWasReadIsCorruptionNamingThePlace() throws IOException {
    Path file = directory.resolve("shortened.parquet");
    PlainValueTables.write(file, ROW_GROUP_ROWS, row -> 2 * row,
        WriteOptions.builder().bloomFilter("i64", ROW_GROUP_ROWS, 0.01).build(), allocator);
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      long offset = rowGroup.column(1).bloomFilterOffset().getAsLong();
      ColumnSummary.BloomFilter opened = BloomFilterReader.open(parquet, rowGroup, rowGroup.column(1).column());
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
        channel.truncate(offset + 20);
      }
      assertThatThrownBy(() -> opened.mightContain(PlainValueTables.plain("i64", 2)))
          .isInstanceOf(UncheckedIOException.class).cause().isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining(file.toString()).hasMessageContaining("row group 0")
          .hasMessageContaining("column i64").hasMessageContaining("offset " + offset);
    }
  }

  @Test
  void aChunkWithoutFilterHasNone() throws IOException {
    Path file = directory.resolve("none.parquet");
    PlainValueTables.write(file, 100, row -> row, WriteOptions.builder().bloomFilter("i64", 100, 0.01).build(),
        allocator);
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      assertThat(BloomFilterReader.read(parquet, rowGroup, rowGroup.column(0).column())).as("i32 has no filter")
          .isNull();
      assertThat(BloomFilterReader.read(parquet, rowGroup, rowGroup.column(1).column())).as("i64 has one")
          .isNotNull();
    }
  }

  @Test
  void anEncryptedFilterNeedsItsKey() throws IOException {
    FileEncryptionProperties encryption = FileEncryptionProperties.builder(FOOTER_KEY)
        .columnKey("i64", "fedcba9876543210".getBytes(StandardCharsets.US_ASCII)).plaintextFooter(true).build();
    Path file = write("column-key.parquet", WriteOptions.builder().encryption(encryption));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      assertThat(BloomFilterReader.read(parquet, rowGroup, rowGroup.column(0).column()))
          .as("a plaintext column's filter in a file with a plaintext footer").isNotNull();
      ColumnChunkMetadata i64 = rowGroup.column(1);
      assertThat(i64.bloomFilterOffset()).as("the redacted plaintext metadata says where the filter is")
          .isPresent();
      assertThatThrownBy(() -> BloomFilterReader.read(parquet, rowGroup, i64.column()))
          .isInstanceOf(ParquetEncryptionException.class).hasMessageContaining("i64");
    }
  }

  @Test
  void aHeaderWithAnInvalidSizeIsCorruptionNamingThePlace() throws IOException {
    for (int numBytes : new int[] {3000, -2048, 4096}) {
      Path file = withHeader("size-" + numBytes + ".parquet", new BloomFilterHeader(numBytes,
          new BloomFilterAlgorithm.SplitBlockAlgorithm(), new BloomFilterHash.XxHash(),
          new BloomFilterCompression.Uncompressed()));
      try (ParquetFile parquet = ParquetFile.open(file)) {
        RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
        long offset = rowGroup.column(1).bloomFilterOffset().getAsLong();
        assertThatThrownBy(() -> BloomFilterReader.read(parquet, rowGroup, rowGroup.column(1).column()))
            .as("numBytes %d", numBytes).isInstanceOf(ParquetCorruptionException.class)
            .hasMessageContaining(file.toString()).hasMessageContaining("row group 0")
            .hasMessageContaining("column i64").hasMessageContaining("offset " + offset)
            .hasMessageContaining(numBytes == 4096 ? "runs past" : "power of two");
      }
    }
  }

  @Test
  void anAlgorithmOrHashTheSpecDoesNotDefineIsNoFilter() throws IOException {
    BloomFilterHeader[] headers = {
        new BloomFilterHeader(2048, new BloomFilterAlgorithm.Unrecognized(2), new BloomFilterHash.XxHash(),
            new BloomFilterCompression.Uncompressed()),
        new BloomFilterHeader(2048, new BloomFilterAlgorithm.SplitBlockAlgorithm(),
            new BloomFilterHash.Unrecognized(2), new BloomFilterCompression.Uncompressed()),
        new BloomFilterHeader(2048, new BloomFilterAlgorithm.SplitBlockAlgorithm(), new BloomFilterHash.XxHash(),
            new BloomFilterCompression.Unrecognized(2))};
    for (int i = 0; i < headers.length; i++) {
      Path file = withHeader("unknown-" + i + ".parquet", headers[i]);
      try (ParquetFile parquet = ParquetFile.open(file)) {
        RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
        assertThat(BloomFilterReader.read(parquet, rowGroup, rowGroup.column(1).column())).as("%s", headers[i])
            .isNull();
      }
    }
  }

  /** A one-row-group file whose i64 filter header (2048 bytes of bitset) is replaced by one as long. */
  private Path withHeader(String name, BloomFilterHeader header) throws IOException {
    Path original = directory.resolve("original-" + name);
    PlainValueTables.write(original, ROW_GROUP_ROWS, row -> 2 * row,
        WriteOptions.builder().bloomFilter("i64", ROW_GROUP_ROWS, 0.01).build(), allocator);
    long offset;
    try (ParquetFile parquet = ParquetFile.open(original)) {
      offset = parquet.metadata().rowGroups().get(0).column(1).bloomFilterOffset().getAsLong();
    }
    byte[] bytes = Files.readAllBytes(original);
    byte[] stored = new BloomFilterHeader(2048, new BloomFilterAlgorithm.SplitBlockAlgorithm(),
        new BloomFilterHash.XxHash(), new BloomFilterCompression.Uncompressed()).encode();
    byte[] replacement = header.encode();
    assertThat(replacement).as("replacement header length").hasSameSizeAs(stored);
    assertThat(Arrays.copyOfRange(bytes, (int) offset, (int) offset + stored.length))
        .as("the stored header").isEqualTo(stored);
    System.arraycopy(replacement, 0, bytes, (int) offset, replacement.length);
    Path file = directory.resolve(name);
    Files.write(file, bytes);
    return file;
  }
}
