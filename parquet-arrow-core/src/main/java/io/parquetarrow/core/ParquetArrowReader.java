package io.parquetarrow.core;

import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.filter.Pruning;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.core.read.ReadPlan;
import io.parquetarrow.core.read.ReadScheduler;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.ParquetResourceException;
import io.parquetarrow.simd.KernelProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a Parquet file into Arrow record batches: the top of the read path (file → page → column → arrow).
 * It is an {@link ArrowReader}, so it plugs into {@code ArrowStreamWriter}, Flight and
 * {@code Data.exportArrayStream}: {@link #getVectorSchemaRoot()} holds the current batch after each
 * {@link #loadNextBatch()} that returns true.
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *      ParquetArrowReader reader = ParquetArrowReader.open(Path.of("t.parquet"), allocator,
 *          ReadOptions.builder().columns("a", "b.c").batchRows(65536).build())) {
 *   VectorSchemaRoot root = reader.getVectorSchemaRoot();
 *   while (reader.loadNextBatch()) { ... root.getRowCount() ... }
 * }
 * }</pre>
 *
 * <p>The schema is the one Arrow C++ reads ({@link ParquetToArrowSchema}, honouring {@code ARROW:schema}),
 * narrowed to {@link ReadOptions#columns()}. Batches hold at most {@link ReadOptions#batchRows()} rows and never
 * span row groups; a file or row group without rows yields no batch but the schema is still valid. Each batch
 * fills the root's vectors directly: each vector is allocated once per batch with exactly the size it needs,
 * from the caller's allocator, and released by the next batch or by {@link #close()}.
 *
 * <p>String and binary fields that {@code ARROW:schema} declares as dictionaries, or that
 * {@link ReadOptions#dictionaryColumns()} names, are read as Arrow dictionary vectors: the root holds int32
 * indices and {@link #lookup(long)} the batch's dictionary, which is replaced with every batch. Required
 * fixed-width columns whose Parquet and Arrow bytes agree are decoded straight into their vectors.
 *
 * <p>Nested fields (structs, lists, large lists, fixed-size lists and maps at any depth) are read record by
 * record (the {@code read} package has one reader per shape); string and binary leaves inside them that
 * {@code ARROW:schema} declares as dictionaries are read as dictionary vectors too (every dictionary of the schema
 * has its own id).
 * {@link ReadOptions#dictionaryColumns()} names top-level columns only. Problems with the bytes are
 * {@link ParquetCorruptionException}s naming the file, row group, column and page offset. Files written with
 * Parquet Modular Encryption are read with the keys of {@link ReadOptions#decryption()}; a missing or wrong key, or
 * a module that does not authenticate, is a {@link ParquetEncryptionException} naming the column. When the
 * allocator refuses a buffer (its limit is reached) the batch fails with a {@link ParquetResourceException} naming
 * the file, row group and column, whose cause is Arrow's {@code OutOfMemoryException}; the batch's buffers are
 * released. With one thread a read needs about 1.5 times one batch's buffers; with more, workers hold up to
 * {@code 2 * threads} decoded row groups (or column groups of one) ahead (decision record 0054).
 *
 * <p>Not thread-safe for reading: one thread calls {@link #loadNextBatch()} and reads the root (several threads
 * read one file with a reader each, which may share one {@link InputFile} that allows concurrent reads; closing
 * such a reader closes the input, so wrap it in one whose {@code close} does nothing). {@link #close()} alone may
 * come from another thread: it waits until the batch in progress is complete, then releases every buffer and
 * closes the file, and the reading thread's next {@link #loadNextBatch()} throws {@link IllegalStateException};
 * the root's vectors must not be used after the close. With {@link ReadOptions#threads()} above 1 the
 * worker threads (daemons shared by all readers, kept for a while after their last task) decode in
 * parallel ({@link ReadScheduler}): each worker reads whole row groups, or with few row groups a contiguous group of
 * the fields of one, with a lane of its own, at most {@code 2 * threads} such units ahead of the caller; the
 * calling thread takes the batches in order and moves their buffers into its root without copying. With a field
 * read as an Arrow dictionary the calling thread and the workers share each batch's columns instead. The
 * allocator is thread-safe. Batches and errors are the same as with one thread: a worker's failure is rethrown by
 * {@code loadNextBatch} with its type and location at the batch where one thread would have met it. Whatever the
 * thread count, compressed column chunks are read ahead of decoding up to {@link ReadOptions#readAheadBytes()}
 * (with one thread on a shared worker, so the next row group's bytes arrive while this one is decoded).
 *
 * <p>The reader itself only opens the file, plans the read once ({@link ReadPlan}) and hands each batch to a
 * {@link ReadScheduler}; the read path below it is described in the {@code read} package.
 */
public final class ParquetArrowReader extends ArrowReader {
  private final ParquetFile file;
  private final ReadOptions options;
  private final ReadPlan plan;
  private final ReadScheduler scheduler;
  /**
   * Held by {@link #loadNextBatch()} and {@link #close(boolean)}: a close from another thread waits for the batch
   * in progress rather than release buffers and the file under it (which could write into freed memory).
   */
  private final ReentrantLock lock = new ReentrantLock();
  private boolean closed;
  private Exception failure;

  private ParquetArrowReader(BufferAllocator allocator, ParquetFile file, ReadOptions options) throws IOException {
    super(allocator);
    this.file = file;
    this.options = options;
    this.plan = ReadPlan.create(file, options, KernelProvider.get());
    this.scheduler = new ReadScheduler(plan, allocator, this);
  }

  /** Opens {@code path} with {@link ReadOptions#defaults()}. */
  public static ParquetArrowReader open(Path path, BufferAllocator allocator) throws IOException {
    return open(path, allocator, ReadOptions.defaults());
  }

  /** Opens {@code path}, reads its footer and prepares the selected columns; batches are read on demand. */
  public static ParquetArrowReader open(Path path, BufferAllocator allocator, ReadOptions options)
      throws IOException {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(options, "options");
    return open(ParquetFile.open(path, options.decryption()), allocator, options);
  }

  /** Reads from any {@link InputFile}; closing the reader closes it. */
  public static ParquetArrowReader open(InputFile input, BufferAllocator allocator, ReadOptions options)
      throws IOException {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(options, "options");
    ParquetFile file;
    try {
      file = ParquetFile.open(input, options.decryption());
    } catch (IOException | RuntimeException e) {
      input.close();
      throw e;
    }
    return open(file, allocator, options);
  }

  private static ParquetArrowReader open(ParquetFile file, BufferAllocator allocator, ReadOptions options)
      throws IOException {
    try {
      return new ParquetArrowReader(allocator, file, options);
    } catch (IOException | RuntimeException e) {
      try {
        file.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** The file's footer, as read at open. */
  public ParquetMetadata metadata() {
    return file.metadata();
  }

  /** The options this reader was opened with. */
  public ReadOptions options() {
    return options;
  }

  @Override
  protected Schema readSchema() {
    return plan.schema();
  }

  /**
   * Reads the next batch into {@link #getVectorSchemaRoot()}; false when no rows are left (the root then keeps
   * its last contents with a row count of 0).
   */
  @Override
  public boolean loadNextBatch() throws IOException {
    lock.lock();
    try {
      return loadNextBatchLocked();
    } finally {
      lock.unlock();
    }
  }

  private boolean loadNextBatchLocked() throws IOException {
    if (closed) {
      throw new IllegalStateException(file.name() + ": reader is closed");
    }
    if (failure != null) {
      // Column readers stop mid-page when they fail, so later batches could not be trusted.
      throw new IllegalStateException(file.name() + ": an earlier batch failed; the reader cannot continue",
          failure);
    }
    try {
      prepareLoadNextBatch();
      return scheduler.next(getVectorSchemaRoot());
    } catch (OutOfMemoryException e) {
      // An allocation outside the field readers (which name their row group and column themselves).
      failure = new ParquetResourceException(file.name() + ": the allocator's limit is reached while reading a batch: "
          + e.getMessage(), e);
      throw (ParquetResourceException) failure;
    } catch (IOException | RuntimeException e) {
      failure = e;
      throw e;
    }
  }

  /** Whether batches are read by lanes of row groups (see {@link ReadScheduler}); for tests. */
  boolean readsInLanes() {
    return scheduler.readsInLanes();
  }

  /** The column groups the lanes read; for tests. */
  int[][] laneColumnGroups() throws ParquetException {
    return scheduler.laneColumnGroups();
  }

  /** Chunks taken from the read-ahead so far by this reader's own row groups (not its lanes'); for tests. */
  long chunksReadAhead() {
    return scheduler.chunksReadAhead();
  }

  /**
   * Data pages whose values were decompressed straight into an Arrow vector's data buffer so far (see
   * {@code PageReader#nextPage(ValueDestination)}); for tests that guard the path without heap scratch.
   */
  long pagesDecompressedIntoVectors() {
    return scheduler.pagesIntoVectors();
  }

  /**
   * What the read's {@link ReadOptions#filter()} did so far: row groups pruned by each means, pages skipped, rows
   * decoded and returned; null for a read without a filter.
   */
  public ScanStatistics scanStatistics() {
    return scheduler.scanStatistics();
  }

  /**
   * What the read's {@link ReadOptions#filter()} prunes in each row group it reads, in read order, found without
   * reading any data page (only statistics, dictionary pages, bloom filters and page indexes); every row group
   * kept whole for a read without a filter. Independent of the batches read so far.
   */
  public List<Pruning> explain() throws IOException {
    return scheduler.explain();
  }

  /** Bytes of column data read from the file so far (footer excluded). */
  @Override
  public long bytesRead() {
    return scheduler.bytesRead();
  }

  /**
   * Releases the current batch's buffers and dictionaries (unless they were transferred out) and closes the file.
   * May be called from another thread than the one reading: it then waits until the batch in progress is
   * complete, and that thread's next {@link #loadNextBatch()} throws {@link IllegalStateException}. Closing twice
   * is harmless.
   */
  @Override
  public void close(boolean closeReadSource) throws IOException {
    lock.lock();
    try {
      super.close(closeReadSource);
    } finally {
      lock.unlock();
    }
  }

  @Override
  protected void closeReadSource() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      scheduler.close();
    } finally {
      file.close();
    }
  }
}
