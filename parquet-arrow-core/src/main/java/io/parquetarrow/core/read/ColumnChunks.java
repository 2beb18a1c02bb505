package io.parquetarrow.core.read;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.core.crypto.ColumnDecryptor;
import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.ChunkReadAhead;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The one place a column chunk is opened, for flat and nested fields alike: checks the chunk's metadata (stored in
 * this file, a known level count and codec, and for an encrypted chunk its key), finds its decompressor and, for
 * an encrypted chunk, its {@link ColumnDecryptor}, and makes its {@link PageReader}, taking the chunk's bytes from
 * the read-ahead when they were read ahead; {@link #openDictionaryPage} opens one for its dictionary page alone.
 * Also owns that read-ahead ({@link #scheduleReadAhead}) and counts the bytes and pages of every chunk it opened.
 *
 * <p>One per thread reading row groups: opening, closing and the counters are not synchronized.
 */
public final class ColumnChunks implements AutoCloseable {
  /** An open chunk: its pages, where it is (for messages) and its {@code num_values} (level entries). */
  public record OpenChunk(PageReader pages, ChunkLocation location, long valueCount) {}

  private final ParquetFile file;
  private final boolean verifyChecksums;
  private final long readAheadBytes;
  private final Executor readAheadExecutor;
  /** Made by the first chunks scheduled; null until then and when reading ahead is off. */
  private ChunkReadAhead readAhead;
  private long bytesReadInClosedChunks;
  private long pagesIntoVectorsInClosedChunks;
  private final List<PageReader> open = new ArrayList<>();

  /**
   * @param readAheadBytes the most compressed bytes held read ahead ({@code ReadOptions.readAheadBytes()}); 0 reads
   *     every chunk when it is opened
   * @param readAheadExecutor the thread that reads ahead
   */
  public ColumnChunks(ParquetFile file, boolean verifyChecksums, long readAheadBytes, Executor readAheadExecutor) {
    this.file = file;
    this.verifyChecksums = verifyChecksums;
    this.readAheadBytes = readAheadBytes;
    this.readAheadExecutor = readAheadExecutor;
  }

  /**
   * Opens the chunk of {@code column} in row group {@code rowGroup} (its index in the file).
   *
   * @throws ParquetEncryptionException for an encrypted chunk whose key is not available, naming the column
   * @throws UnsupportedParquetFeatureException for a chunk stored in another file or compressed with a codec
   *     not supported
   * @throws ParquetCorruptionException for a negative {@code num_values}
   */
  public OpenChunk open(int rowGroup, RowGroupMetadata metadata, ColumnDescriptor column) throws ParquetException {
    return open(rowGroup, metadata, column, false);
  }

  /**
   * Opens the chunk of {@code column} in row group {@code rowGroup} for its dictionary page only: its page reader
   * spans the bytes before the first data page when the footer tells where the dictionary page is, else the whole
   * chunk (the dictionary page, if any, is its first page either way). Checked, decompressed and decrypted as
   * {@link #open} does; never read ahead.
   *
   * @throws ParquetEncryptionException as {@link #open}
   * @throws UnsupportedParquetFeatureException as {@link #open}
   * @throws ParquetCorruptionException as {@link #open}
   */
  public OpenChunk openDictionaryPage(int rowGroup, RowGroupMetadata metadata, ColumnDescriptor column)
      throws ParquetException {
    return open(rowGroup, metadata, column, true);
  }

  private OpenChunk open(int rowGroup, RowGroupMetadata metadata, ColumnDescriptor column, boolean dictionaryOnly)
      throws ParquetException {
    ColumnChunkMetadata chunk = metadata.column(column.leafIndex());
    ChunkLocation location = new ChunkLocation(file.name(), rowGroup, column.dottedPath());
    ColumnDecryptor decryptor = chunk.isEncrypted() ? decryptor(file, metadata, column, location) : null;
    if (chunk.externalFilePath() != null) {
      throw new UnsupportedParquetFeatureException(location.describe() + ": the column chunk is stored in another"
          + " file ('" + chunk.externalFilePath() + "'), which is not supported");
    }
    long valueCount = chunk.valueCount();
    if (valueCount < 0) {
      throw new ParquetCorruptionException(location.describe() + ": column chunk num_values " + valueCount
          + " (expected >= 0)");
    }
    CompressionCodec codec = chunk.codec();
    Decompressor decompressor;
    try {
      decompressor = codec == CompressionCodec.UNCOMPRESSED ? null : Codecs.decompressor(codec);
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(location.describe() + ": " + e.getMessage(), e);
    }
    long length = chunk.chunkLength();
    if (dictionaryOnly && chunk.dictionaryPageOffset().isPresent() && chunk.dataPageOffset() > chunk.startOffset()) {
      length = Math.min(length, chunk.dataPageOffset() - chunk.startOffset());
    }
    PageReader pages = new PageReader(file.inputFile(), chunk.startOffset(), length, valueCount, codec,
        decompressor, verifyChecksums, location, dictionaryOnly ? null : readAhead, decryptor);
    open.add(pages);
    return new OpenChunk(pages, location, valueCount);
  }

  /**
   * The decryptor of the encrypted chunk of {@code column} in a row group of {@code file}: the one place a reader
   * gets the {@link ColumnDecryptor} of a chunk's pages, page indexes or bloom filter.
   *
   * @throws ParquetEncryptionException the file was opened without keys, the column's key is missing, or its
   *     metadata did not decrypt
   */
  public static ColumnDecryptor decryptor(ParquetFile file, RowGroupMetadata metadata, ColumnDescriptor column,
      ChunkLocation location) throws ParquetEncryptionException {
    ColumnChunkMetadata chunk = metadata.column(column.leafIndex());
    FileDecryptor fileDecryptor = file.decryptor();
    if (fileDecryptor == null) {
      throw new ParquetEncryptionException(location.describe() + ": the column is encrypted (Parquet Modular"
          + " Encryption); reading it needs its key (ReadOptions.Builder.decryption)");
    }
    ColumnDecryptor decryptor = fileDecryptor.columnDecryptor(chunk.columnChunk(), metadata.ordinal(),
        column.leafIndex(), column.dottedPath(), chunk.dictionaryPageOffset().isPresent(), location.describe());
    if (chunk.decryptionFailure() != null) {
      throw new ParquetEncryptionException(chunk.decryptionFailure().getMessage(), chunk.decryptionFailure());
    }
    return decryptor;
  }

  /** Whether {@link #open} can decrypt the chunk: it is not encrypted, or its key and metadata are at hand. */
  private boolean decryptable(ColumnChunkMetadata chunk, ColumnDescriptor column) {
    if (!chunk.isEncrypted()) {
      return true;
    }
    FileDecryptor fileDecryptor = file.decryptor();
    return fileDecryptor != null && chunk.isMetadataAvailable() && chunk.decryptionFailure() == null
        && fileDecryptor.hasKey(chunk.columnChunk(), column.dottedPath());
  }

  /** Closes a chunk {@link #open} returned, keeping its counts. */
  public void close(OpenChunk chunk) {
    PageReader pages = chunk.pages();
    if (open.remove(pages)) {
      bytesReadInClosedChunks += pages.bytesRead();
      pagesIntoVectorsInClosedChunks += pages.pagesIntoDestination();
    }
    pages.close();
  }

  /**
   * Queues the compressed chunks of {@code leaves} in a row group for reading ahead, in the order given, as a group
   * of their own: no request spans two row groups, so the first one read is the one decoded next. Chunks that
   * {@link #open} will refuse, and uncompressed ones (read straight into the vectors), are left out
   * (docs/decisions/0008-read-ahead-and-coalescing.md).
   */
  public void scheduleReadAhead(RowGroupMetadata metadata, List<ColumnDescriptor> leaves) throws ParquetException {
    if (readAheadBytes == 0) {
      return;
    }
    if (readAhead == null) {
      readAhead = new ChunkReadAhead(file.inputFile(), readAheadExecutor, readAheadBytes);
    }
    for (ColumnDescriptor leaf : leaves) {
      ColumnChunkMetadata chunk = metadata.column(leaf.leafIndex());
      if (decryptable(chunk, leaf) && chunk.isMetadataAvailable() && chunk.externalFilePath() == null
          && chunk.codec() != CompressionCodec.UNCOMPRESSED) {
        readAhead.schedule(chunk.startOffset(), chunk.chunkLength());
      }
    }
    readAhead.start();
  }

  /** Bytes of column data read from the file so far through the chunks opened here. */
  public long bytesRead() {
    long total = bytesReadInClosedChunks;
    for (PageReader pages : open) {
      total += pages.bytesRead();
    }
    return total;
  }

  /**
   * Data pages decompressed straight into an Arrow vector's buffer so far (see
   * {@code PageReader.nextPage(ValueDestination)}).
   */
  public long pagesIntoVectors() {
    long total = pagesIntoVectorsInClosedChunks;
    for (PageReader pages : open) {
      total += pages.pagesIntoDestination();
    }
    return total;
  }

  /** Chunks whose bytes were taken from the read-ahead so far. */
  public long chunksReadAhead() {
    return readAhead == null ? 0 : readAhead.chunksTaken();
  }

  /**
   * Closes the chunks still open and waits for a read ahead in progress (the file is closed next, by its owner).
   */
  @Override
  public void close() {
    for (PageReader pages : List.copyOf(open)) {
      bytesReadInClosedChunks += pages.bytesRead();
      pagesIntoVectorsInClosedChunks += pages.pagesIntoDestination();
      pages.close();
    }
    open.clear();
    if (readAhead != null) {
      readAhead.close();
    }
  }
}
