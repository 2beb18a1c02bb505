package io.parquetarrow.core.read;

import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.Pruning;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Who reads which batch on which thread, chosen once per open from {@link ReadSettings#threads()} and the plan:
 * <ul>
 *   <li>one thread: {@link RowGroupBatches} over every field, row group after row group, on the calling thread;
 *   <li>the fields of each batch spread over the calling thread and shared workers ({@link ParallelColumns}), when
 *       a field is read as an Arrow dictionary;
 *   <li>otherwise, with more than one row group or field, lanes of row groups ({@link ParallelRowGroups}): workers
 *       read whole row groups, or column groups of them, ahead of the caller, whose root takes their buffers.
 * </ul>
 * Whatever the mode, compressed column chunks are read ahead of decoding up to {@link ReadSettings#readAheadBytes()}
 * (by a shared worker outside the lanes, so the next row group's bytes arrive while this one is decoded). Batches
 * and errors are the same in every mode. Not thread-safe: one thread calls {@link #next}.
 */
public final class ReadScheduler implements AutoCloseable {
  private final ReadPlan plan;
  private final BufferAllocator allocator;
  private final boolean readsInLanes;
  /** The chunks read by the calling thread and the workers of {@link ParallelColumns}. */
  private final ColumnChunks chunks;
  /** The batches outside the lanes; null when reading in lanes. */
  private final RowGroupBatches batches;
  /** Started by the first batch when reading in lanes; null until then and otherwise. */
  private ParallelRowGroups lanes;
  /** The batches of a filtered read; null without a filter. */
  private final FilteredBatches filtered;
  private final FilterColumns filterColumns;
  private final RowGroupPruner pruner;

  /**
   * @param dictionaries where fields read as Arrow dictionaries replace their dictionary with each batch (the
   *     reader's)
   */
  public ReadScheduler(ReadPlan plan, BufferAllocator allocator, DictionaryProvider dictionaries)
      throws IOException {
    this.plan = plan;
    this.allocator = allocator;
    ReadSettings options = plan.options();
    int fieldCount = plan.fields().size();
    this.readsInLanes = options.threads() > 1 && fieldCount > 0 && options.filter() == null
        && (plan.rowGroupCount() > 1 || fieldCount > 1) && !plan.hasDictionaryField();
    this.chunks = new ColumnChunks(plan.file(), options.verifyChecksums(), options.readAheadBytes(),
        ReaderThreads.SHARED);
    if (options.filter() != null) {
      this.batches = null;
      this.filterColumns = FilterColumns.create(plan, plan.kernels(), allocator, dictionaries);
      this.pruner = new RowGroupPruner(plan, filterColumns);
      try {
        this.filtered = new FilteredBatches(plan, filterColumns, pruner, chunks, allocator, dictionaries);
      } catch (IOException | RuntimeException e) {
        filterColumns.close();
        chunks.close();
        throw e;
      }
      return;
    }
    this.filtered = null;
    this.filterColumns = null;
    this.pruner = null;
    if (readsInLanes) {
      this.batches = null;
      return;
    }
    RowGroupBatches.BatchFiller filler = options.threads() > 1 && fieldCount > 1
        ? new ParallelColumns(fieldCount, options.threads(), plan.fileName())
        : RowGroupReader::readBatch;
    int[] allFields = new int[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      allFields[i] = i;
    }
    this.batches = new RowGroupBatches(plan, allFields, chunks, allocator, dictionaries, filler);
  }

  /**
   * Reads the next batch into {@code root} (every vector filled, row count set); false when no rows are left.
   */
  public boolean next(VectorSchemaRoot root) throws IOException {
    if (filtered != null) {
      return filtered.next(root);
    }
    if (readsInLanes) {
      if (lanes == null) {
        lanes = new ParallelRowGroups(plan, allocator, laneColumnGroups(), plan.options().threads(),
            ReaderThreads.SHARED);
      }
      return lanes.next(root);
    }
    int rows = batches.next(root);
    if (rows < 0) {
      return false;
    }
    root.setRowCount(rows);
    return true;
  }

  /** What the filtered read did so far; null for a read without a filter. */
  public ScanStatistics scanStatistics() {
    return filterColumns == null ? null : filterColumns.statistics().snapshot(chunks);
  }

  /**
   * What pruning decides for each row group read, in read order, reading no data page (only the footer's
   * statistics, dictionary pages, bloom filters and page indexes); every row group kept whole without a filter.
   */
  public List<Pruning> explain() throws IOException {
    List<Pruning> decisions = new ArrayList<>();
    for (int position = 0; position < plan.rowGroupCount(); position++) {
      int index = plan.rowGroup(position);
      RowGroupMetadata metadata = plan.file().metadata().rowGroup(index);
      long rows = metadata.rowCount();
      decisions.add(pruner == null ? new Pruning(index, rows, rows, rows == 0 ? 0 : 1, null)
          : pruner.decide(index, metadata, chunks).describe(index, rows));
    }
    return decisions;
  }

  /** Whether batches come from lanes of row groups ({@link ParallelRowGroups}). */
  public boolean readsInLanes() {
    return readsInLanes;
  }

  /** The column groups the lanes read (see {@link ParallelRowGroups#columnGroups}). */
  public int[][] laneColumnGroups() throws ParquetException {
    return ParallelRowGroups.columnGroups(plan, plan.options().threads());
  }

  /** Bytes of column data read from the file so far, by every thread. */
  public long bytesRead() {
    return chunks.bytesRead() + (lanes == null ? 0 : lanes.bytesRead());
  }

  /** Data pages decompressed straight into a vector so far, by every thread. */
  public long pagesIntoVectors() {
    return chunks.pagesIntoVectors() + (lanes == null ? 0 : lanes.pagesIntoVectors());
  }

  /** Chunks taken from the read-ahead by the calling thread's row groups (not the lanes'). */
  public long chunksReadAhead() {
    return chunks.chunksReadAhead();
  }

  /**
   * Stops and waits for the workers, then releases every chunk and scratch array; the file is the caller's to
   * close afterwards.
   */
  @Override
  public void close() {
    if (lanes != null) {
      // Waits for the lane workers to stop: they read the file and allocate until then.
      lanes.close();
    }
    // The shared workers are idle for this reader by now: every batch read with ParallelColumns waits for its
    // workers before it returns or throws, and the lanes were closed above.
    if (batches != null) {
      batches.close();
    }
    if (filtered != null) {
      filtered.close();
      filterColumns.close();
    }
    chunks.close();
  }
}
