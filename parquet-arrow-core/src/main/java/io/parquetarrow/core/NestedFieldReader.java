package io.parquetarrow.core;

import io.parquetarrow.core.arrow.NestedAssembler;
import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.NestedColumnReader;
import io.parquetarrow.core.column.RepeatedColumnReader;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.nested.NestedLevelAssembler;
import io.parquetarrow.core.nested.NestedLevels;
import io.parquetarrow.core.nested.NestedPath;
import io.parquetarrow.core.nested.ParquetPathNode;
import io.parquetarrow.core.nested.ParquetPaths;
import io.parquetarrow.core.page.ChunkReadAhead;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.core.schema.GroupNode;
import io.parquetarrow.core.schema.SchemaNode;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Reads one top-level nested field (a struct, list or map, or a field with a repeated leaf) for
 * {@link ParquetArrowReader}: per row group it opens one {@link NestedColumnReader} per leaf column; per batch it
 * reads the same number of records from every leaf, assembles each leaf's levels with a
 * {@link NestedLevelAssembler} (the path built by {@link ParquetPaths#toNestedPath} from the Parquet schema) and
 * lets {@link NestedAssembler} fill the field's vector tree. Exceptions name the file, row group and column.
 */
final class NestedFieldReader {
  private final String fileName;
  private final FieldMapping mapping;
  private final NestedAssembler assembler;
  private final List<ColumnDescriptor> leaves;
  private final NestedLevelAssembler[] levelAssemblers;
  /** Per leaf, the first node of its path not shared with the previous leaf: the nodes it must assemble. */
  private final int[] firstNodes;
  private final NestedLevels[] levels;
  private final ColumnBatch[] leafBatches;
  private final ReadOptions options;
  private final ParquetKernels kernels;
  private NestedColumnReader[] readers = new NestedColumnReader[0];
  private PageReader[] pageReaders = new PageReader[0];
  private int rowGroup = -1;
  private long bytesReadInClosedRowGroups;

  NestedFieldReader(String fileName, GroupNode schemaRoot, FieldMapping mapping, ReadOptions options,
      ParquetKernels kernels) throws UnsupportedParquetFeatureException {
    this.fileName = fileName;
    this.mapping = mapping;
    this.options = options;
    this.kernels = kernels;
    try {
      this.assembler = NestedAssembler.create(mapping, kernels);
    } catch (UnsupportedParquetFeatureException e) {
      throw new UnsupportedParquetFeatureException(fileName + ": " + e.getMessage(), e);
    }
    this.leaves = assembler.leaves();
    this.levelAssemblers = new NestedLevelAssembler[leaves.size()];
    this.firstNodes = new int[leaves.size()];
    for (int i = 0; i < leaves.size(); i++) {
      NestedPath path = ParquetPaths.toNestedPath(parquetPath(schemaRoot, leaves.get(i)));
      // The leaf assemblers place values from the leaf's validity (toLeafSlots): no value slots needed.
      levelAssemblers[i] = new NestedLevelAssembler(path, kernels).withoutValueSlots();
      // Leaves come in schema order, so the nodes a leaf shares with the previous one were first reached (and
      // are taken by NestedAssembler) from an earlier leaf; this leaf only needs the nodes below them.
      firstNodes[i] = i == 0 ? 0 : path.sharedDepth(levelAssemblers[i - 1].path());
    }
    this.levels = new NestedLevels[leaves.size()];
    this.leafBatches = new ColumnBatch[leaves.size()];
  }

  /** The schema nodes from below the root down to the column's leaf, as {@link ParquetPaths} takes them. */
  static List<ParquetPathNode> parquetPath(GroupNode root, ColumnDescriptor column) {
    List<ParquetPathNode> path = new ArrayList<>();
    SchemaNode node = root;
    for (String name : column.path()) {
      SchemaNode next = null;
      for (SchemaNode child : node.asGroup().children()) {
        if (child.name().equals(name)) {
          next = child;
          break;
        }
      }
      if (next == null) {
        throw new IllegalStateException("column " + column.dottedPath() + " not found in the schema at " + name);
      }
      node = next;
      if (node.isGroup()) {
        GroupNode group = node.asGroup();
        ParquetPathNode.Annotation annotation = group.isListAnnotated() ? ParquetPathNode.Annotation.LIST
            : group.isMapAnnotated() ? ParquetPathNode.Annotation.MAP : ParquetPathNode.Annotation.NONE;
        path.add(new ParquetPathNode(node.name(), node.repetition(), annotation, group.childCount(), false));
      } else {
        path.add(ParquetPathNode.primitive(node.name(), node.repetition()));
      }
    }
    return path;
  }

  FieldMapping mapping() {
    return mapping;
  }

  /** The leaf columns read, in schema order. */
  List<ColumnDescriptor> leaves() {
    return leaves;
  }

  /**
   * Opens the leaf column chunks of row group {@code index}, taking their bytes from {@code readAhead} (may be
   * null) where it read them ahead.
   */
  void openRowGroup(ParquetFile file, int index, RowGroupMetadata rowGroupMetadata, ChunkReadAhead readAhead)
      throws IOException {
    closeRowGroup();
    rowGroup = index;
    readers = new NestedColumnReader[leaves.size()];
    pageReaders = new PageReader[leaves.size()];
    for (int i = 0; i < leaves.size(); i++) {
      ColumnDescriptor column = leaves.get(i);
      ColumnChunkMetadata chunk = rowGroupMetadata.column(column.leafIndex());
      ChunkLocation location = new ChunkLocation(fileName, index, column.dottedPath());
      if (chunk.isEncrypted()) {
        throw new ParquetEncryptionException(location.describe()
            + ": the column is encrypted (Parquet Modular Encryption); decryption is not supported");
      }
      if (chunk.externalFilePath() != null) {
        throw new UnsupportedParquetFeatureException(location.describe() + ": the column chunk is stored in another"
            + " file ('" + chunk.externalFilePath() + "'), which is not supported");
      }
      long levelCount = chunk.valueCount();
      if (levelCount < 0) {
        throw new ParquetCorruptionException(location.describe() + ": column chunk num_values " + levelCount
            + " (expected >= 0)");
      }
      CompressionCodec codec = chunk.codec();
      Decompressor decompressor;
      try {
        decompressor = codec == CompressionCodec.UNCOMPRESSED ? null : Codecs.decompressor(codec);
      } catch (UnsupportedParquetFeatureException e) {
        throw new UnsupportedParquetFeatureException(location.describe() + ": " + e.getMessage(), e);
      }
      PageReader pages = new PageReader(file.inputFile(), chunk.startOffset(), chunk.chunkLength(), levelCount,
          codec, decompressor, options.verifyChecksums(), location, readAhead);
      pageReaders[i] = pages;
      RepeatedColumnReader entries = new RepeatedColumnReader(pages, column.physicalType(), column.typeLength(),
          column.maxDefinitionLevel(), column.maxRepetitionLevel(), levelCount, kernels);
      readers[i] = new NestedColumnReader(entries, location, column.physicalType(), column.typeLength(),
          column.maxDefinitionLevel(), column.maxRepetitionLevel(), levelCount, kernels);
    }
  }

  /** Reads the next {@code rows} records of every leaf into {@code vector}. */
  void read(int rows, FieldVector vector) throws IOException {
    read(rows, vector, null);
  }

  /** Whether a leaf of the field is read as an Arrow dictionary: then pass the reader's provider to {@link #read}. */
  boolean hasDictionaries() {
    return assembler.hasDictionaries();
  }

  /**
   * Reads the next {@code rows} records of every leaf into {@code vector}; dictionary-encoded leaves replace the
   * contents of their dictionary in {@code dictionaries} (the reader itself, an {@code ArrowReader}).
   */
  void read(int rows, FieldVector vector, DictionaryProvider dictionaries) throws IOException {
    int leaf = 0;
    try {
      for (leaf = 0; leaf < leaves.size(); leaf++) {
        ColumnDescriptor column = leaves.get(leaf);
        ColumnBatch batch = readers[leaf].readRecords(rows);
        int[] definition = column.maxDefinitionLevel() > 0 ? batch.definitionLevels() : null;
        int[] repetition = column.maxRepetitionLevel() > 0 ? batch.repetitionLevels() : null;
        // The column layer checked every level's range as it decoded the page (RepeatedColumnReader), and counted the
        // values from the definition levels.
        NestedLevels assembled = levelAssemblers[leaf].assemble(definition, repetition, batch.levelOffset(),
            batch.levelCount(), firstNodes[leaf], true, batch.valueCount());
        if (assembled.recordCount() != rows) {
          throw new ParquetCorruptionException("the levels hold " + assembled.recordCount() + " records, expected "
              + rows);
        }
        levels[leaf] = assembled;
        leafBatches[leaf] = readers[leaf].toLeafSlots(assembled.leaf());
      }
      leaf = 0;
      assembler.assemble(levels, leafBatches, vector, rows, dictionaries);
    } catch (ParquetException e) {
      if (e.getMessage() != null && e.getMessage().startsWith(fileName)) {
        throw e;
      }
      throw withLocation(e, leaves.get(Math.min(leaf, leaves.size() - 1)));
    } catch (RuntimeException e) {
      throw new ParquetCorruptionException(new ChunkLocation(fileName, rowGroup,
          leaves.get(Math.min(leaf, leaves.size() - 1)).dottedPath()).describe()
          + ": cannot assemble nested field '" + mapping.field().getName() + "': " + e, e);
    }
  }

  private ParquetException withLocation(ParquetException e, ColumnDescriptor column) {
    String where = new ChunkLocation(fileName, rowGroup, column.dottedPath()).describe() + ": ";
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

  /** Bytes of column data read so far by this field's leaves. */
  long bytesRead() {
    long total = bytesReadInClosedRowGroups;
    for (PageReader pages : pageReaders) {
      if (pages != null) {
        total += pages.bytesRead();
      }
    }
    return total;
  }

  void closeRowGroup() {
    for (PageReader pages : pageReaders) {
      if (pages != null) {
        bytesReadInClosedRowGroups += pages.bytesRead();
        pages.close();
      }
    }
    pageReaders = new PageReader[0];
    for (NestedColumnReader reader : readers) {
      if (reader != null) {
        reader.releaseScratch();
      }
    }
    readers = new NestedColumnReader[0];
    for (NestedLevelAssembler assembler : levelAssemblers) {
      assembler.releaseScratch();
    }
  }
}
