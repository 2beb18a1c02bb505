package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pages written by an independent writer, parquet-java, with page CRCs: data page v1 and v2, compressed and not,
 * with nulls and small pages. Every page carries a checksum, so reading with verification on checks our CRC
 * coverage rule (the stored page bytes, for v2 including the uncompressed levels) against parquet-java's; the
 * values must be those written; and a single flipped bit inside a page body must be reported as a checksum
 * mismatch naming the page.
 */
class ParquetJavaPagesTest {
  private static final int ROWS = 5_000;
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message test { required int64 id; optional binary name (STRING); optional double ratio;"
          + " required boolean flag; optional fixed_len_byte_array(3) code; }");

  @TempDir Path temporary;

  private Path write(String label, WriterVersion version, CompressionCodecName codec, boolean dictionary)
      throws Exception {
    Path file = temporary.resolve(label + ".parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    // LocalOutputFile, not a Hadoop Path: Hadoop's FileSystem needs Subject.getSubject, which JDK 23+ refuse.
    try (ParquetWriter<Group> writer = ExampleParquetWriter
        .builder(new org.apache.parquet.io.LocalOutputFile(file))
        .withConf(new Configuration())
        .withType(SCHEMA)
        .withWriterVersion(version)
        .withCompressionCodec(codec)
        .withDictionaryEncoding(dictionary)
        .withPageWriteChecksumEnabled(true)
        .withPageSize(4096)
        .withPageRowCountLimit(700)
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
          group.append("code", org.apache.parquet.io.api.Binary.fromConstantByteArray(
              new byte[] {(byte) i, (byte) (i >> 8), 7}));
        }
        writer.write(group);
      }
    }
    return file;
  }

  @ParameterizedTest
  @CsvSource({"PARQUET_1_0, UNCOMPRESSED, false", "PARQUET_1_0, SNAPPY, true", "PARQUET_2_0, UNCOMPRESSED, true",
      "PARQUET_2_0, SNAPPY, false", "PARQUET_2_0, GZIP, true", "PARQUET_2_0, ZSTD, false"})
  void readsParquetJavaPagesWithChecksums(WriterVersion version, CompressionCodecName codec, boolean dictionary)
      throws Exception {
    Path file = write(version + "_" + codec + "_" + dictionary, version, codec, dictionary);
    ReaderTestSupport.Table table = ReaderTestSupport.read(file, ReadOptions.builder().batchRows(999).build());
    assertThat(table.rows()).as("rows").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      List<Object> row = table.rows().get(i);
      assertThat(row.get(0)).as("id of row %d", i).isEqualTo((long) i * 31);
      assertThat(row.get(1)).as("name of row %d", i).isEqualTo(i % 7 == 0 ? null : "name-" + (i % 50));
      assertThat(row.get(2)).as("ratio of row %d", i).isEqualTo(i % 5 == 0 ? null : i / 8.0);
      assertThat(row.get(3)).as("flag of row %d", i).isEqualTo(i % 3 == 0);
      assertThat(row.get(4)).as("code of row %d", i).isEqualTo(i % 4 == 0 ? null
          : java.util.HexFormat.of().formatHex(new byte[] {(byte) i, (byte) (i >> 8), 7}));
    }
  }

  @ParameterizedTest
  @CsvSource({"PARQUET_1_0, SNAPPY", "PARQUET_2_0, UNCOMPRESSED", "PARQUET_2_0, GZIP"})
  void aFlippedBitInAPageIsACaughtChecksumMismatch(WriterVersion version, CompressionCodecName codec)
      throws Exception {
    Path file = write("flip_" + version + "_" + codec, version, codec, false);
    byte[] bytes = Files.readAllBytes(file);
    long pageStart;
    long dataPageOffset;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      // The last byte of the first column chunk (inside its last page body, for v2 in the values section).
      var chunk = parquet.metadata().rowGroup(0).column(0);
      pageStart = chunk.startOffset();
      dataPageOffset = chunk.startOffset() + chunk.totalCompressedSize() - 1;
    }
    bytes[(int) dataPageOffset] ^= 0x10;
    Path damaged = temporary.resolve("damaged_" + version + "_" + codec + ".parquet");
    Files.write(damaged, bytes);
    assertThat(pageStart).isPositive();
    assertThatThrownBy(() -> ReaderTestSupport.read(damaged, ReadOptions.defaults()))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining(damaged.getFileName().toString())
        .hasMessageContaining("column id")
        .hasMessageContaining("page at offset")
        .hasMessageContaining("checksum mismatch");
  }
}
