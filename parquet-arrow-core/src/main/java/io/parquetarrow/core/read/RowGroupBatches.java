package io.parquetarrow.core.read;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.SizeStatistics;
import io.parquetarrow.format.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Batches of some of the planned fields, row group after row group, read by one thread at a time: opens each row
 * group's {@link RowGroupReader}, cuts it into batches of at most {@link ReadSettings#batchRows()} rows (fewer for
 * long byte arrays, see {@link #batchRowCap}), and schedules the compressed chunks of the row group being opened and
 * of the next one for reading ahead. The single-thread reader reads all row groups with one; each lane of
 * {@link ParallelRowGroups} reads one row group at a time with its own ({@link #readOnly}).
 *
 * <p>A row group may be read for some of its rows only: the {@link RowRanges} given per row group
 * ({@link #selectRows}, or {@link #readOnly(int, RowRanges)}). Its batches then hold those rows alone, in order; a
 * batch never spans two ranges (a field reader fills a vector with consecutive rows), so it ends at a range's end
 * or after {@link ReadSettings#batchRows()} rows. The rows between ranges are skipped, and the pages holding none
 * of the ranges' rows are neither read nor scheduled for reading ahead ({@link ColumnChunks#selectRows}); a row
 * group whose ranges are empty is not opened at all.
 */
final class RowGroupBatches implements AutoCloseable {
  /** Fills the fields' vectors of one batch: one after another, or spread over threads. */
  interface BatchFiller {
    void fill(RowGroupReader reader, int rows, VectorSchemaRoot root) throws IOException;
  }

  /** Byte-array bytes a batch is planned to hold per column, at most: half of what 32-bit offsets address. */
  static final long BATCH_BYTES_PER_COLUMN = 1L << 30;

  private final ReadPlan plan;
  private final int[] fields;
  private final FieldReaderFactory[] factories;
  private final ColumnChunks chunks;
  private final BatchFiller filler;
  /** Positions in the plan's row-group list whose chunks were scheduled for reading ahead. */
  private final BitSet readAheadScheduled = new BitSet();
  /** The position of the row group open (or last opened) in the plan's row-group list. */
  private int position = -1;
  /** The last position read: the end of the list, or the one row group a lane was given. */
  private int lastPosition;
  private RowGroupReader rowGroup;
  /** The rows of each row group to read, by its index in the file (null: all of them); null reads every row. */
  private IntFunction<RowRanges> rowsByRowGroup;
  /** Whether {@link #readOnly(int, RowRanges)} gave the rows of the one row group read, {@link #onlyRows}. */
  private boolean onlyRowsSet;
  private RowRanges onlyRows;
  /** The rows of the open row group to read: its ranges, within its row count. */
  private RowRanges ranges = RowRanges.none();
  /** The range of {@link #ranges} being read. */
  private int range;
  /** The next row of the open row group to read or skip. */
  private long nextRow;
  /** The most rows per batch in the open row group: {@link ReadSettings#batchRows()}, or fewer (see batchRowCap). */
  private int batchRows;

  /**
   * @param fields the positions in the plan of the fields read, ascending
   * @param dictionaries where fields read as dictionaries replace their dictionaries (see {@link FieldPlan})
   */
  RowGroupBatches(ReadPlan plan, int[] fields, ColumnChunks chunks, BufferAllocator allocator,
      DictionaryProvider dictionaries, BatchFiller filler) throws ParquetException {
    this.plan = plan;
    this.fields = fields.clone();
    this.chunks = chunks;
    this.filler = filler;
    this.lastPosition = plan.rowGroupCount() - 1;
    this.factories = new FieldReaderFactory[plan.fields().size()];
    try {
      for (int field : fields) {
        factories[field] = plan.fields().get(field).newReaderFactory(plan, dictionaries);
      }
    } catch (ParquetException | RuntimeException e) {
      closeFactories();
      throw e;
    }
  }

  /** Makes the next batches those of the row group at {@code position} in the plan's list, and only those. */
  void readOnly(int position) {
    closeRowGroup();
    onlyRowsSet = false;
    this.position = position - 1;
    this.lastPosition = position;
  }

  /**
   * Makes the next batches those of the rows {@code rows} (null for all) of the row group at {@code position} in
   * the plan's list, and only those.
   */
  void readOnly(int position, RowRanges rows) {
    readOnly(position);
    onlyRows = rows;
    onlyRowsSet = true;
  }

  /**
   * Reads only the rows {@code rowsByRowGroup} gives for each row group (by its index in the file; null for all its
   * rows) from the next row group opened on. Ranges past a row group's row count are cut at it.
   */
  void selectRows(IntFunction<RowRanges> rowsByRowGroup) {
    this.rowsByRowGroup = rowsByRowGroup;
  }

  /**
   * Reads the next batch into the fields' vectors of {@code root} (the vector at each field's position in the
   * plan) and returns its rows; -1 when no rows are left. Batches never span row groups, nor ranges of rows.
   */
  int next(VectorSchemaRoot root) throws IOException {
    while (true) {
      while (range < ranges.rangeCount() && ranges.end(range) <= nextRow) {
        range++;
      }
      if (range < ranges.rangeCount()) {
        long start = Math.max(nextRow, ranges.start(range));
        if (start > nextRow) {
          rowGroup.skipRows(start - nextRow);
          nextRow = start;
        }
        int rows = (int) Math.min(batchRows, ranges.end(range) - nextRow);
        filler.fill(rowGroup, rows, root);
        nextRow += rows;
        return rows;
      }
      if (!openNextRowGroup()) {
        return -1;
      }
    }
  }

  /** The rows of the row group at {@code position} to read, within {@code rowCount}. */
  private RowRanges rowsOf(int position, long rowCount) {
    RowRanges rows = onlyRowsSet ? onlyRows
        : rowsByRowGroup == null ? null : rowsByRowGroup.apply(plan.rowGroup(position));
    return rows == null ? RowRanges.all(rowCount) : rows.intersect(RowRanges.all(rowCount));
  }

  private boolean openNextRowGroup() throws IOException {
    closeRowGroup();
    if (position + 1 > lastPosition) {
      return false;
    }
    position++;
    int index = plan.rowGroup(position);
    RowGroupMetadata metadata = plan.file().metadata().rowGroup(index);
    long rows = metadata.rowCount();
    if (rows < 0) {
      throw new ParquetCorruptionException(plan.fileName() + ": row group " + index + " has num_rows " + rows);
    }
    RowRanges selected = rowsOf(position, rows);
    if (selected.isEmpty()) {
      return true; // nothing to read here: not opened, no page read
    }
    chunks.selectRows(metadata, leaves(), selected);
    scheduleReadAhead(position);
    scheduleReadAhead(position + 1);
    rowGroup = RowGroupReader.open(index, metadata, fields, factories, chunks);
    ranges = selected;
    range = 0;
    nextRow = 0;
    batchRows = batchRowCap(plan, metadata, rows);
    return true;
  }

  /** The leaves of the fields read, in the order they are read. */
  private List<ColumnDescriptor> leaves() {
    List<ColumnDescriptor> leaves = new ArrayList<>();
    for (int field : fields) {
      leaves.addAll(plan.fields().get(field).leaves());
    }
    return leaves;
  }

  /**
   * Queues the compressed chunks this reader will read of the row group at {@code position} for reading ahead,
   * once, in the order the fields are read. The row group being opened and the next are scheduled, so the next
   * one's chunks are read while this one is decoded.
   */
  private void scheduleReadAhead(int position) throws IOException {
    if (plan.options().readAheadBytes() == 0 || position > lastPosition || readAheadScheduled.get(position)) {
      return;
    }
    readAheadScheduled.set(position);
    RowGroupMetadata metadata = plan.file().metadata().rowGroup(plan.rowGroup(position));
    if (metadata.rowCount() <= 0) {
      return;
    }
    RowRanges rows = rowsOf(position, metadata.rowCount());
    if (rows.isEmpty()) {
      return;
    }
    List<ColumnDescriptor> leaves = leaves();
    chunks.selectRows(metadata, leaves, rows);
    chunks.scheduleReadAhead(metadata, leaves);
  }

  /**
   * The batch size for a row group: {@link ReadSettings#batchRows()}, lowered for a byte-array column whose values
   * average so many bytes per row that a full batch would not fit one Arrow buffer with 32-bit offsets (a batch of
   * 65,536 rows reaches that at 16 KiB per row). The bytes per row come from the chunk's size statistics
   * ({@code unencoded_byte_array_data_bytes}) where written, else from its uncompressed size; the cap is at
   * least one row. Every field of the plan counts, read here or not, so that the lanes of one row group cut the
   * same batches. Arrow C++ cuts its output into chunks for the same reason
   * (docs/decisions/0031-batch-cap-for-byte-arrays.md).
   */
  static int batchRowCap(ReadPlan plan, RowGroupMetadata rowGroup, long rows) throws ParquetException {
    long cap = plan.options().batchRows();
    for (FieldPlan field : plan.fields()) {
      for (ColumnDescriptor leaf : field.leaves()) {
        if (leaf.physicalType() != Type.BYTE_ARRAY) {
          continue;
        }
        ColumnChunkMetadata chunk = rowGroup.column(leaf.leafIndex());
        if (!chunk.isMetadataAvailable()) {
          continue;
        }
        SizeStatistics sizes = chunk.columnMetaData().sizeStatistics();
        long bytes = sizes != null && sizes.unencodedByteArrayDataBytes() != null
            ? sizes.unencodedByteArrayDataBytes() : chunk.totalUncompressedSize();
        if (bytes > BATCH_BYTES_PER_COLUMN) {
          // rows * limit / bytes, without overflow: both factors fit 63 bits only as a quotient.
          long fit = (long) ((double) rows * BATCH_BYTES_PER_COLUMN / bytes);
          cap = Math.min(cap, Math.max(1, fit));
        }
      }
    }
    return (int) cap;
  }

  private void closeRowGroup() {
    if (rowGroup != null) {
      rowGroup.close();
      rowGroup = null;
      chunks.forgetRows(plan.rowGroup(position));
    }
    ranges = RowRanges.none();
  }

  private void closeFactories() {
    for (FieldReaderFactory factory : factories) {
      if (factory != null) {
        factory.close();
      }
    }
  }

  /** Closes the open row group and gives the fields' scratch back; the chunks are their owner's to close. */
  @Override
  public void close() {
    closeRowGroup();
    closeFactories();
  }
}
