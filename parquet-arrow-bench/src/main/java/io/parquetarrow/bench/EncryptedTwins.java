package io.parquetarrow.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/**
 * Two copies of one Parquet file written by the same writer (parquet-java's example writer, the source's codec,
 * row groups of as many rows as the source's first, default page size), one in plaintext and one under uniform
 * AES-GCM encryption (AES_GCM_V1: the footer and every column encrypted with the one footer key,
 * {@link #FOOTER_KEY}). Both are written the same way from the same records, so they have the same row groups,
 * pages and encodings, and reading one against the other measures what decryption alone costs
 * ({@link EncryptionCompare}).
 */
final class EncryptedTwins {
  /**
   * The footer key of the encrypted twin: a fixed AES-128 key, public on purpose (the files are benchmark data);
   * every reader is given it explicitly.
   */
  static final byte[] FOOTER_KEY = "bench-footer-key".getBytes(StandardCharsets.US_ASCII);

  private final Path plaintext;
  private final Path encrypted;

  private EncryptedTwins(Path plaintext, Path encrypted) {
    this.plaintext = plaintext;
    this.encrypted = encrypted;
  }

  /** parquet-java's decryption properties for the encrypted twin: the footer key, given explicitly. */
  static FileDecryptionProperties parquetJavaDecryption() {
    return FileDecryptionProperties.builder().withFooterKey(FOOTER_KEY).build();
  }

  /** The plaintext twin. */
  Path plaintext() {
    return plaintext;
  }

  /** The encrypted twin. */
  Path encrypted() {
    return encrypted;
  }

  /**
   * The twins of {@code source} in {@code folder} ({@code NAME.plaintext.parquet}, {@code NAME.encrypted.parquet}
   * for {@code NAME.parquet}), each written first when absent.
   */
  static EncryptedTwins of(Path source, Path folder, PrintStream log) throws IOException {
    Files.createDirectories(folder);
    String name = source.getFileName().toString().replaceFirst("\\.parquet$", "");
    Path plaintext = folder.resolve(name + ".plaintext.parquet");
    Path encrypted = folder.resolve(name + ".encrypted.parquet");
    if (!Files.exists(plaintext)) {
      copy(source, plaintext, null, log);
    }
    if (!Files.exists(encrypted)) {
      copy(source, encrypted, FileEncryptionProperties.builder(FOOTER_KEY).build(), log);
    }
    return new EncryptedTwins(plaintext, encrypted);
  }

  /**
   * Copies every record of {@code source} into {@code target} (through a temporary file, so an interrupted copy
   * leaves no twin behind), encrypted with {@code encryption} unless it is null.
   */
  private static void copy(Path source, Path target, FileEncryptionProperties encryption, PrintStream log)
      throws IOException {
    long started = System.nanoTime();
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    long rows = 0;
    try (ParquetFileReader reader = ParquetJavaEngine.open(source)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      BlockMetaData first = reader.getFooter().getBlocks().get(0);
      CompressionCodecName codec = first.getColumns().get(0).getCodec();
      MessageColumnIO columns = new ColumnIOFactory(reader.getFooter().getFileMetaData().getCreatedBy())
          .getColumnIO(schema);
      ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(new LocalOutputFile(partial))
          .withType(schema)
          .withCompressionCodec(codec)
          .withRowGroupRowCountLimit((int) Math.min(Integer.MAX_VALUE, first.getRowCount()))
          .withWriteMode(ParquetFileWriter.Mode.OVERWRITE);
      if (encryption != null) {
        builder.withEncryption(encryption);
      }
      try (ParquetWriter<Group> writer = builder.build()) {
        PageReadStore rowGroup;
        while ((rowGroup = reader.readNextRowGroup()) != null) {
          RecordReader<Group> records = columns.getRecordReader(rowGroup, new GroupRecordConverter(schema));
          for (long row = 0; row < rowGroup.getRowCount(); row++) {
            writer.write(records.read());
          }
          rows += rowGroup.getRowCount();
        }
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(partial);
      throw e;
    }
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    log.printf(Locale.ROOT, "wrote %s with parquet-java (%s): %,d rows, %,d bytes in %.1f s%n", target,
        encryption == null ? "plaintext" : "AES_GCM_V1, footer and every column", rows, Files.size(target),
        (System.nanoTime() - started) / 1e9);
  }
}
