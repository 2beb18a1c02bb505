package io.parquetarrow.core;

import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.write.ParquetFileWriter;
import io.parquetarrow.core.write.PositionedOutput;
import io.parquetarrow.core.write.WriterSettings;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.SortingColumn;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes Arrow record batches to a Parquet file: the entry point of the write path (the mirror of
 * {@link ParquetArrowReader}). Batches of any size are appended with {@link #write}; {@link #close} writes the
 * last row group, the page index and the footer.
 *
 * <pre>{@code
 * try (ParquetArrowWriter writer = ParquetArrowWriter.open(Path.of("out.parquet"), root.getSchema(),
 *          WriteOptions.builder().codec(Codec.ZSTD).build())) {
 *   writer.write(root);
 * }
 * }</pre>
 *
 * <p>With {@link #open(Path, Schema, WriteOptions)} the bytes go to a temporary sibling of the target, moved into
 * place (atomically where the file system allows) only when {@link #close} has written the footer; if a write or
 * the close fails, the temporary file is deleted, so a failed write never leaves a file that looks like Parquet.
 * The stream and channel factories write straight through; on failure they stop without a footer (a reader then
 * rejects the output, which lacks the trailing {@code PAR1}) and do not close the caller's stream or channel.
 *
 * <p>Layout and defaults are described in {@link WriteOptions}; how nested and dictionary-encoded fields are
 * written, in {@link ParquetFileWriter}.
 *
 * <p>Not thread-safe: one thread at a time calls {@link #write} and {@link #close}. A writer may be handed from
 * thread to thread when the hand-off orders the calls (a lock, a queue, {@code Future.get}: anything that gives
 * happens-before); the file is then the same as one thread's. The roots written stay the caller's: the writer
 * copies what it needs during {@link #write} and keeps no Arrow buffer after it returns.
 *
 * <p>Arrow intervals (year_month, day_time, month_day_nano) are written as Parquet INTERVAL: a
 * FIXED_LEN_BYTE_ARRAY(12) of unsigned little-endian months, days and milliseconds, with only a null count in
 * its statistics and no column index, as its sort order is undefined. A negative part, a month_day_nano whose
 * nanoseconds are not whole milliseconds, or a part above 2^32 - 1 fails {@link #write} with an
 * {@link IllegalArgumentException} naming the column and row. Arrow C++ 18 cannot write intervals at all and
 * reads INTERVAL as {@code fixed_size_binary(12)} even when the stored {@code ARROW:schema} says interval;
 * {@link ParquetArrowReader} does the same, so such a column does not read back as an Arrow interval (DuckDB
 * reads it as its own INTERVAL type).
 */
public final class ParquetArrowWriter implements AutoCloseable {
  private final ParquetFileWriter fileWriter;
  private final FileChannel temporaryChannel;
  private final Path temporaryFile;
  private final Path target;
  /** Whether close forces the temporary file to storage before the move ({@link WriteOptions#syncOnClose}). */
  private final boolean syncOnClose;
  private boolean failed;
  private boolean closed;

  private ParquetArrowWriter(ParquetFileWriter fileWriter, FileChannel temporaryChannel, Path temporaryFile,
      Path target, boolean syncOnClose) {
    this.syncOnClose = syncOnClose;
    this.fileWriter = fileWriter;
    this.temporaryChannel = temporaryChannel;
    this.temporaryFile = temporaryFile;
    this.target = target;
  }

  /**
   * Opens a writer to {@code file} (replaced on a successful close).
   *
   * @throws UnsupportedParquetFeatureException when the schema holds a type this writer
   *     cannot write
   */
  public static ParquetArrowWriter open(Path file, Schema schema, WriteOptions options) throws IOException {
    return open(file, schema, null, options);
  }

  /**
   * Opens a writer to {@code file} for batches with dictionary-encoded fields: {@code dictionaries} gives their
   * value types (arrow-java types a dictionary field in memory by its indices); pass the provider again to
   * {@link #write(VectorSchemaRoot, DictionaryProvider)}.
   */
  public static ParquetArrowWriter open(Path file, Schema schema, DictionaryProvider dictionaries,
      WriteOptions options) throws IOException {
    Objects.requireNonNull(file, "file");
    Path absolute = file.toAbsolutePath();
    Path directory = absolute.getParent();
    // Not Files.createTempFile: it makes the file owner-only, and the moved file would keep that mode. CREATE_NEW
    // with the process's default permissions (umask) makes the result look like any other file written here.
    Path temporary = directory.resolve("." + absolute.getFileName() + "."
        + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
    FileChannel channel = null;
    try {
      channel = FileChannel.open(temporary, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
      ParquetFileWriter writer = new ParquetFileWriter(new PositionedOutput(channel), schema, dictionaries,
          new OptionsSettings(options));
      return new ParquetArrowWriter(writer, channel, temporary, absolute, options.syncOnClose());
    } catch (IOException | RuntimeException e) {
      if (channel != null) {
        closeQuietly(channel, e);
      }
      Files.deleteIfExists(temporary);
      throw e;
    }
  }

  /** Opens a writer to {@code channel}, which the writer does not close. */
  public static ParquetArrowWriter open(WritableByteChannel channel, Schema schema, WriteOptions options)
      throws IOException {
    Objects.requireNonNull(channel, "channel");
    return new ParquetArrowWriter(new ParquetFileWriter(new PositionedOutput(channel), schema, null,
        new OptionsSettings(options)), null, null, null, false);
  }

  /** Opens a writer to {@code stream}, which the writer flushes but does not close. */
  public static ParquetArrowWriter open(OutputStream stream, Schema schema, WriteOptions options)
      throws IOException {
    Objects.requireNonNull(stream, "stream");
    OutputStream unclosable = new FilterOutputStream(stream) {
      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
      }

      @Override
      public void close() throws IOException {
        flush();
      }
    };
    return open(Channels.newChannel(unclosable), schema, options);
  }

  /** Appends the rows of {@code root}; its schema must equal the one the writer was opened with. */
  public void write(VectorSchemaRoot root) throws IOException {
    write(root, null);
  }

  /**
   * Appends the rows of {@code root}, whose dictionary-encoded fields find their dictionaries in
   * {@code dictionaries}. A field's Arrow dictionary becomes the column chunk's Parquet dictionary as it is, so
   * batches sharing one dictionary are written from their indices without hashing values (as long as the
   * dictionary stays under the dictionary page size limit). A dictionary-encoded field inside a struct, list or map
   * is decoded through {@code dictionaries} and written as its value type (the file's own dictionary is then built
   * by hashing the values again); the stored Arrow schema keeps its dictionary type, which Arrow C++ restores.
   */
  public void write(VectorSchemaRoot root, DictionaryProvider dictionaries)
      throws IOException {
    Objects.requireNonNull(root, "root");
    if (closed || failed) {
      throw new IllegalStateException(closed ? "the writer is closed" : "an earlier write failed");
    }
    try {
      fileWriter.write(root, dictionaries);
    } catch (IOException | RuntimeException e) {
      failed = true;
      throw e;
    }
  }

  /**
   * Writes the footer and, for a path, moves the file into place. After a failed write, discards the output
   * instead (deleting the temporary file).
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (failed) {
      discard(null);
      return;
    }
    try {
      fileWriter.finish();
      if (temporaryChannel != null) {
        if (syncOnClose) {
          temporaryChannel.force(false);
        }
        temporaryChannel.close();
        try {
          Files.move(temporaryFile, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temporaryFile, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException | RuntimeException e) {
      discard(e);
      throw e;
    }
  }

  private void discard(Throwable cause) throws IOException {
    fileWriter.abort();
    if (temporaryChannel != null) {
      closeQuietly(temporaryChannel, cause);
      Files.deleteIfExists(temporaryFile);
    }
  }

  private static void closeQuietly(AutoCloseable closeable, Throwable cause) {
    try {
      closeable.close();
    } catch (Exception e) {
      if (cause != null) {
        cause.addSuppressed(e);
      }
    }
  }

  /** The public options seen through the write package's own interface. */
  private record OptionsSettings(WriteOptions options) implements WriterSettings {
    @Override
    public CompressionCodec codec() {
      return options.codec().parquetCodec();
    }

    @Override
    public Integer compressionLevel() {
      return options.compressionLevel();
    }

    @Override
    public boolean dataPageV2() {
      return options.dataPageVersion() == WriteOptions.DataPageVersion.V2;
    }

    @Override
    public long pageSizeBytes() {
      return options.pageSizeBytes();
    }

    @Override
    public int pageRowLimit() {
      return options.pageRowLimit();
    }

    @Override
    public long rowGroupRowLimit() {
      return options.rowGroupRowLimit();
    }

    @Override
    public long rowGroupSizeBytes() {
      return options.rowGroupSizeBytes();
    }

    @Override
    public int writeBatchRows() {
      return options.writeBatchRows();
    }

    @Override
    public boolean dictionaryEnabled(String dottedPath) {
      return options.dictionaryEnabled(dottedPath);
    }

    @Override
    public long dictionaryPageSizeLimit() {
      return options.dictionaryPageSizeLimit();
    }

    @Override
    public Encoding columnEncoding(String dottedPath) {
      return options.columnEncoding(dottedPath);
    }

    @Override
    public boolean autoEncoding(String dottedPath) {
      return options.autoEncoding(dottedPath);
    }

    @Override
    public BloomFilterSizing bloomFilter(String dottedPath) {
      WriteOptions.BloomFilterOptions bloom = options.bloomFilter(dottedPath);
      return bloom == null ? null : new BloomFilterSizing(bloom.distinctValues(), bloom.falsePositiveProbability());
    }

    @Override
    public List<SortingColumn> sortingColumns() {
      return options.sortingColumns();
    }

    @Override
    public boolean statisticsEnabled() {
      return options.statisticsEnabled();
    }

    @Override
    public boolean pageIndexEnabled() {
      return options.pageIndexEnabled();
    }

    @Override
    public boolean sizeStatisticsEnabled() {
      return options.sizeStatisticsEnabled();
    }

    @Override
    public int statisticsTruncateLength() {
      return options.statisticsTruncateLength();
    }

    @Override
    public boolean pageChecksums() {
      return options.pageChecksums();
    }

    @Override
    public boolean storeArrowSchema() {
      return options.storeArrowSchema();
    }

    @Override
    public Map<String, String> keyValueMetadata() {
      return options.keyValueMetadata();
    }

    @Override
    public Map<String, String> columnKeyValueMetadata(String dottedPath) {
      return options.columnKeyValueMetadata(dottedPath);
    }

    @Override
    public Set<String> columnKeyValueMetadataPaths() {
      return options.columnKeyValueMetadataPaths();
    }

    @Override
    public String createdBy() {
      return options.createdBy();
    }

    @Override
    public FileEncryptionProperties encryption() {
      return options.encryption();
    }
  }
}
