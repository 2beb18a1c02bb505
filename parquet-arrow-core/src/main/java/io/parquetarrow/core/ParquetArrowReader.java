package io.parquetarrow.core;

import io.parquetarrow.core.arrow.ColumnAssembler;
import io.parquetarrow.core.arrow.ColumnAssemblers;
import io.parquetarrow.core.arrow.DictionaryAssembler;
import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.FlatBatchTarget;
import io.parquetarrow.core.column.FlatColumnReader;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.page.ChunkReadAhead;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.core.schema.SchemaMapping;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.SizeStatistics;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
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
 * record through {@link NestedFieldReader}; string and binary leaves inside them that {@code ARROW:schema}
 * declares as dictionaries are read as dictionary vectors too (every dictionary of the schema has its own id).
 * {@link ReadOptions#dictionaryColumns()} names top-level columns only. Problems with the bytes are
 * {@link ParquetCorruptionException}s naming the file, row group, column and page offset; encrypted columns are
 * {@link ParquetEncryptionException}s.
 *
 * <p>Not thread-safe: one thread calls {@link #loadNextBatch()}. With {@link ReadOptions#threads()} above 1 the
 * worker threads (daemons shared by all readers, kept for a while after their last task) decode in
 * parallel ({@link ReadLanes}): each worker reads whole row groups, or with few row groups a contiguous group of
 * the fields of one, with a lane reader of its own, at most {@code 2 * threads} such units ahead of the caller; the
 * calling thread takes the batches in order and moves their buffers into its root without copying. With a field
 * read as an Arrow dictionary the calling thread and the workers share each batch's columns instead. The
 * allocator is thread-safe. Batches and errors are the same as with one thread: a worker's failure is rethrown by
 * {@code loadNextBatch} with its type and location at the batch where one thread would have met it. Whatever the
 * thread count, compressed column chunks are read ahead of decoding up to {@link ReadOptions#readAheadBytes()}
 * (with one thread on a shared worker, so the next row group's bytes arrive while this one is decoded).
 */
public final class ParquetArrowReader extends ArrowReader {
  private final ParquetFile file;
  private final ReadOptions options;
  private final Schema schema;
  private final List<ColumnPlan> plans;
  private final int[] rowGroups;
  private final ParquetKernels kernels = KernelProvider.get();

  private int rowGroupCursor = -1;
  private long rowsLeftInRowGroup;
  /** The most rows per batch in the open row group: {@link ReadOptions#batchRows()}, or fewer (see batchRowCap). */
  private int rowGroupBatchRows;
  private FlatColumnReader[] readers = new FlatColumnReader[0];
  private PageReader[] pageReaders = new PageReader[0];
  private final ColumnBatch[] batches;
  private long bytesReadInClosedRowGroups;
  private long pagesIntoVectorsInClosedRowGroups;
  private boolean closed;
  private Exception failure;
  /** Column indices in the order workers claim them when {@link ReadOptions#threads()} is above 1. */
  private final int[] columnOrder;
  /**
   * Each column's decode time summed over the parallel batches so far, which orders the next one. A sum rather
   * than the last batch: a column's cost jumps in the batches where its next page is read and decompressed.
   */
  private final long[] columnNanos;
  /** Parallel reading (see {@link #readsInLanes()}), started by the first batch; null otherwise. */
  private ReadLanes lanes;
  /**
   * True for a lane reader of {@link ReadLanes}: it reads {@link #columnsRead} only, on one thread, and leaves the
   * file open.
   */
  private final boolean lane;
  /** The fields (indices into {@link #plans}) this reader fills: all of them, except in a lane reader. */
  private final int[] columnsRead;
  /** A lane reader's rows in its last batch (its root's row count is not set: it fills only some vectors). */
  private int laneBatchRows;
  /** Whether a field or a descendant of one is read as an Arrow dictionary. */
  private final boolean hasDictionaryField;
  /** A lane reader's last row group (position in {@link #rowGroups}); others read to the end. */
  private int laneEnd = Integer.MAX_VALUE;
  /** Reads compressed chunks ahead of decoding (see {@link ReadOptions#readAheadBytes()}); made by the first row group. */
  private ChunkReadAhead readAhead;
  /** Positions in {@link #rowGroups} whose chunks were scheduled for reading ahead. */
  private final BitSet readAheadScheduled = new BitSet();

  /**
   * One selected top-level field: the Arrow field, its leaf column and how to assemble it — with
   * {@code assembler} for a plain field, with {@code dictionary} for a dictionary-encoded one.
   */
  private record ColumnPlan(Field field, ColumnDescriptor column, ColumnAssembler assembler,
      DictionaryAssembler dictionary, NestedFieldReader nested) {}

  /** Whether nested fields are read ({@link NestedFieldReader}); false restores the flat-only refusal. */
  static final boolean READ_NESTED_FIELDS = true;

  private ParquetArrowReader(BufferAllocator allocator, ParquetFile file, ReadOptions options) throws IOException {
    this(allocator, file, options, null);
  }

  /** A lane reader of {@link ReadLanes} for {@code laneColumns}, or (null) a reader of every selected field. */
  private ParquetArrowReader(BufferAllocator allocator, ParquetFile file, ReadOptions options, int[] laneColumns)
      throws IOException {
    super(allocator);
    this.lane = laneColumns != null;
    this.file = file;
    this.options = options;
    ParquetMetadata metadata = file.metadata();
    SchemaMapping mapping =
        ParquetToArrowSchema.convert(metadata.schema(), metadata.keyValueMetadata(), file.name());
    if (!options.columns().isEmpty()) {
      try {
        mapping = mapping.project(options.columns());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file.name() + ": " + e.getMessage(), e);
      }
    }
    List<Field> fields = new ArrayList<>();
    List<ColumnPlan> plans = new ArrayList<>();
    long nextDictionaryId = 0;
    for (FieldMapping fieldMapping : mapping.fields()) {
      nextDictionaryId = Math.max(nextDictionaryId, nextFreeDictionaryId(fieldMapping.field()));
    }
    Set<String> dictionaryColumns = new HashSet<>(options.dictionaryColumns());
    for (FieldMapping fieldMapping : mapping.fields()) {
      Field field = fieldMapping.field();
      if (dictionaryColumns.remove(field.getName()) && field.getDictionary() == null) {
        field = asDictionary(field, fieldMapping.column(), nextDictionaryId++);
      }
      ColumnPlan plan = plan(fieldMapping, field);
      plans.add(plan);
      fields.add(plan.field());
    }
    if (!dictionaryColumns.isEmpty()) {
      throw new IllegalArgumentException(file.name() + ": dictionary columns " + dictionaryColumns
          + " are not among the columns read");
    }
    this.plans = List.copyOf(plans);
    this.schema = new Schema(fields, mapping.arrowSchema().getCustomMetadata());
    this.rowGroups = selectRowGroups(metadata, options);
    this.batches = new ColumnBatch[plans.size()];
    for (int i = 0; i < batches.length; i++) {
      batches[i] = new ColumnBatch();
    }
    this.columnOrder = new int[plans.size()];
    for (int i = 0; i < columnOrder.length; i++) {
      columnOrder[i] = i;
    }
    this.columnNanos = new long[plans.size()];
    this.columnsRead = lane ? laneColumns.clone() : columnOrder.clone();
    this.hasDictionaryField = hasDictionary(fields);
  }

  /** One more than the largest dictionary id in {@code field} or any of its descendants (0 without any). */
  private static long nextFreeDictionaryId(Field field) {
    long next = field.getDictionary() == null ? 0 : field.getDictionary().getId() + 1;
    for (Field child : field.getChildren()) {
      next = Math.max(next, nextFreeDictionaryId(child));
    }
    return next;
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
    return open(ParquetFile.open(path), allocator, options);
  }

  /** Reads from any {@link InputFile}; closing the reader closes it. */
  public static ParquetArrowReader open(InputFile input, BufferAllocator allocator, ReadOptions options)
      throws IOException {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(options, "options");
    ParquetFile file;
    try {
      file = ParquetFile.open(input);
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

  /** The field as an Arrow dictionary with int32 indices, as Arrow C++'s {@code read_dictionary} gives it. */
  private Field asDictionary(Field field, ColumnDescriptor column, long id) {
    ArrowType.ArrowTypeID type = field.getType().getTypeID();
    boolean binary = type == ArrowType.ArrowTypeID.Utf8 || type == ArrowType.ArrowTypeID.Binary
        || type == ArrowType.ArrowTypeID.LargeUtf8 || type == ArrowType.ArrowTypeID.LargeBinary;
    if (column == null || column.physicalType() != Type.BYTE_ARRAY || !binary) {
      throw new IllegalArgumentException(file.name() + ": column '" + field.getName() + "' of type "
          + field.getType() + " cannot be read as a dictionary; only string and binary columns can");
    }
    return new Field(field.getName(), new FieldType(field.isNullable(), field.getType(),
        new DictionaryEncoding(id, false, new ArrowType.Int(32, true)), field.getMetadata()), null);
  }

  private ColumnPlan plan(FieldMapping mapping, Field field) throws ParquetException {
    boolean nestedField = mapping.kind() != FieldMapping.Kind.PRIMITIVE || mapping.column() == null
        || mapping.column().maxRepetitionLevel() != 0;
    if (READ_NESTED_FIELDS && nestedField) {
      return new ColumnPlan(field, null, null, null,
          new NestedFieldReader(file.name(), file.metadata().schema().root(), mapping, options, kernels));
    }
    if (mapping.kind() != FieldMapping.Kind.PRIMITIVE || mapping.column() == null) {
      throw new UnsupportedParquetFeatureException(file.name() + ": field '" + field.getName() + "' is a "
          + mapping.kind().name().toLowerCase(java.util.Locale.ROOT)
          + "; this version reads flat columns only (select the flat columns with ReadOptions.columns)");
    }
    ColumnDescriptor column = mapping.column();
    if (column.maxRepetitionLevel() != 0) {
      throw new UnsupportedParquetFeatureException(file.name() + ": column " + column.dottedPath()
          + " is repeated; this version reads flat columns only");
    }
    if (column.physicalType() == Type.FIXED_LEN_BYTE_ARRAY && column.typeLength() <= 0) {
      throw new ParquetCorruptionException(file.name() + ": column " + column.dottedPath()
          + " is FIXED_LEN_BYTE_ARRAY with type_length " + column.typeLength() + " (expected > 0)");
    }
    if (column.physicalType() == Type.INT96 && !options.int96AsTimestamp()
        && field.getType() instanceof ArrowType.Timestamp) {
      field = new Field(field.getName(),
          new FieldType(field.isNullable(), new ArrowType.FixedSizeBinary(12), null, field.getMetadata()), null);
    }
    if (field.getDictionary() != null) {
      ArrowType.ArrowTypeID type = field.getType().getTypeID();
      boolean large = type == ArrowType.ArrowTypeID.LargeUtf8 || type == ArrowType.ArrowTypeID.LargeBinary;
      boolean binary = large || type == ArrowType.ArrowTypeID.Utf8 || type == ArrowType.ArrowTypeID.Binary;
      if (column.physicalType() != Type.BYTE_ARRAY || !binary) {
        throw new UnsupportedParquetFeatureException(file.name() + ": cannot read column " + column.dottedPath()
            + " of physical type " + column.physicalType() + " as an Arrow dictionary of " + field.getType());
      }
      return new ColumnPlan(field, column, null,
          new DictionaryAssembler(kernels, mapping.definitionLevel(), large), null);
    }
    try {
      ColumnAssembler assembler =
          ColumnAssemblers.create(field, column, mapping.definitionLevel(), kernels);
      return new ColumnPlan(field, column, assembler, null, null);
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(file.name() + ": " + e.getMessage(), e);
    }
  }

  private static int[] selectRowGroups(ParquetMetadata metadata, ReadOptions options) {
    int count = metadata.rowGroups().size();
    int[] selected = options.rowGroups();
    if (selected == null) {
      int[] all = new int[count];
      for (int i = 0; i < count; i++) {
        all[i] = i;
      }
      return all;
    }
    for (int index : selected) {
      if (index >= count) {
        throw new IllegalArgumentException(
            metadata.source() + ": row group " + index + " does not exist; the file has " + count);
      }
    }
    return selected;
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
    return schema;
  }

  /**
   * Reads the next batch into {@link #getVectorSchemaRoot()}; false when no rows are left (the root then keeps
   * its last contents with a row count of 0).
   */
  @Override
  public boolean loadNextBatch() throws IOException {
    if (closed) {
      throw new IllegalStateException(file.name() + ": reader is closed");
    }
    if (failure != null) {
      // Column readers stop mid-page when they fail, so later batches could not be trusted.
      throw new IllegalStateException(file.name() + ": an earlier batch failed; the reader cannot continue",
          failure);
    }
    try {
      return loadNextBatchOrFail();
    } catch (IOException | RuntimeException e) {
      failure = e;
      throw e;
    }
  }

  private boolean loadNextBatchOrFail() throws IOException {
    prepareLoadNextBatch();
    VectorSchemaRoot root = getVectorSchemaRoot();
    if (readsInLanes()) {
      if (lanes == null) {
        lanes = new ReadLanes(allocator, rowGroups.length, laneColumnGroups(), options.threads(),
            SHARED_WORKERS, columns -> new ParquetArrowReader(allocator, file, options, columns));
      }
      return lanes.next(root);
    }
    while (rowsLeftInRowGroup == 0) {
      if (!openNextRowGroup()) {
        return false;
      }
    }
    int rows = (int) Math.min(rowGroupBatchRows, rowsLeftInRowGroup);
    int rowGroup = rowGroups[rowGroupCursor];
    if (options.threads() > 1 && plans.size() > 1 && !lane) {
      readColumnsInParallel(rows, rowGroup, root);
    } else {
      for (int i : columnsRead) {
        readColumn(i, rows, rowGroup, root);
      }
    }
    if (lane) {
      for (int i : columnsRead) {
        root.getVector(i).setValueCount(rows);
      }
      laneBatchRows = rows;
    } else {
      root.setRowCount(rows);
    }
    rowsLeftInRowGroup -= rows;
    return true;
  }

  /**
   * Whether batches come from {@link ReadLanes}: with more than one thread and more than one row group or field to
   * read, unless a field is read as an Arrow dictionary (each lane would build its own dictionaries). Otherwise,
   * with dictionaries, the threads share each batch's columns ({@link #readColumnsInParallel}).
   */
  boolean readsInLanes() {
    return options.threads() > 1 && !lane && !plans.isEmpty() && (rowGroups.length > 1 || plans.size() > 1)
        && !hasDictionaryField;
  }

  /**
   * The column groups of {@link ReadLanes}: one (whole row groups per worker) when there are at least twice as
   * many row groups as threads and whole row groups keep the threads evenly busy; else several (see
   * {@link #laneGroupCount}), contiguous and balanced by the fields' uncompressed sizes in the first row group
   * read, so that one row group, or row groups of unequal size, still keep every thread busy.
   */
  int[][] laneColumnGroups() throws ParquetException {
    long[] costs = new long[plans.size()];
    long firstRowGroupBytes = 0;
    RowGroupMetadata first = file.metadata().rowGroup(rowGroups[0]);
    for (int i = 0; i < costs.length; i++) {
      ColumnPlan plan = plans.get(i);
      List<ColumnDescriptor> leaves = plan.nested() != null ? plan.nested().leaves() : List.of(plan.column());
      for (ColumnDescriptor leaf : leaves) {
        ColumnChunkMetadata chunk = first.column(leaf.leafIndex());
        costs[i] += chunk.isMetadataAvailable() ? Math.max(0, chunk.totalUncompressedSize()) : 0;
      }
      firstRowGroupBytes += costs[i];
    }
    long[] rowGroupRows = new long[rowGroups.length];
    for (int k = 0; k < rowGroups.length; k++) {
      rowGroupRows[k] = file.metadata().rowGroup(rowGroups[k]).rowCount();
    }
    return ReadLanes.contiguousGroups(costs,
        laneGroupCount(rowGroupRows, options.threads(), plans.size(), firstRowGroupBytes));
  }

  /** Uncompressed bytes per column group from which a row group is cut into two groups per thread, not one. */
  static final long FINE_LANE_GROUP_BYTES = 8L << 20;

  /**
   * How many column groups {@link ReadLanes} cuts each row group into: 1 with at least two row groups per thread
   * that threads taking whole row groups in order would finish within a tenth of an even split
   * ({@link #wholeRowGroupsBalance}); else two per thread when each would still hold {@link #FINE_LANE_GROUP_BYTES}
   * of the first row group, one per thread otherwise (never more than the fields). Two per thread let the workers
   * even out groups whose decoding costs differ more than their sizes: our writer's lineitem_zstd (row groups of
   * 1,048,576 and 151,424 rows) read 1.51-1.79x faster on two threads than on one with two groups, 1.69-1.93x with
   * four (`./bench scaling`, pairs' medians, three runs each on a noisy machine). Each group costs a lane reader and
   * its set-up in every row group, which small row groups do not repay: DuckDB's nested file (2.8 MB per row group)
   * went from 1.31x to 1.06x with four groups.
   */
  static int laneGroupCount(long[] rowGroupRows, int threads, int fields, long firstRowGroupBytes) {
    if (rowGroupRows.length >= 2 * threads && wholeRowGroupsBalance(rowGroupRows, threads)) {
      return 1;
    }
    boolean fine = firstRowGroupBytes / (2L * threads) >= FINE_LANE_GROUP_BYTES;
    return Math.max(1, Math.min(fine ? 2 * threads : threads, fields));
  }

  /**
   * Whether {@code threads} workers, each taking the next whole row group when it is free, finish within a tenth of
   * an even split of all rows. DuckDB writes row groups of 122,880 rows and a shorter last one: its strings file
   * (three full row groups and one of 31,360 rows) kept one of two threads busy with two full row groups while the
   * other read one and the short one, 1.52-1.55x one thread's speed where two one-thread readers side by side
   * reached 1.68-1.89x.
   */
  static boolean wholeRowGroupsBalance(long[] rowGroupRows, int threads) {
    long[] busyUntil = new long[threads];
    long total = 0;
    for (long rows : rowGroupRows) {
      int next = 0;
      for (int t = 1; t < threads; t++) {
        if (busyUntil[t] < busyUntil[next]) {
          next = t;
        }
      }
      busyUntil[next] += rows;
      total += rows;
    }
    long last = 0;
    for (long until : busyUntil) {
      last = Math.max(last, until);
    }
    return (double) last * threads <= 1.1 * total;
  }

  /** A lane reader's rows in the batch it read last. */
  int laneBatchRows() {
    return laneBatchRows;
  }

  private static boolean hasDictionary(List<Field> fields) {
    for (Field field : fields) {
      if (field.getDictionary() != null || hasDictionary(field.getChildren())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Makes this lane reader read the row group at {@code position} of its row-group list next, and only that one;
   * for {@link ReadLanes}.
   */
  void startLane(int position) {
    closeRowGroup();
    rowGroupCursor = position - 1;
    laneEnd = position;
  }

  /**
   * Reads the next {@code rows} rows of column {@code i} into its vector of {@code root}. Touches only that
   * column's plan, readers, scratch batch and vector (and, for a dictionary column, its own dictionary vector),
   * so different columns may be read on different threads at once.
   */
  private void readColumn(int i, int rows, int rowGroup, VectorSchemaRoot root) throws IOException {
    ColumnPlan plan = plans.get(i);
    if (plan.nested() != null) {
      plan.nested().read(rows, root.getVector(i), this);
      return;
    }
    try {
      FieldVector vector = root.getVector(i);
      FlatBatchTarget target = plan.dictionary() != null
          ? plan.dictionary().target(vector, lookup(plan.field().getDictionary().getId()).getVector())
          : ColumnAssemblers.target(plan.assembler(), plan.column(), vector);
      readers[i].read(rows, batches[i], target);
    } catch (ParquetException e) {
      if (e.getMessage() != null && e.getMessage().startsWith(file.name())) {
        throw e;
      }
      throw withLocation(e, rowGroup, plan.column());
    } catch (RuntimeException e) {
      // A decoder or codec tripping over bytes it did not expect; report it as corruption with a location
      // rather than let an unchecked exception escape mid-batch.
      throw new ParquetCorruptionException(new ChunkLocation(file.name(), rowGroup, plan.column().dottedPath())
          .describe() + ": cannot decode the column: " + e, e);
    }
  }

  /**
   * Reads one batch with the calling thread and up to {@code threads - 1} workers taking columns from a shared
   * counter, the costliest columns so far first, so that one long column (a string column, say)
   * starts early instead of being left to the end. Returns only when every column is done, so nothing touches a
   * vector after this returns or throws; a failure is then rethrown as it was thrown (same type, same message),
   * choosing the lowest failed column, the one the single-threaded loop would have stopped at.
   */
  private void readColumnsInParallel(int rows, int rowGroup, VectorSchemaRoot root) throws IOException {
    int count = plans.size();
    orderColumnsByCost();
    AtomicInteger nextClaim = new AtomicInteger();
    Throwable[] failures = new Throwable[count];
    Runnable work = () -> {
      for (int claim = nextClaim.getAndIncrement(); claim < count; claim = nextClaim.getAndIncrement()) {
        int column = columnOrder[claim];
        long start = System.nanoTime();
        try {
          readColumn(column, rows, rowGroup, root);
        } catch (Throwable e) {
          failures[column] = e;
        }
        columnNanos[column] += System.nanoTime() - start;
      }
    };
    int helpers = Math.min(options.threads() - 1, count - 1);
    CountDownLatch helpersDone = new CountDownLatch(helpers);
    // A helper that has not started when the calling thread runs out of columns is called off instead of waited
    // for: waking a thread only to find nothing left would add a scheduling delay to every small batch.
    AtomicBoolean[] started = new AtomicBoolean[helpers];
    ExecutorService executor = SHARED_WORKERS;
    for (int h = 0; h < helpers; h++) {
      AtomicBoolean helperStarted = new AtomicBoolean();
      started[h] = helperStarted;
      try {
        executor.execute(() -> {
          if (!helperStarted.compareAndSet(false, true)) {
            return;
          }
          try {
            work.run();
          } finally {
            helpersDone.countDown();
          }
        });
      } catch (RejectedExecutionException e) {
        // Cannot happen while the reader is open; the calling thread then reads the columns itself.
        helperStarted.set(true);
        helpersDone.countDown();
      }
    }
    work.run();
    for (AtomicBoolean helperStarted : started) {
      if (helperStarted.compareAndSet(false, true)) {
        helpersDone.countDown();
      }
    }
    awaitUninterruptibly(helpersDone);
    for (Throwable failure : failures) {
      if (failure != null) {
        throw rethrow(failure, file.name() + ": reading a column failed");
      }
    }
  }

  /**
   * Rethrows a worker's failure as it was thrown (same type, same message): returns an {@link IOException} for
   * the caller to throw, throws an unchecked one itself, and wraps anything else as {@code message}.
   */
  static IOException rethrow(Throwable failure, String message) {
    if (failure instanceof IOException e) {
      return e;
    }
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException(message, failure);
  }

  /** Sorts {@link #columnOrder} by decode time so far, longest first (stable on ties). */
  private void orderColumnsByCost() {
    // Insertion sort: a handful to a few hundred columns, nearly sorted from one batch to the next.
    for (int i = 1; i < columnOrder.length; i++) {
      int column = columnOrder[i];
      int j = i - 1;
      while (j >= 0 && columnNanos[columnOrder[j]] < columnNanos[column]) {
        columnOrder[j + 1] = columnOrder[j];
        j--;
      }
      columnOrder[j + 1] = column;
    }
  }

  /**
   * Waits for the workers even when interrupted: they write into the root's vectors, so returning (or letting
   * {@link #close()} free those vectors) before they finish would be unsafe. The interrupt is kept.
   */
  static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Worker threads shared by every reader of the process: daemon threads (a reader never left open keeps no JVM
   * alive), created when no idle one is free and ended after 30 seconds without work. Sharing
   * them matters beyond thread start-up: a thread keeps its JDK temporary direct buffer for positional reads into
   * heap arrays and its Netty allocation cache, which threads made per reader allocated, zeroed and faulted in
   * again on every read (two threads cost 1.25–1.35x one thread's CPU on lineitem that way).
   */
  private static final ExecutorService SHARED_WORKERS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30,
      TimeUnit.SECONDS, new SynchronousQueue<>(), new ReaderThreads());

  /**
   * Names and marks the shared workers. With Netty on the class path (Arrow's {@code arrow-memory-netty}) they are
   * Netty {@code FastThreadLocalThread}s, which Netty's pooled allocator gives a per-thread cache whatever
   * {@code io.netty.allocator.useCacheForAllThreads} says (false by default): without it, two threads in a JVM that
   * also ran Arrow C++, DuckDB, parquet-java and Hardwood read plain_ints 9-13x slower than one, their workers
   * spending 40 % of their time faulting in and clearing fresh pages under the positional reads into the vectors
   * (BENCHMARKS.md, 2026-11-24).
   */
  static final class ReaderThreads implements ThreadFactory {
    private static final Constructor<? extends Thread> NETTY_THREAD = nettyThreadConstructor();
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable task) {
      String name = "parquet-arrow-reader-" + count.incrementAndGet();
      Thread thread = null;
      if (NETTY_THREAD != null) {
        try {
          thread = NETTY_THREAD.newInstance(task, name);
        } catch (ReflectiveOperationException | RuntimeException e) {
          // the plain thread below reads the same, only without Netty's cache
        }
      }
      if (thread == null) {
        thread = new Thread(task, name);
      }
      thread.setDaemon(true);
      return thread;
    }

    /** Netty's {@code FastThreadLocalThread(Runnable, String)}, or null when Netty is absent. */
    private static Constructor<? extends Thread> nettyThreadConstructor() {
      try {
        return Class.forName("io.netty.util.concurrent.FastThreadLocalThread", false,
            ParquetArrowReader.class.getClassLoader()).asSubclass(Thread.class)
            .getConstructor(Runnable.class, String.class);
      } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
        return null;
      }
    }
  }


  private ParquetException withLocation(ParquetException e, int rowGroup, ColumnDescriptor column) {
    String where = new ChunkLocation(file.name(), rowGroup, column.dottedPath()).describe() + ": ";
    if (e instanceof ParquetCorruptionException) {
      return new ParquetCorruptionException(where + e.getMessage(), e);
    }
    if (e instanceof ParquetEncryptionException) {
      return new ParquetEncryptionException(where + e.getMessage(), e);
    }
    if (e instanceof UnsupportedParquetFeatureException) {
      return new UnsupportedParquetFeatureException(where + e.getMessage(), e);
    }
    return new ParquetException(where + e.getMessage(), e);
  }

  private boolean openNextRowGroup() throws IOException {
    closeRowGroup();
    if (rowGroupCursor + 1 >= rowGroups.length || rowGroupCursor + 1 > laneEnd) {
      return false;
    }
    rowGroupCursor++;
    int index = rowGroups[rowGroupCursor];
    RowGroupMetadata rowGroup = file.metadata().rowGroup(index);
    scheduleReadAhead(rowGroupCursor);
    scheduleReadAhead(rowGroupCursor + 1);
    long rows = rowGroup.rowCount();
    if (rows < 0) {
      throw new ParquetCorruptionException(file.name() + ": row group " + index + " has num_rows " + rows);
    }
    if (rows == 0 || plans.isEmpty()) {
      rowsLeftInRowGroup = plans.isEmpty() ? rows : 0;
      return true;
    }
    FlatColumnReader[] newReaders = new FlatColumnReader[plans.size()];
    PageReader[] newPageReaders = new PageReader[plans.size()];
    readers = newReaders;
    pageReaders = newPageReaders;
    for (int i : columnsRead) {
      if (plans.get(i).nested() != null) {
        plans.get(i).nested().openRowGroup(file, index, rowGroup, readAhead);
        continue;
      }
      ColumnDescriptor column = plans.get(i).column();
      ColumnChunkMetadata chunk = rowGroup.column(column.leafIndex());
      ChunkLocation location = new ChunkLocation(file.name(), index, column.dottedPath());
      if (chunk.isEncrypted()) {
        throw new ParquetEncryptionException(location.describe()
            + ": the column is encrypted (Parquet Modular Encryption); decryption is not supported");
      }
      if (chunk.externalFilePath() != null) {
        throw new UnsupportedParquetFeatureException(location.describe() + ": the column chunk is stored in another"
            + " file ('" + chunk.externalFilePath() + "'), which is not supported");
      }
      CompressionCodec codec = chunk.codec();
      Decompressor decompressor;
      try {
        decompressor = codec == CompressionCodec.UNCOMPRESSED ? null : Codecs.decompressor(codec);
      } catch (UnsupportedParquetFeatureException e) {
        throw new UnsupportedParquetFeatureException(location.describe() + ": " + e.getMessage(), e);
      }
      PageReader pages = new PageReader(file.inputFile(), chunk.startOffset(), chunk.chunkLength(),
          chunk.valueCount(), codec, decompressor, options.verifyChecksums(), location, readAhead);
      newPageReaders[i] = pages;
      newReaders[i] = new FlatColumnReader(pages, column.physicalType(), column.typeLength(),
          column.maxDefinitionLevel(), rows, kernels, ColumnAssemblers.conversion(plans.get(i).assembler()));
    }
    rowsLeftInRowGroup = rows;
    rowGroupBatchRows = batchRowCap(rowGroup, rows);
    return true;
  }

  /**
   * Queues the compressed chunks this reader will read of the row group at {@code position} (in
   * {@link #rowGroups}) for reading ahead, once, in the order the columns are read, as a group of their own (no
   * request spans two row groups, so the first one read is the one decoded next). The row group being opened and
   * the next are scheduled, so the next one's chunks are read while this one is decoded. A lane reader, which reads
   * one row group, schedules only that one and reads its chunks on its own thread, neighbours in one request.
   */
  private void scheduleReadAhead(int position) throws ParquetException {
    if (options.readAheadBytes() == 0 || position >= rowGroups.length || position > laneEnd
        || readAheadScheduled.get(position)) {
      return;
    }
    readAheadScheduled.set(position);
    RowGroupMetadata rowGroup = file.metadata().rowGroup(rowGroups[position]);
    if (rowGroup.rowCount() <= 0) {
      return;
    }
    if (readAhead == null) {
      // A lane reader reads its unit's chunks itself, coalesced into one request when it opens the row group: the
      // other workers' decoding overlaps its reads already, and another thread per worker would only compete.
      readAhead = new ChunkReadAhead(file.inputFile(), lane ? Runnable::run : SHARED_WORKERS,
          options.readAheadBytes());
    }
    for (int i : columnsRead) {
      ColumnPlan plan = plans.get(i);
      for (ColumnDescriptor leaf : plan.nested() != null ? plan.nested().leaves() : List.of(plan.column())) {
        ColumnChunkMetadata chunk = rowGroup.column(leaf.leafIndex());
        if (!chunk.isEncrypted() && chunk.externalFilePath() == null
            && chunk.codec() != CompressionCodec.UNCOMPRESSED) {
          readAhead.schedule(chunk.startOffset(), chunk.chunkLength());
        }
      }
    }
    readAhead.start();
  }

  /** Chunks taken from the read-ahead so far by this reader's own row groups (not its lanes'); for tests. */
  long chunksReadAhead() {
    return readAhead == null ? 0 : readAhead.chunksTaken();
  }

  /** Byte-array bytes a batch is planned to hold per column, at most: half of what 32-bit offsets address. */
  static final long BATCH_BYTES_PER_COLUMN = 1L << 30;

  /**
   * The batch size for a row group: {@link ReadOptions#batchRows()}, lowered for a byte-array column whose values
   * average so many bytes per row that a full batch would not fit one Arrow buffer with 32-bit offsets (a batch of
   * 65,536 rows reaches that at 16 KiB per row). The bytes per row come from the chunk's size statistics
   * ({@code unencoded_byte_array_data_bytes}) where written, else from its uncompressed size; the cap is at
   * least one row. Arrow C++ cuts its output into chunks for the same reason.
   */
  private int batchRowCap(RowGroupMetadata rowGroup, long rows) throws ParquetException {
    long cap = options.batchRows();
    for (ColumnPlan plan : plans) {
      List<ColumnDescriptor> leaves = plan.nested() != null ? plan.nested().leaves() : List.of(plan.column());
      for (ColumnDescriptor leaf : leaves) {
        if (leaf.physicalType() != Type.BYTE_ARRAY) {
          continue;
        }
        ColumnChunkMetadata chunk = rowGroup.column(leaf.leafIndex());
        if (chunk.isEncrypted() || !chunk.isMetadataAvailable()) {
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
    for (PageReader pages : pageReaders) {
      if (pages != null) {
        bytesReadInClosedRowGroups += pages.bytesRead();
        pagesIntoVectorsInClosedRowGroups += pages.pagesIntoDestination();
        pages.close();
      }
    }
    pageReaders = new PageReader[0];
    // The next row group's readers (or the next reader) take the page-sized arrays from the pool: without it
    // each row group allocated them anew, and the JVM zeroed them first.
    for (FlatColumnReader reader : readers) {
      if (reader != null) {
        reader.releaseScratch();
      }
    }
    readers = new FlatColumnReader[0];
    for (int i : columnsRead) {
      if (plans.get(i).nested() != null) {
        plans.get(i).nested().closeRowGroup();
      }
    }
    rowsLeftInRowGroup = 0;
  }

  /**
   * Data pages whose values were decompressed straight into an Arrow vector's data buffer so far (see
   * {@code PageReader#nextPage(ValueDestination)}); for tests that guard the path without heap scratch.
   */
  long pagesDecompressedIntoVectors() {
    long total = pagesIntoVectorsInClosedRowGroups + (lanes == null ? 0 : lanes.pagesIntoVectors());
    for (PageReader pages : pageReaders) {
      if (pages != null) {
        total += pages.pagesIntoDestination();
      }
    }
    return total;
  }

  /** Bytes of column data read from the file so far (footer excluded). */
  @Override
  public long bytesRead() {
    long total = bytesReadInClosedRowGroups + (lanes == null ? 0 : lanes.bytesRead());
    for (ColumnPlan plan : plans) {
      if (plan.nested() != null) {
        total += plan.nested().bytesRead();
      }
    }
    for (PageReader pages : pageReaders) {
      if (pages != null) {
        total += pages.bytesRead();
      }
    }
    return total;
  }

  @Override
  protected void closeReadSource() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (lanes != null) {
      // Waits for the lane workers to stop: they read the file and allocate until then.
      lanes.close();
    }
    // The shared workers are idle for this reader by now: every parallel batch waits for its workers before it
    // returns or throws, and the lanes were closed above.
    closeRowGroup();
    if (readAhead != null) {
      // Waits for a read in progress: the file is closed below (or, for a lane, by the reader that owns it).
      readAhead.close();
    }
    for (ColumnBatch batch : batches) {
      batch.release();
    }
    if (!lane) {
      file.close();
    }
  }
}
