package io.parquetarrow.core.write;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Compressor;
import io.parquetarrow.core.crypto.FileEncryptor;
import io.parquetarrow.core.schema.ArrowToParquetSchema;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.SchemaDescriptor;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.ColumnMetaData;
import io.parquetarrow.format.ColumnOrder;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.format.KeyValue;
import io.parquetarrow.format.RowGroup;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.SortingColumn;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * The file layer of the write path: lays out {@code PAR1}, row groups (one {@link ColumnChunkWriter} per leaf
 * column, a row group buffered in memory until it reaches its row or byte limit), then every Bloom filter, every
 * ColumnIndex, every OffsetIndex, the {@code FileMetaData} footer, its length and {@code PAR1}. The
 * destination-independent core of {@code ParquetArrowWriter}, which owns the output (temporary file, channel or
 * stream) and adapts its options to {@link WriterSettings}.
 *
 * <p>Each top-level field, primitive or nested (struct, list, large list, fixed-size list, map), is written by a
 * {@link FieldWriter}: levels from the {@link LevelBuilder}, values from an {@link ArrowValueExtractor} per leaf.
 * A top-level dictionary field adopts its Arrow dictionary as the Parquet dictionary; a dictionary-encoded field
 * inside a nested one is decoded to its values and written as a plain field of the value type (see
 * {@link LevelBuilder#bind}). Dictionaries whose values are nested are rejected with
 * {@link UnsupportedParquetFeatureException} when the writer is created.
 *
 * <p>With {@link WriterSettings#encryption()} set, a {@link FileEncryptor} made when the writer opens gives each
 * encrypted leaf column its encryptor (whose modules the column writers encrypt) and, at the end, the chunks' crypto
 * metadata and the footer: {@code PARE} at both ends and {@code FileCryptoMetaData} + encrypted footer, or
 * {@code PAR1} and a plaintext footer followed by its signature.
 */
public final class ParquetFileWriter {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ENCRYPTED_FOOTER_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);

  private final PositionedOutput out;
  /** The schema as batches carry it (dictionary fields typed by their indices). */
  private final Schema memorySchema;
  /** The schema with dictionary fields typed by their values: what is mapped to Parquet and stored. */
  private final Schema arrowSchema;
  private final WriterSettings settings;
  private final List<SchemaElement> elements;
  private final Compressor compressor;
  /** The file's encryptor, or null when it is written in plaintext. */
  private final FileEncryptor encryptor;
  /** Every leaf column's writer, in schema order. */
  private final List<ColumnChunkWriter> columns = new ArrayList<>();
  /** One writer per top-level field, in schema order. */
  private final List<FieldWriter> fields = new ArrayList<>();
  private final List<RowGroup> rowGroups = new ArrayList<>();
  private final List<List<ColumnChunkWriter.WrittenChunk>> writtenChunks = new ArrayList<>();
  private long rowGroupRows;
  private long totalRows;
  private boolean closed;

  /**
   * Validates the schema (and the sorting columns against its leaves), prepares one column writer per leaf and
   * writes the leading magic.
   */
  public ParquetFileWriter(PositionedOutput out, Schema arrowSchema, WriterSettings settings) throws IOException {
    this(out, arrowSchema, null, settings);
  }

  /**
   * As {@link #ParquetFileWriter(PositionedOutput, Schema, WriterSettings)} for a schema whose dictionary-encoded
   * fields are in arrow-java's in-memory form (the field's type is the index type): {@code dictionaries} gives
   * their value types.
   */
  public ParquetFileWriter(PositionedOutput out, Schema memorySchema, DictionaryProvider dictionaries,
      WriterSettings settings) throws IOException {
    this.out = Objects.requireNonNull(out, "out");
    this.memorySchema = Objects.requireNonNull(memorySchema, "memorySchema");
    this.arrowSchema = messageFormat(memorySchema, dictionaries);
    this.settings = Objects.requireNonNull(settings, "settings");
    for (Field field : arrowSchema.getFields()) {
      rejectDictionariesOfNestedTypes(field);
    }
    this.elements = ArrowToParquetSchema.convert(arrowSchema);
    SchemaDescriptor descriptor = SchemaDescriptor.fromElements(elements, "the schema being written");
    checkColumnPaths(descriptor, settings);
    List<String> leafPaths = new ArrayList<>();
    for (int i = 0; i < descriptor.columnCount(); i++) {
      leafPaths.add(descriptor.column(i).dottedPath());
    }
    this.encryptor = settings.encryption() == null ? null : FileEncryptor.create(settings.encryption(), leafPaths);
    ParquetKernels kernels = KernelProvider.get();
    this.compressor = Codecs.compressor(settings.codec(), settings.compressionLevel());
    try {
      int leaf = 0;
      for (Field field : arrowSchema.getFields()) {
        LevelBuilder levels = new LevelBuilder(field, kernels);
        List<ColumnChunkWriter> fieldColumns = new ArrayList<>();
        List<ArrowValueExtractor> extractors = new ArrayList<>();
        for (int i = 0; i < levels.leaves().size(); i++) {
          ColumnLevels leafLevels = levels.leaves().get(i);
          Field leafField = levels.leafFields().get(i);
          ColumnDescriptor column = descriptor.column(leaf++);
          if (column.maxDefinitionLevel() != leafLevels.maxDefinitionLevel
              || column.maxRepetitionLevel() != leafLevels.maxRepetitionLevel) {
            throw new IllegalStateException("levels of " + column.dottedPath() + " are expected at ("
                + leafLevels.maxRepetitionLevel + ", " + leafLevels.maxDefinitionLevel + ") but the schema has ("
                + column.maxRepetitionLevel() + ", " + column.maxDefinitionLevel() + ")");
          }
          extractors.add(ArrowValueExtractor.forType(leafField.getType(), column.physicalType(),
              column.typeLength(), column.dottedPath()));
          boolean nullColumn = leafField.getType() instanceof ArrowType.Null;
          fieldColumns.add(new ColumnChunkWriter(column, nullColumn, settings, kernels, compressor,
              encryptor == null ? null : encryptor.columnEncryptor(leaf - 1)));
        }
        columns.addAll(fieldColumns);
        fields.add(new FieldWriter(levels, fieldColumns, extractors, settings.writeBatchRows()));
      }
      if (settings.sortingColumns() != null) {
        for (SortingColumn sorting : settings.sortingColumns()) {
          if (sorting.columnIdx() < 0 || sorting.columnIdx() >= descriptor.columnCount()) {
            throw new IllegalArgumentException("sorting column index " + sorting.columnIdx() + " is not one of the "
                + descriptor.columnCount() + " leaf columns");
          }
        }
      }
      if (leaf != descriptor.columnCount()) {
        throw new IllegalStateException(arrowSchema.getFields().size() + " fields gave " + leaf
            + " leaves but the schema has " + descriptor.columnCount() + " columns");
      }
      out.write(encryptedFooter() ? ENCRYPTED_FOOTER_MAGIC : MAGIC);
    } catch (IOException | RuntimeException e) {
      compressor.close();
      throw e;
    }
  }

  /**
   * Appends the rows of {@code root}, whose schema must have the writer's fields (names, types, nullability);
   * writes a row group whenever one reaches its row or byte limit.
   */
  public void write(VectorSchemaRoot root) throws IOException {
    write(root, null);
  }

  /**
   * As {@link #write(VectorSchemaRoot)}, for a root with dictionary-encoded fields: {@code dictionaries} holds
   * their dictionaries (see {@link FieldWriter} for how they are written).
   */
  public void write(VectorSchemaRoot root, DictionaryProvider dictionaries) throws IOException {
    if (closed) {
      throw new IllegalStateException("the writer is closed");
    }
    checkSchema(root.getSchema());
    if (dictionaries == null && memorySchema != arrowSchema) {
      for (Field field : memorySchema.getFields()) {
        if (field.getDictionary() != null) {
          throw new IllegalArgumentException("field '" + field.getName() + "' is dictionary encoded: write the"
              + " batch with the DictionaryProvider holding its dictionary");
        }
      }
    }
    List<FieldVector> vectors = root.getFieldVectors();
    int rows = root.getRowCount();
    int start = 0;
    while (start < rows) {
      long room = settings.rowGroupRowLimit() - rowGroupRows;
      int slice = (int) Math.min(rows - start, Math.min(room, 64L * settings.writeBatchRows()));
      for (int field = 0; field < vectors.size(); field++) {
        FieldVector vector = vectors.get(field);
        if (!vector.getField().isNullable() && vector.getNullCount() > 0) {
          checkNoNulls(vector, start, slice);
        }
        fields.get(field).write(vector, dictionaries, start, slice);
      }
      start += slice;
      rowGroupRows += slice;
      totalRows += slice;
      if (rowGroupRows >= settings.rowGroupRowLimit() || bufferedBytes() >= settings.rowGroupSizeBytes()) {
        flushRowGroup();
      }
    }
  }

  /**
   * Replaces the index type of dictionary fields, at any depth, by the dictionary's value type, as IPC messages
   * carry it; the dictionary encoding stays on the field, so the stored {@code ARROW:schema} keeps it.
   */
  private static Schema messageFormat(Schema schema, DictionaryProvider dictionaries)
      throws UnsupportedParquetFeatureException {
    List<Field> fields = new ArrayList<>();
    for (Field field : schema.getFields()) {
      if (!hasDictionary(field)) {
        fields.add(field);
        continue;
      }
      if (dictionaries == null) {
        throw new IllegalArgumentException("field '" + field.getName() + "' is dictionary encoded: open the"
            + " writer with the DictionaryProvider holding its dictionary");
      }
      fields.add(DictionaryUtility.toMessageFormat(field, dictionaries, new HashSet<>()));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /**
   * Dictionaries of primitive values are written at any depth; a dictionary whose values are themselves nested
   * (a dictionary of structs or lists) is not.
   */
  private static void rejectDictionariesOfNestedTypes(Field field) throws UnsupportedParquetFeatureException {
    if (field.getDictionary() != null && !field.getChildren().isEmpty()) {
      throw new UnsupportedParquetFeatureException("field '" + field.getName()
          + "' is a dictionary of a nested type; decode it before writing");
    }
    for (Field child : field.getChildren()) {
      rejectDictionariesOfNestedTypes(child);
    }
  }

  /** Per-column options that name no leaf column are a caller's mistake, reported before any byte is written. */
  private static void checkColumnPaths(SchemaDescriptor descriptor, WriterSettings settings) {
    Set<String> leafPaths = new LinkedHashSet<>();
    for (int leaf = 0; leaf < descriptor.columnCount(); leaf++) {
      leafPaths.add(descriptor.column(leaf).dottedPath());
    }
    for (String path : settings.columnKeyValueMetadataPaths()) {
      if (!leafPaths.contains(path)) {
        throw new IllegalArgumentException("column key-value metadata names column '" + path
            + "', which is not a leaf column of the schema; its leaf columns are " + leafPaths);
      }
    }
  }

  /** Whether {@code field} or a field below it is dictionary encoded. */
  private static boolean hasDictionary(Field field) {
    if (field.getDictionary() != null) {
      return true;
    }
    for (Field child : field.getChildren()) {
      if (hasDictionary(child)) {
        return true;
      }
    }
    return false;
  }

  private static void checkNoNulls(FieldVector vector, int start, int count) {
    for (int row = start; row < start + count; row++) {
      if (vector.isNull(row)) {
        throw new IllegalArgumentException("field '" + vector.getField().getName()
            + "' is not nullable but row " + row + " of the batch is null");
      }
    }
  }

  private void checkSchema(Schema schema) {
    List<Field> expected = memorySchema.getFields();
    List<Field> actual = schema.getFields();
    boolean same = expected.size() == actual.size();
    for (int i = 0; same && i < expected.size(); i++) {
      same = sameShape(expected.get(i), actual.get(i));
    }
    if (!same) {
      throw new IllegalArgumentException("batch schema " + schema + " differs from the writer's schema "
          + memorySchema);
    }
  }

  /** Same name, type, nullability and children; metadata may differ. */
  private static boolean sameShape(Field left, Field right) {
    if (!left.getName().equals(right.getName()) || !left.getType().equals(right.getType())
        || left.isNullable() != right.isNullable() || left.getChildren().size() != right.getChildren().size()) {
      return false;
    }
    for (int i = 0; i < left.getChildren().size(); i++) {
      // Child names of lists vary by producer ("item", "element", "$data$"); nullability and types must match.
      Field leftChild = left.getChildren().get(i);
      Field rightChild = right.getChildren().get(i);
      ArrowType type = left.getType();
      boolean listChild = type instanceof ArrowType.List || type instanceof ArrowType.LargeList
          || type instanceof ArrowType.FixedSizeList || type instanceof ArrowType.Map;
      Field renamed = listChild ? new Field(leftChild.getName(), rightChild.getFieldType(), rightChild.getChildren())
          : rightChild;
      if (!sameShape(leftChild, renamed)) {
        return false;
      }
    }
    return true;
  }

  private long bufferedBytes() {
    long total = 0;
    for (ColumnChunkWriter column : columns) {
      total += column.bufferedBytes();
    }
    return total;
  }

  /** Writes the buffered rows as a row group now (no-op when none are buffered). */
  public void flushRowGroup() throws IOException {
    if (rowGroupRows == 0) {
      return;
    }
    List<ColumnChunkWriter.WrittenChunk> chunks = new ArrayList<>();
    long uncompressed = 0;
    long compressed = 0;
    for (ColumnChunkWriter column : columns) {
      ColumnChunkWriter.WrittenChunk chunk = column.finishChunk(out);
      chunks.add(chunk);
      uncompressed += chunk.chunk().metaData().totalUncompressedSize();
      compressed += chunk.chunk().metaData().totalCompressedSize();
    }
    long fileOffset = chunks.get(0).start();
    rowGroups.add(new RowGroup(List.of(), uncompressed, rowGroupRows, null, fileOffset, compressed,
        (short) rowGroups.size()));
    writtenChunks.add(chunks);
    rowGroupRows = 0;
  }

  /** Writes the last row group, the page index and the footer; does not close the output. */
  public void finish() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      flushRowGroup();
      List<List<ColumnChunk>> chunks = writePageIndex();
      List<RowGroup> finalGroups = new ArrayList<>();
      for (int group = 0; group < rowGroups.size(); group++) {
        RowGroup rowGroup = rowGroups.get(group);
        finalGroups.add(new RowGroup(chunks.get(group), rowGroup.totalByteSize(), rowGroup.numRows(),
            settings.sortingColumns(),
            rowGroup.fileOffset(), rowGroup.totalCompressedSize(), rowGroup.ordinal()));
      }
      List<ColumnOrder> orders = new ArrayList<>();
      for (int i = 0; i < columns.size(); i++) {
        orders.add(new ColumnOrder.TypeDefinedOrder());
      }
      FileMetaData footer = new FileMetaData(2, elements, totalRows, finalGroups, keyValueMetadata(),
          createdBy(), orders, null, null);
      byte[] footerBytes;
      if (encryptor == null) {
        footerBytes = footer.encode();
      } else if (encryptor.plaintextFooter()) {
        byte[] plaintext = encryptor.plaintextFooter(footer).encode();
        byte[] signature = encryptor.signFooter(plaintext);
        footerBytes = Arrays.copyOf(plaintext, plaintext.length + signature.length);
        System.arraycopy(signature, 0, footerBytes, plaintext.length, signature.length);
      } else {
        footerBytes = encryptor.encryptFooter(footer.encode());
      }
      out.write(footerBytes);
      out.write(new byte[] {(byte) footerBytes.length, (byte) (footerBytes.length >>> 8),
          (byte) (footerBytes.length >>> 16), (byte) (footerBytes.length >>> 24)});
      out.write(encryptedFooter() ? ENCRYPTED_FOOTER_MAGIC : MAGIC);
      out.flush();
    } finally {
      compressor.close();
    }
  }

  private boolean encryptedFooter() {
    return encryptor != null && !encryptor.plaintextFooter();
  }

  /** Releases resources without writing a footer (the output is then not a Parquet file). */
  public void abort() {
    closed = true;
    compressor.close();
  }

  /**
   * Writes all Bloom filters, then all column indexes, then all offset indexes (each kind together, so a reader
   * fetches one range per kind, as Arrow C++ lays them out), and returns the chunks with their offsets set.
   */
  private List<List<ColumnChunk>> writePageIndex() throws IOException {
    List<List<long[]>> bloomPositions = new ArrayList<>();
    for (List<ColumnChunkWriter.WrittenChunk> group : writtenChunks) {
      List<long[]> groupPositions = new ArrayList<>();
      for (ColumnChunkWriter.WrittenChunk chunk : group) {
        if (chunk.bloomFilter() == null) {
          groupPositions.add(null);
        } else {
          groupPositions.add(new long[] {out.position(), chunk.bloomFilter().length});
          out.write(chunk.bloomFilter());
        }
      }
      bloomPositions.add(groupPositions);
    }
    List<List<Long[]>> positions = new ArrayList<>();
    for (List<ColumnChunkWriter.WrittenChunk> group : writtenChunks) {
      List<Long[]> groupPositions = new ArrayList<>();
      for (ColumnChunkWriter.WrittenChunk chunk : group) {
        Long[] position = new Long[4];
        byte[] bytes = chunk.columnIndex();
        if (bytes != null) {
          position[0] = out.position();
          position[1] = (long) bytes.length;
          out.write(bytes);
        }
        groupPositions.add(position);
      }
      positions.add(groupPositions);
    }
    List<List<ColumnChunk>> result = new ArrayList<>();
    for (int group = 0; group < writtenChunks.size(); group++) {
      List<ColumnChunk> chunks = new ArrayList<>();
      for (int column = 0; column < writtenChunks.get(group).size(); column++) {
        ColumnChunkWriter.WrittenChunk written = writtenChunks.get(group).get(column);
        Long[] position = positions.get(group).get(column);
        byte[] bytes = written.offsetIndex();
        if (bytes != null) {
          position[2] = out.position();
          position[3] = (long) bytes.length;
          out.write(bytes);
        }
        ColumnChunk chunk = written.chunk();
        ColumnMetaData metaData = chunk.metaData();
        long[] bloom = bloomPositions.get(group).get(column);
        if (bloom != null) {
          metaData = new ColumnMetaData(metaData.type(), metaData.encodings(), metaData.pathInSchema(),
              metaData.codec(), metaData.numValues(), metaData.totalUncompressedSize(),
              metaData.totalCompressedSize(), metaData.keyValueMetadata(), metaData.dataPageOffset(),
              metaData.indexPageOffset(), metaData.dictionaryPageOffset(), metaData.statistics(),
              metaData.encodingStats(), bloom[0], (int) bloom[1], metaData.sizeStatistics(),
              metaData.geospatialStatistics());
        }
        ColumnChunk placed = new ColumnChunk(chunk.filePath(), chunk.fileOffset(), metaData, position[2],
            position[3] == null ? null : position[3].intValue(), position[0],
            position[1] == null ? null : position[1].intValue(), null, null);
        chunks.add(encryptor == null ? placed : encryptor.encryptChunk(placed, group, column));
      }
      result.add(chunks);
    }
    return result;
  }

  private List<KeyValue> keyValueMetadata() {
    Map<String, String> entries = new LinkedHashMap<>();
    if (arrowSchema.getCustomMetadata() != null) {
      entries.putAll(arrowSchema.getCustomMetadata());
    }
    entries.putAll(settings.keyValueMetadata());
    if (settings.storeArrowSchema()) {
      entries.put(ArrowSchemaMetadata.KEY, ArrowSchemaMetadata.encode(arrowSchema));
    }
    if (entries.isEmpty()) {
      return null;
    }
    List<KeyValue> list = new ArrayList<>();
    entries.forEach((key, value) -> list.add(new KeyValue(key, value)));
    return list;
  }

  private String createdBy() {
    return settings.createdBy() != null ? settings.createdBy()
        : "parquet-arrow version " + libraryVersion() + " (build parquet-arrow)";
  }

  /** The library version from the jar manifest or Maven's pom.properties, else "unknown". */
  static String libraryVersion() {
    String fromManifest = ParquetFileWriter.class.getPackage().getImplementationVersion();
    if (fromManifest != null && !fromManifest.isBlank()) {
      return fromManifest;
    }
    try (InputStream in = ParquetFileWriter.class.getResourceAsStream(
        "/META-INF/maven/io.parquetarrow/parquet-arrow-core/pom.properties")) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        String version = properties.getProperty("version");
        if (version != null && !version.isBlank()) {
          return version;
        }
      }
    } catch (IOException e) {
      // The version is informational; an unreadable resource leaves it unknown.
    }
    return "unknown";
  }
}
