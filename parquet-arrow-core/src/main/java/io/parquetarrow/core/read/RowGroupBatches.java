package io.parquetarrow.core.read;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.SizeStatistics;
import io.parquetarrow.format.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Batches of some of the planned fields, row group after row group, read by one thread at a time: opens each row
 * group's {@link RowGroupReader}, cuts it into batches of at most {@link ReadSettings#batchRows()} rows (fewer for
 * long byte arrays, see {@link #batchRowCap}), and schedules the compressed chunks of the row group being opened and
 * of the next one for reading ahead. The single-thread reader reads all row groups with one; each lane of
 * {@link ParallelRowGroups} reads one row group at a time with its own ({@link #readOnly}).
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
  private long rowsLeft;
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
    this.position = position - 1;
    this.lastPosition = position;
  }

  /**
   * Reads the next batch into the fields' vectors of {@code root} (the vector at each field's position in the
   * plan) and returns its rows; -1 when no rows are left. Batches never span row groups.
   */
  int next(VectorSchemaRoot root) throws IOException {
    while (rowsLeft == 0) {
      if (!openNextRowGroup()) {
        return -1;
      }
    }
    int rows = (int) Math.min(batchRows, rowsLeft);
    filler.fill(rowGroup, rows, root);
    rowsLeft -= rows;
    return rows;
  }

  private boolean openNextRowGroup() throws IOException {
    closeRowGroup();
    if (position + 1 > lastPosition) {
      return false;
    }
    position++;
    int index = plan.rowGroup(position);
    RowGroupMetadata metadata = plan.file().metadata().rowGroup(index);
    scheduleReadAhead(position);
    scheduleReadAhead(position + 1);
    long rows = metadata.rowCount();
    if (rows < 0) {
      throw new ParquetCorruptionException(plan.fileName() + ": row group " + index + " has num_rows " + rows);
    }
    rowGroup = RowGroupReader.open(index, metadata, fields, factories, chunks);
    rowsLeft = rows;
    batchRows = batchRowCap(plan, metadata, rows);
    return true;
  }

  /**
   * Queues the compressed chunks this reader will read of the row group at {@code position} for reading ahead,
   * once, in the order the fields are read. The row group being opened and the next are scheduled, so the next
   * one's chunks are read while this one is decoded.
   */
  private void scheduleReadAhead(int position) throws ParquetException {
    if (plan.options().readAheadBytes() == 0 || position > lastPosition || readAheadScheduled.get(position)) {
      return;
    }
    readAheadScheduled.set(position);
    RowGroupMetadata metadata = plan.file().metadata().rowGroup(plan.rowGroup(position));
    if (metadata.rowCount() <= 0) {
      return;
    }
    List<ColumnDescriptor> leaves = new ArrayList<>();
    for (int field : fields) {
      leaves.addAll(plan.fields().get(field).leaves());
    }
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
    }
    rowsLeft = 0;
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
