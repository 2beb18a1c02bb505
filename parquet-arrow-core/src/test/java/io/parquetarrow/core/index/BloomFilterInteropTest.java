package io.parquetarrow.core.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.BloomFilterHeader;
import io.parquetarrow.thrift.CompactProtocolReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bloom filters of other writers, read by {@link BloomFilterReader}: parquet-java's, over every type a filter
 * covers; the parquet-testing file whose footer leaves {@code bloom_filter_length} unset (the speculative header
 * read); and the corpus's bare filter {@code bloom_filter.xxhash.bin}, probed through {@link SplitBlockBloomFilter}.
 */
class BloomFilterInteropTest {
  private static final int ROWS = 2000;
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message test {"
      + " optional int32 i32; optional int64 i64; optional float f32; optional double f64;"
      + " optional binary text (STRING); optional fixed_len_byte_array(8) fixed; }");

  @TempDir Path directory;

  @Test
  void parquetJavaFiltersHoldTheirValues() throws IOException {
    Path file = directory.resolve("parquet-java.parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    // LocalOutputFile, not a Hadoop Path: Hadoop's FileSystem needs Subject.getSubject, which JDK 23+ refuse.
    ParquetWriter.Builder<Group, ?> builder = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new Configuration()).withType(SCHEMA).withDictionaryEncoding(false)
        .withBloomFilterEnabled(true);
    for (String column : PlainValueTables.COLUMNS) {
      builder.withBloomFilterNDV(column, ROWS);
    }
    try (ParquetWriter<Group> writer = builder.build()) {
      for (int row = 0; row < ROWS; row++) {
        Group group = groups.newGroup();
        if (!PlainValueTables.isNull(row)) {
          int k = 2 * row;
          group.append("i32", k).append("i64", k * 1_000_003L).append("f32", k * 0.5f).append("f64", k * 0.25)
              .append("text", "value-" + k)
              .append("fixed", Binary.fromConstantByteArray(PlainValueTables.plain("fixed", k)));
        }
        writer.write(group);
      }
    }
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      assertThat(rowGroup.rowCount()).as("one row group").isEqualTo(ROWS);
      for (ColumnChunkMetadata chunk : rowGroup.columns()) {
        String name = chunk.column().dottedPath();
        SplitBlockBloomFilter filter = BloomFilterReader.read(parquet, rowGroup, chunk.column());
        assertThat(filter).as("parquet-java's filter of %s", name).isNotNull();
        int falsePositives = 0;
        for (int row = 0; row < ROWS; row++) {
          if (!PlainValueTables.isNull(row)) {
            assertThat(filter.mightContain(PlainValueTables.plain(name, 2 * row)))
                .as("%s value of row %d", name, row).isTrue();
          }
          if (filter.mightContain(PlainValueTables.plain(name, 2 * row + 1))) {
            falsePositives++;
          }
        }
        assertThat(falsePositives).as("absent %s values not excluded, of %d", name, ROWS)
            .isLessThan(ROWS * 5 / 100);
      }
    }
  }

  @Test
  void aFilterWithoutLengthInTheFooterIsReadSpeculatively() throws IOException {
    Path file = Corpus.file("data_index_bloom_encoding_stats.parquet");
    try (BufferAllocator allocator = TestAllocators.root()) {
      List<Map<String, Set<String>>> values = PlainValueTables.distinctValues(file, null, allocator);
      try (ParquetFile parquet = ParquetFile.open(file)) {
        RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
        ColumnChunkMetadata chunk = rowGroup.column(0);
        assertThat(chunk.bloomFilterLength()).as("bloom_filter_length unset in this file").isEmpty();
        SplitBlockBloomFilter filter = BloomFilterReader.read(parquet, rowGroup, chunk.column());
        assertThat(filter).as("the corpus file's filter").isNotNull();
        Set<String> written = values.get(0).get(chunk.column().dottedPath());
        assertThat(written).as("values of the column").isNotEmpty();
        for (String value : written) {
          assertThat(filter.mightContain(HexFormat.of().parseHex(value))).as("value %s", value).isTrue();
        }
        int excluded = 0;
        for (int i = 0; i < 100; i++) {
          if (!filter.mightContain(("absent value " + i).getBytes(StandardCharsets.UTF_8))) {
            excluded++;
          }
        }
        assertThat(excluded).as("made-up values excluded, of 100").isGreaterThan(90);
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  @Test
  void encryptedCorpusFiltersHoldTheirValues() throws IOException {
    Path file = Corpus.file("encrypt_columns_and_footer_bloom_filter.parquet.encrypted");
    // The corpus README's keys: each digit is an ASCII character.
    FileDecryptionProperties keys = FileDecryptionProperties.builder().footerKey(ascii("0123456789012345"))
        .columnKey("double_field", ascii("1234567890123450")).columnKey("float_field", ascii("1234567890123451"))
        .build();
    List<String> columns = List.of("double_field", "float_field");
    try (BufferAllocator allocator = TestAllocators.root()) {
      List<Map<String, Set<String>>> values =
          PlainValueTables.distinctValues(file, keys, allocator, columns.toArray(String[]::new));
      int filters = 0;
      try (ParquetFile parquet = ParquetFile.open(file, keys)) {
        for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
          for (ColumnChunkMetadata chunk : rowGroup.columns()) {
            String name = chunk.column().dottedPath();
            if (!columns.contains(name)) {
              continue;
            }
            assertThat(chunk.isEncrypted()).as("%s encrypted", name).isTrue();
            SplitBlockBloomFilter filter = BloomFilterReader.read(parquet, rowGroup, chunk.column());
            assertThat(filter).as("filter of %s in row group %d", name, rowGroup.index()).isNotNull();
            Set<String> written = values.get(rowGroup.index()).get(name);
            assertThat(written).as("values of %s", name).isNotEmpty();
            for (String value : written) {
              assertThat(filter.mightContain(HexFormat.of().parseHex(value))).as("%s value %s", name, value)
                  .isTrue();
            }
            filters++;
          }
        }
      }
      assertThat(filters).as("encrypted filters read").isPositive();
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void theCorpusBareFilterHoldsItsFourWords() throws IOException {
    byte[] bytes = Files.readAllBytes(Corpus.file("bloom_filter.xxhash.bin"));
    CompactProtocolReader reader = new CompactProtocolReader(bytes);
    BloomFilterHeader header = BloomFilterHeader.read(reader);
    int headerLength = reader.bytesConsumed();
    assertThat(headerLength + header.numBytes()).as("header and bitset fill the file").isEqualTo(bytes.length);
    SplitBlockBloomFilter filter = SplitBlockBloomFilter.fromBitset(bytes, headerLength, header.numBytes());
    for (String word : List.of("hello", "parquet", "bloom", "filter")) {
      assertThat(filter.mightContain(word.getBytes(StandardCharsets.UTF_8))).as("inserted %s", word).isTrue();
    }
    int excluded = 0;
    for (int i = 0; i < 100; i++) {
      if (!filter.mightContain(("word-" + i).getBytes(StandardCharsets.UTF_8))) {
        excluded++;
      }
    }
    assertThat(excluded).as("other words excluded, of 100").isGreaterThan(90);
  }
}
