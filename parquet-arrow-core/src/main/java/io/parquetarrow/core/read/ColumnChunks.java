package io.parquetarrow.core.read;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.core.crypto.ColumnDecryptor;
import io.parquetarrow.core.crypto.FileDecryptor;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.core.index.ColumnPageIndex;
import io.parquetarrow.core.index.PageIndexReader;
import io.parquetarrow.core.index.PageIndexes;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.ChunkReadAhead;
import io.parquetarrow.core.page.PagePlan;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The one place a column chunk is opened, for flat and nested fields alike: checks the chunk's metadata (stored in
 * this file, a known level count and codec, and for an encrypted chunk its key), finds its decompressor and, for
 * an encrypted chunk, its {@link ColumnDecryptor}, and makes its {@link PageReader}, taking the chunk's bytes from
 * the read-ahead when they were read ahead; {@link #openDictionaryPage} opens one for its dictionary page alone.
 * Also owns that read-ahead ({@link #scheduleReadAhead}) and counts the bytes and pages of every chunk it opened.
 *
 * <p>A row group read for some of its rows only ({@link #selectRows}) has a {@link PagePlan} per column whose
 * offset index it read and whose level entries are rows (maximum repetition level 0): the chunk opened then reads,
 * and the read-ahead schedules, only the dictionary page and the data pages holding those rows, and the column
 * layer passes over the others without reading them. A repeated column, or one without an offset index, is read
 * whole and its rows skipped through the page headers (docs/decisions/0044-page-index-read.md).
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
  private long pagesNotReadInClosedChunks;
  private long pagesInPartInClosedChunks;
  private long pagesSeenInClosedChunks;
  private long pageIndexRequests;
  private final List<PageReader> open = new ArrayList<>();
  /** The page plans of the row groups read for some rows, by row group index, then by leaf index. */
  private final Map<Integer, Map<Integer, PagePlan>> plans = new HashMap<>();

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
    PagePlan plan = dictionaryOnly ? null : plans.getOrDefault(rowGroup, Map.of()).get(column.leafIndex());
    PageReader pages = new PageReader(file.inputFile(), chunk.startOffset(), length, valueCount, codec,
        decompressor, verifyChecksums, location, dictionaryOnly ? null : readAhead, decryptor, plan)
        .limitUncompressedPages(chunk.totalUncompressedSize());
    open.add(pages);
    return new OpenChunk(pages, location, valueCount);
  }

  /**
   * Makes the chunks of {@code leaves} in row group {@code rowGroup} that {@link #open} opens next (and
   * {@link #scheduleReadAhead} schedules) read only the pages holding rows of {@code ranges}: reads the offset
   * indexes of the leaves whose level entries are rows (with few requests, see {@link PageIndexReader}) and makes
   * each its {@link PagePlan}. Once per row group: later calls, until {@link #forgetRows}, change nothing. Null
   * ranges, or ranges covering the row group, read every page.
   *
   * @throws ParquetCorruptionException for an offset index that is not valid
   */
  public void selectRows(RowGroupMetadata metadata, List<ColumnDescriptor> leaves, RowRanges ranges)
      throws IOException {
    int rowGroup = metadata.index();
    if (ranges == null || ranges.coversAll(metadata.rowCount()) || metadata.rowCount() <= 0
        || plans.containsKey(rowGroup)) {
      return;
    }
    List<ColumnDescriptor> flat = new ArrayList<>();
    for (ColumnDescriptor leaf : leaves) {
      if (leaf.maxRepetitionLevel() == 0 && metadata.column(leaf.leafIndex()).externalFilePath() == null) {
        flat.add(leaf);
      }
    }
    PageIndexes indexes = PageIndexReader.read(file, metadata, flat, false);
    pageIndexRequests += indexes.requests();
    Map<Integer, PagePlan> byLeaf = new HashMap<>();
    for (ColumnDescriptor leaf : flat) {
      ColumnPageIndex index = indexes.column(leaf.leafIndex());
      if (index != null && index.offsetIndex() != null) {
        ColumnChunkMetadata chunk = metadata.column(leaf.leafIndex());
        byLeaf.put(leaf.leafIndex(), PagePlan.of(index.offsetIndex().pageLocations(), metadata.rowCount(),
            index.pagesOverlapping(ranges), chunk.startOffset(), chunk.chunkLength()));
      }
    }
    plans.put(rowGroup, byLeaf);
  }

  /** Lets go of the page plans {@link #selectRows} made for row group {@code rowGroup}: its chunks are closed. */
  public void forgetRows(int rowGroup) {
    plans.remove(rowGroup);
  }

  /** The page plan {@link #selectRows} made for {@code column} in row group {@code rowGroup}, or null. */
  public PagePlan plan(int rowGroup, ColumnDescriptor column) {
    return plans.getOrDefault(rowGroup, Map.of()).get(column.leafIndex());
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
      countClosed(pages);
    }
    pages.close();
  }

  /**
   * Queues the compressed chunks of {@code leaves} in a row group for reading ahead, in the order given, as a group
   * of their own: no request spans two row groups, so the first one read is the one decoded next. Chunks that
   * {@link #open} will refuse, and uncompressed ones (read straight into the vectors), are left out
   * (docs/decisions/0008-read-ahead-and-coalescing.md). Of a chunk with a {@link PagePlan} ({@link #selectRows}
   * first) only the plan's ranges are scheduled.
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
        PagePlan plan = plan(metadata.index(), leaf);
        if (plan == null) {
          readAhead.schedule(chunk.startOffset(), chunk.chunkLength());
        } else {
          for (int i = 0; i < plan.rangeCount(); i++) {
            readAhead.schedule(plan.rangeOffset(i), plan.rangeLength(i));
          }
        }
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

  /**
   * Data pages passed over without a byte of them read so far: pages a {@link PagePlan} left out (see
   * {@link #selectRows}).
   */
  public long pagesNotRead() {
    long total = pagesNotReadInClosedChunks;
    for (PageReader pages : open) {
      total += pages.pagesNotRead();
    }
    return total;
  }

  /** Data pages read of which only a prefix was decompressed, so far ({@link PageReader#pagesDecompressedInPart}). */
  public long pagesDecompressedInPart() {
    long total = pagesInPartInClosedChunks;
    for (PageReader pages : open) {
      total += pages.pagesDecompressedInPart();
    }
    return total;
  }

  /** Requests made to read page indexes so far. */
  public long pageIndexRequests() {
    return pageIndexRequests;
  }

  private void countClosed(PageReader pages) {
    bytesReadInClosedChunks += pages.bytesRead();
    pagesIntoVectorsInClosedChunks += pages.pagesIntoDestination();
    pagesNotReadInClosedChunks += pages.pagesNotRead();
    pagesInPartInClosedChunks += pages.pagesDecompressedInPart();
    pagesSeenInClosedChunks += pagesSeen(pages);
  }

  private static long pagesSeen(PageReader pages) {
    return pages.dataPagesRead() + pages.pagesSkipped() + pages.pagesNotRead();
  }

  /**
   * Data pages of the chunks opened here met so far: read, skipped after their header, or passed over unread by
   * the offset index.
   */
  public long pagesSeen() {
    long total = pagesSeenInClosedChunks;
    for (PageReader pages : open) {
      total += pagesSeen(pages);
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
      countClosed(pages);
      pages.close();
    }
    open.clear();
    if (readAhead != null) {
      readAhead.close();
    }
  }
}
