package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The files the tamper tests alter, written by parquet-java with explicit keys so that their layout is predictable:
 * two row groups of {@value #ROWS_PER_ROW_GROUP} rows, pages of exactly {@value #ROWS_PER_PAGE} rows, no
 * compression and no checksums, so every data page of {@code id} (PLAIN INT64, encrypted with its own key) has the
 * same length and two files written with different values have the same layout byte for byte. {@code code} is
 * dictionary-encoded with a key of its own; {@code id} has a bloom filter; both have page indexes.
 *
 * <p>Also the byte surgery: where a column chunk's modules lie (each is {@code length nonce ciphertext tag}, so a
 * chunk is walked by its length prefixes), and copies of a file with bytes flipped, swapped or spliced in.
 */
final class TamperedFiles {
  static final int ROWS_PER_ROW_GROUP = 1000;
  static final int ROWS_PER_PAGE = 100;
  static final int ROWS = 2 * ROWS_PER_ROW_GROUP;
  static final byte[] FOOTER_KEY = ascii("FooterKey-16byte");
  static final byte[] ID_KEY = ascii("IdColumnKey-16by");
  static final byte[] CODE_KEY = ascii("CodeColumnKey-24bytes-ok");
  static final List<byte[]> KEYS = List.of(FOOTER_KEY, ID_KEY, CODE_KEY);
  static final byte[] AAD_PREFIX = ascii("tamper-test");
  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType("message m { required int64 id; required int32 code; }");

  private TamperedFiles() {}

  static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** The keys of every file written here. */
  static FileDecryptionProperties.Builder keys() {
    return FileDecryptionProperties.builder().footerKey(FOOTER_KEY).columnKey("id", ID_KEY)
        .columnKey("code", CODE_KEY);
  }

  /** The rows of a file written with {@code seed}: {@code [id, code]}. */
  static List<List<Object>> rows(long seed) {
    List<List<Object>> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      rows.add(List.of(id(seed, i), code(i)));
    }
    return rows;
  }

  private static long id(long seed, int row) {
    return seed * 1_000_000L + row * 3L;
  }

  private static int code(int row) {
    return row % 10;
  }

  /** Writes the file; {@code seed} changes the values of {@code id}, not the layout. */
  static Path write(Path file, long seed, boolean plaintextFooter) throws IOException {
    Map<ColumnPath, ColumnEncryptionProperties> columns = Map.of(
        ColumnPath.get("id"), ColumnEncryptionProperties.builder("id").withKey(ID_KEY).withKeyID("id-key").build(),
        ColumnPath.get("code"),
        ColumnEncryptionProperties.builder("code").withKey(CODE_KEY).withKeyID("code-key").build());
    FileEncryptionProperties.Builder encryption = FileEncryptionProperties.builder(FOOTER_KEY)
        .withFooterKeyID("footer-key").withAlgorithm(ParquetCipher.AES_GCM_V1).withEncryptedColumns(columns)
        .withAADPrefix(AAD_PREFIX);
    if (plaintextFooter) {
      encryption.withPlaintextFooter();
    }
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new Configuration())
        .withType(SCHEMA)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withDictionaryEncoding(false)
        .withDictionaryEncoding("code", true)
        .withBloomFilterEnabled("id", true)
        .withBloomFilterNDV("id", ROWS)
        .withPageWriteChecksumEnabled(false)
        .withPageSize(1 << 20)
        .withPageRowCountLimit(ROWS_PER_PAGE)
        .withRowGroupRowCountLimit(ROWS_PER_ROW_GROUP)
        .withEncryption(encryption.build())
        .build()) {
      for (int i = 0; i < ROWS; i++) {
        writer.write(groups.newGroup().append("id", id(seed, i)).append("code", code(i)));
      }
    }
    return file;
  }

  /** One module of a chunk: where it starts and its whole length, length prefix included. */
  record Module(long offset, int length) {
    long end() {
      return offset + length;
    }

    /** A byte inside the ciphertext, half-way. */
    long middle() {
      return offset + ModuleCipher.LENGTH_BYTES + ModuleCipher.NONCE_BYTES
          + (length - ModuleCipher.LENGTH_BYTES - ModuleCipher.NONCE_BYTES - ModuleCipher.TAG_BYTES) / 2;
    }
  }

  /** The modules of a chunk, in order: (dictionary page header, dictionary page,) page header, page, .... */
  static List<Module> modules(byte[] file, ColumnChunkMetadata chunk) throws IOException {
    List<Module> modules = new ArrayList<>();
    long end = chunk.startOffset() + chunk.chunkLength();
    for (long at = chunk.startOffset(); at < end; ) {
      int length = (int) ModuleCipher.storedLength(file, (int) at) + ModuleCipher.LENGTH_BYTES;
      modules.add(new Module(at, length));
      at += length;
    }
    assertThat(modules.get(modules.size() - 1).end()).as("modules fill the chunk").isEqualTo(end);
    return modules;
  }

  /** The module at {@code offset} (a page index or bloom filter part, found by its offset in the metadata). */
  static Module moduleAt(byte[] file, long offset) {
    return new Module(offset, (int) ModuleCipher.storedLength(file, (int) offset) + ModuleCipher.LENGTH_BYTES);
  }

  /** The chunk of column {@code leaf} in row group {@code rowGroup} of {@code file} opened with all keys. */
  static ColumnChunkMetadata chunk(Path file, int rowGroup, int leaf) throws IOException {
    try (ParquetFile parquet = ParquetFile.open(file, keys().build())) {
      return parquet.metadata().rowGroup(rowGroup).column(leaf);
    }
  }

  /** A copy of {@code bytes} with the byte at {@code position} changed by {@code mask}, written to {@code copy}. */
  static Path flipped(byte[] bytes, long position, int mask, Path copy) throws IOException {
    byte[] altered = bytes.clone();
    altered[(int) position] ^= (byte) mask;
    return Files.write(copy, altered);
  }

  /** A copy of {@code bytes} with the two equally long ranges at {@code first} and {@code second} exchanged. */
  static Path swapped(byte[] bytes, long first, long second, int length, Path copy) throws IOException {
    byte[] altered = bytes.clone();
    System.arraycopy(bytes, (int) first, altered, (int) second, length);
    System.arraycopy(bytes, (int) second, altered, (int) first, length);
    return Files.write(copy, altered);
  }

  /** A copy of {@code bytes} with {@code length} bytes of {@code donor} at {@code offset} put at the same place. */
  static Path spliced(byte[] bytes, byte[] donor, long offset, int length, Path copy) throws IOException {
    byte[] altered = bytes.clone();
    System.arraycopy(donor, (int) offset, altered, (int) offset, length);
    return Files.write(copy, altered);
  }

  /** Every key of these files, as raw ASCII text and as hex in both cases: what no message may contain. */
  static List<String> secretSpellings() {
    List<String> spellings = new ArrayList<>();
    for (byte[] key : KEYS) {
      spellings.add(new String(key, StandardCharsets.US_ASCII));
      spellings.add(HexFormat.of().formatHex(key));
      spellings.add(HexFormat.of().withUpperCase().formatHex(key));
    }
    return spellings;
  }
}
