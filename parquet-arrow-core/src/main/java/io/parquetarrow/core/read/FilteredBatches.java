package io.parquetarrow.core.read;

import io.parquetarrow.core.column.SelectionBits;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Batches of the rows a filter selects, row group after row group, on the calling thread:
 * <ol>
 *   <li>each row group is pruned first ({@link RowGroupPruner}: statistics, bloom filters, dictionaries, the page
 *       index), leaving the row ranges that may match; pages outside them are not read;
 *   <li>the ranges are read in pieces of a batch (of {@value #PIECE_ROWS} rows where no row was selected lately,
 *       while some other field cannot read selected rows): the fields the filter reads are decoded first, the
 *       predicate ({@link FilterColumns}) selects rows, and the other fields are read only for a piece with a
 *       selected row, and then only its selected rows ({@link FieldReader#readSelected}: pages without one skipped
 *       unread, unselected values skipped inside pages), skipped otherwise (late materialization); their skips
 *       wait until they are next read, so that a run of pieces without a selected row is one skip;
 *   <li>the selected rows are gathered into the batch ({@link SelectedRows}) until it holds
 *       {@link ReadSettings#batchRows()} rows, a field read with its selected rows only as one block; a piece
 *       selected whole into an empty batch is moved, not copied.
 * </ol>
 * Without exact row filtering ({@link ReadSettings#filterRows()} false) every row of the ranges is selected. With
 * a field read as an Arrow dictionary, whose dictionary is replaced by each piece, a batch ends with its piece.
 */
final class FilteredBatches implements AutoCloseable {
  private final ReadPlan plan;
  private final ColumnChunks chunks;
  private final RowGroupPruner pruner;
  private final FilterColumns filter;
  private final boolean exact;
  private final int batchRows;
  /**
   * The rows of a piece with exact row filtering at the start of a row group and after a piece without a selected
   * row, once some other field has read a whole piece for want of {@link FieldReader#readSelected}: about a page
   * of a column, so that a rare selected row makes such a field decode about a page around it, not a batch's
   * worth; a piece with a selected row makes the next one as long as a batch (0048).
   */
  static final int PIECE_ROWS = 8_192;
  /** The fewest rows a batch's vectors are first sized for ({@link #prepare}). */
  static final int FIRST_BATCH_CAPACITY = 1_024;

  private final FieldReaderFactory[] factories;
  private final FieldReaderFactory[] extraFactories;
  /** Positions in the plan of the fields the filter reads, and of the others. */
  private final int[] filterFields;
  private final int[] otherFields;
  private final int[] extraFields;
  /** Each piece is decoded into these before its selected rows are gathered into the batch. */
  private final VectorSchemaRoot piece;
  private final VectorSchemaRoot extraPiece;
  private final SelectedRows[] gatherers;
  private final boolean batchPerPiece;
  private long[] selection = new long[0];
  /** The selected rows of the piece, in order ({@link SelectionBits#picks}). */
  private int[] picks = new int[0];
  /** Per field: whether the piece's vector holds only its selected rows ({@link FieldReader#readSelected}). */
  private final boolean[] compacted;
  /**
   * Whether every field the filter does not read has taken only the selected rows so far: then a piece without a
   * selected row costs those fields nothing but the skip, and pieces stay as long as a batch.
   */
  private boolean othersSelective = true;
  /**
   * Rows the fields the filter does not read lag behind {@link #row}: skipped only when they are next read, so
   * that consecutive pieces without a selected row become one skip, which passes over whole pages unread.
   */
  private long othersBehind;

  /**
   * Whether the last batch was filled to {@code batchRows}: then the next one is sized for a full batch at once,
   * and takes no piece's buffers, since more pieces will follow (growing a buffer piece by piece copies it each
   * time); otherwise it is sized for its first piece, as a point lookup needs (see {@link #prepare}).
   */
  private boolean lastBatchFull;

  private int position = -1;
  /** The position of the row group pruned ahead of its turn ({@link #scheduleNextRowGroup}), -1 when none. */
  private int prunedAhead = -1;
  private RowRanges prunedAheadRows;
  private RowGroupReader rowGroup;
  private RowGroupReader extraRowGroup;
  private RowRanges ranges;
  /** The open row group's index in the file, -1 when none is open. */
  private int rowGroupIndex = -1;
  /** The most rows per piece in the open row group (see {@link RowGroupBatches#batchRowCap}). */
  private int pieceRowCap;
  /** The rows of the next piece: {@link #PIECE_ROWS} after a piece without a selected row, else the cap. */
  private int nextPieceRows;
  private int range;
  /** The next row of the open row group the readers are at. */
  private long row;
  /** The piece decoded and not yet all gathered: its rows, the next of its picks to gather and the picks left. */
  private int pieceRows;
  private int pieceNext;
  private int pieceSelectedLeft;

  FilteredBatches(ReadPlan plan, FilterColumns filter, RowGroupPruner pruner, ColumnChunks chunks,
      BufferAllocator allocator, DictionaryProvider dictionaries) throws IOException {
    this.plan = plan;
    this.chunks = chunks;
    this.pruner = pruner;
    this.filter = filter;
    this.exact = plan.options().filterRows();
    this.batchRows = plan.options().batchRows();
    this.batchPerPiece = plan.hasDictionaryField();
    this.filterFields = filter.planFields();
    this.otherFields = others(plan.fields().size(), filterFields);
    ReadPlan extra = filter.extraPlan();
    this.extraFields = extra == null ? new int[0] : others(extra.fields().size(), new int[0]);
    this.factories = new FieldReaderFactory[plan.fields().size()];
    this.extraFactories = new FieldReaderFactory[extra == null ? 0 : extra.fields().size()];
    VectorSchemaRoot pieceRoot = null;
    VectorSchemaRoot extraRoot = null;
    try {
      for (int field = 0; field < factories.length; field++) {
        factories[field] = plan.fields().get(field).newReaderFactory(plan, dictionaries);
      }
      for (int field = 0; field < extraFactories.length; field++) {
        extraFactories[field] = extra.fields().get(field).newReaderFactory(extra, filter.extraDictionaries());
      }
      pieceRoot = VectorSchemaRoot.create(inMemoryFormat(plan.schema()), allocator);
      extraRoot = extra == null ? null : VectorSchemaRoot.create(inMemoryFormat(extra.schema()), allocator);
    } catch (IOException | RuntimeException e) {
      closeAll(factories);
      closeAll(extraFactories);
      if (pieceRoot != null) {
        pieceRoot.close();
      }
      throw e;
    }
    this.piece = pieceRoot;
    this.extraPiece = extraRoot;
    this.gatherers = new SelectedRows[plan.fields().size()];
    this.compacted = new boolean[plan.fields().size()];
  }

  private static int[] others(int count, int[] excluded) {
    int[] others = new int[count - excluded.length];
    int next = 0;
    for (int field = 0; field < count; field++) {
      if (Arrays.binarySearch(excluded, field) < 0) {
        others[next++] = field;
      }
    }
    return others;
  }

  /** Fills {@code root} with the next batch of selected rows; false when no rows are left. */
  boolean next(VectorSchemaRoot root) throws IOException {
    int rows = 0;
    boolean cleared = false;
    boolean moved = false;
    while (rows < batchRows) {
      if (pieceSelectedLeft == 0) {
        if (rows > 0 && batchPerPiece) {
          break;
        }
        if (!nextPiece()) {
          break;
        }
      }
      if (!cleared) {
        cleared = true;
        if (pieceSelectedLeft == pieceRows && pieceRows <= batchRows) {
          // The whole piece is selected and the batch is empty: the piece's buffers become the batch's.
          for (int field = 0; field < plan.fields().size(); field++) {
            piece.getVector(field).makeTransferPair(root.getVector(field)).transfer();
          }
          rows = pieceRows;
          pieceSelectedLeft = 0;
          continue;
        }
        // A fresh piece whose selected rows all fit: the fields that read only those rows are moved, not copied.
        moved = !lastBatchFull && pieceNext == 0 && pieceSelectedLeft <= batchRows;
        prepare(root, lastBatchFull ? batchRows : pieceSelectedLeft, moved);
      }
      int take = Math.min(pieceSelectedLeft, batchRows - rows);
      gather(root, take, rows, moved);
      moved = false;
      rows += take;
      pieceNext += take;
      pieceSelectedLeft -= take;
    }
    if (rows == 0) {
      return false;
    }
    lastBatchFull = rows == batchRows;
    for (FieldVector vector : root.getFieldVectors()) {
      vector.setValueCount(rows);
    }
    root.setRowCount(rows);
    filter.statistics().rowsReturned(rows);
    return true;
  }

  /**
   * Appends {@code take} selected rows of the piece to every field of the batch at {@code rows} (but the fields
   * {@link #prepare} moved, when {@code moved}); the allocator
   * refusing a buffer is a {@link io.parquetarrow.errors.ParquetResourceException} naming the row group and field.
   */
  private void gather(VectorSchemaRoot root, int take, int rows, boolean moved) throws ParquetException {
    int field = 0;
    try {
      for (field = 0; field < plan.fields().size(); field++) {
        if (compacted[field] && moved) {
          continue;
        }
        if (compacted[field]) {
          gatherer(root, field).appendRange(piece.getVector(field), pieceNext, take, rows);
        } else {
          gatherer(root, field).append(piece.getVector(field), picks, pieceNext, take, rows);
        }
      }
    } catch (OutOfMemoryException e) {
      throw ReadErrors.unchecked(e, new ChunkLocation(plan.fileName(), rowGroupIndex,
          plan.fields().get(field).field().getName()), "gather the selected rows");
    }
  }

  private SelectedRows gatherer(VectorSchemaRoot root, int field) {
    if (gatherers[field] == null || gatherers[field].target() != root.getVector(field)) {
      gatherers[field] = new SelectedRows(root.getVector(field));
    }
    return gatherers[field];
  }

  /**
   * Empties the batch's vectors and sizes them for {@code selected} rows (the piece's, or a whole batch after a full
   * one; rounded up to a power of two, at least {@value #FIRST_BATCH_CAPACITY}, at most a batch); the gather grows them
   * when later pieces add more. A batch sized for {@code batchRows} up front would allocate and zero every column's
   * buffers for a whole batch, which is most of a point lookup's fixed cost (0048). With {@code moved}, a field whose
   * piece vector holds only the selected rows ({@link #compacted}) takes that vector's buffers instead.
   */
  private void prepare(VectorSchemaRoot root, int selected, boolean moved) throws ParquetException {
    int capacity = (int) Math.min(batchRows, Math.max(FIRST_BATCH_CAPACITY, Long.highestOneBit(selected - 1L) << 1));
    for (int field = 0; field < plan.fields().size(); field++) {
      FieldVector vector = root.getVector(field);
      if (moved && compacted[field]) {
        piece.getVector(field).makeTransferPair(vector).transfer();
        continue;
      }
      vector.clear();
      vector.setInitialCapacity(capacity);
      try {
        vector.allocateNew();
      } catch (OutOfMemoryException e) {
        throw ReadErrors.unchecked(e, new ChunkLocation(plan.fileName(), rowGroupIndex, vector.getName()),
            "allocate the batch");
      }
    }
  }

  /**
   * The schema with every dictionary field typed by its indices, as arrow-java holds such a field in memory (and as
   * the reader's own root does), so that the pieces' vectors take the dictionary assembler's indices.
   */
  private static Schema inMemoryFormat(Schema schema) {
    List<Field> fields = new ArrayList<>(schema.getFields().size());
    for (Field field : schema.getFields()) {
      fields.add(inMemoryFormat(field));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  private static Field inMemoryFormat(Field field) {
    DictionaryEncoding encoding = field.getDictionary();
    if (encoding != null) {
      return new Field(field.getName(), new FieldType(field.isNullable(), encoding.getIndexType(), encoding,
          field.getMetadata()), List.of());
    }
    List<Field> children = new ArrayList<>(field.getChildren().size());
    for (Field child : field.getChildren()) {
      children.add(inMemoryFormat(child));
    }
    return new Field(field.getName(), field.getFieldType(), children);
  }

  /**
   * Decodes the next piece with a selected row: the filter's fields first, then, when a row is selected, the
   * others. False when no row group has rows left.
   */
  private boolean nextPiece() throws IOException {
    while (true) {
      while (rowGroup == null || range == ranges.rangeCount()) {
        if (!openNextRowGroup()) {
          return false;
        }
      }
      long start = Math.max(row, ranges.start(range));
      long end = ranges.end(range);
      if (start >= end) {
        range++;
        continue;
      }
      skip(start - row, true, true);
      int rows = (int) Math.min(nextPieceRows, end - start);
      for (int field : filterFields) {
        rowGroup.readField(field, rows, piece.getVector(field));
      }
      for (int field : extraFields) {
        extraRowGroup.readField(field, rows, extraPiece.getVector(field));
      }
      row = start + rows;
      filter.statistics().rowsDecoded(rows);
      int words = (rows + 63) >>> 6;
      if (selection.length < words) {
        selection = new long[Math.max(words, (batchRows + 63) >>> 6)];
      }
      int selected = exact ? filter.select(piece, extraPiece, rows, selection) : selectAll(rows);
      // Where rows are selected, pieces as long as a batch; after a piece without any, short pieces again,
      // unless the other fields decode only selected rows.
      nextPieceRows = selected == 0 && !othersSelective ? Math.min(pieceRowCap, PIECE_ROWS) : pieceRowCap;
      if (selected == 0) {
        skip(rows, false, false);
        continue;
      }
      readOthers(rows, selected);
      if (picks.length < rows) {
        picks = new int[Math.max(rows, batchRows)];
      }
      SelectionBits.picks(selection, 0, rows, picks);
      pieceRows = rows;
      pieceNext = 0;
      pieceSelectedLeft = selected;
      return true;
    }
  }

  /**
   * Reads the piece's {@code rows} rows of the fields the filter does not read, after the rows they lag behind:
   * only the {@code selected} rows where a field can ({@link FieldReader#readSelected}), all of them otherwise.
   */
  private void readOthers(int rows, int selected) throws IOException {
    for (int field : otherFields) {
      if (othersBehind > 0) {
        rowGroup.skipField(field, othersBehind);
      }
      compacted[field] = selected < rows
          && rowGroup.readSelectedField(field, rows, selection, selected, piece.getVector(field));
      if (!compacted[field]) {
        if (selected < rows) {
          othersSelective = false;
        }
        rowGroup.readField(field, rows, piece.getVector(field));
      }
    }
    othersBehind = 0;
  }

  private int selectAll(int rows) {
    Arrays.fill(selection, 0, rows >>> 6, -1L);
    if ((rows & 63) != 0) {
      selection[rows >>> 6] = (1L << rows) - 1;
    }
    return rows;
  }

  /**
   * Moves readers past {@code rows} rows: the filter's fields when {@code filterFieldsToo} (else they were read
   * already); the other fields only count the rows they lag behind ({@link #othersBehind}).
   */
  private void skip(long rows, boolean filterFieldsToo, boolean advance) throws IOException {
    if (rows == 0) {
      return;
    }
    if (filterFieldsToo) {
      for (int field : filterFields) {
        rowGroup.skipField(field, rows);
      }
      for (int field : extraFields) {
        extraRowGroup.skipField(field, rows);
      }
    }
    othersBehind += rows;
    if (advance) {
      row += rows;
    }
  }

  private boolean openNextRowGroup() throws IOException {
    closeRowGroup();
    if (position + 1 >= plan.rowGroupCount()) {
      return false;
    }
    position++;
    RowGroupMetadata metadata = plan.file().metadata().rowGroup(plan.rowGroup(position));
    int index = metadata.index();
    if (metadata.rowCount() < 0) {
      throw new ParquetCorruptionException(plan.fileName() + ": row group " + index + " has num_rows "
          + metadata.rowCount());
    }
    ranges = rowsToRead(position, metadata);
    range = 0;
    row = 0;
    if (ranges.isEmpty()) {
      return true;
    }
    List<ColumnDescriptor> leaves = leavesRead();
    chunks.selectRows(metadata, leaves, ranges);
    if (plan.options().readAheadBytes() > 0) {
      chunks.scheduleReadAhead(metadata, leaves);
      scheduleNextRowGroup(leaves);
    }
    pieceRowCap = RowGroupBatches.batchRowCap(plan, metadata, metadata.rowCount());
    nextPieceRows = exact && !othersSelective ? Math.min(pieceRowCap, PIECE_ROWS) : pieceRowCap;
    othersBehind = 0;
    rowGroupIndex = index;
    rowGroup = RowGroupReader.open(index, metadata, all(plan.fields().size()), factories, chunks);
    if (extraFields.length > 0) {
      extraRowGroup = RowGroupReader.open(index, metadata, extraFields, extraFactories, chunks);
    }
    return true;
  }

  /**
   * The rows of the row group at position {@code at} that pruning leaves, decided once
   * ({@link RowGroupPruner#rowsToRead} counts each decision): by {@link #scheduleNextRowGroup} ahead of the row
   * group's turn, or now.
   */
  private RowRanges rowsToRead(int at, RowGroupMetadata metadata) throws IOException {
    if (at == prunedAhead) {
      prunedAhead = -1;
      return prunedAheadRows;
    }
    return pruner.rowsToRead(metadata.index(), metadata, chunks).intersect(RowRanges.all(metadata.rowCount()));
  }

  /**
   * Prunes the row group after the one just opened and queues the chunks of the rows it leaves for reading ahead,
   * so that they are read while the open one is decoded, as an unfiltered read schedules its next row group: with
   * only the open one scheduled, each row group began by waiting for its own chunks.
   */
  private void scheduleNextRowGroup(List<ColumnDescriptor> leaves) throws IOException {
    int next = position + 1;
    if (next >= plan.rowGroupCount()) {
      return;
    }
    RowGroupMetadata metadata = plan.file().metadata().rowGroup(plan.rowGroup(next));
    if (metadata.rowCount() < 0) {
      return; // reported when its turn comes, after the rows before it
    }
    RowRanges rows = rowsToRead(next, metadata);
    prunedAhead = next;
    prunedAheadRows = rows;
    if (!rows.isEmpty()) {
      chunks.selectRows(metadata, leaves, rows);
      chunks.scheduleReadAhead(metadata, leaves);
    }
  }

  /** The leaves read in each row group, in the order they are read: the plan's, then the extra plan's. */
  private List<ColumnDescriptor> leavesRead() {
    List<ColumnDescriptor> leaves = leaves(plan, all(plan.fields().size()));
    ReadPlan extra = filter.extraPlan();
    if (extra != null) {
      leaves.addAll(leaves(extra, extraFields));
    }
    return leaves;
  }

  private static List<ColumnDescriptor> leaves(ReadPlan plan, int[] fields) {
    List<ColumnDescriptor> leaves = new ArrayList<>();
    for (int field : fields) {
      leaves.addAll(plan.fields().get(field).leaves());
    }
    return leaves;
  }

  private static int[] all(int count) {
    int[] all = new int[count];
    for (int i = 0; i < count; i++) {
      all[i] = i;
    }
    return all;
  }

  private void closeRowGroup() {
    if (rowGroup != null) {
      rowGroup.close();
      rowGroup = null;
    }
    if (extraRowGroup != null) {
      extraRowGroup.close();
      extraRowGroup = null;
    }
    if (rowGroupIndex >= 0) {
      chunks.forgetRows(rowGroupIndex);
      rowGroupIndex = -1;
    }
    pieceSelectedLeft = 0;
  }

  private static void closeAll(FieldReaderFactory[] factories) {
    for (FieldReaderFactory factory : factories) {
      if (factory != null) {
        factory.close();
      }
    }
  }

  @Override
  public void close() {
    closeRowGroup();
    closeAll(factories);
    closeAll(extraFactories);
    piece.close();
    if (extraPiece != null) {
      extraPiece.close();
    }
  }
}
