package io.parquetarrow.core.read;

import io.parquetarrow.core.arrow.NestedAssembler;
import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.NestedColumnReader;
import io.parquetarrow.core.column.RepeatedColumnReader;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.nested.NestedLevelAssembler;
import io.parquetarrow.core.nested.NestedLevels;
import io.parquetarrow.core.nested.NestedPath;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Reads one nested top-level field (a struct, list or map, or a field with a repeated leaf) of one row group: the
 * only place the facade's nested fields call the column layer. It holds one {@link NestedColumnReader} per leaf;
 * per batch it reads the same number of records from every leaf, assembles each leaf's levels with a
 * {@link NestedLevelAssembler} and lets {@link NestedAssembler} fill the field's vector tree. Exceptions name the
 * file, row group and column.
 */
public final class NestedFieldReader implements FieldReader {
  private final Factory factory;
  private final ColumnChunks chunks;
  private final ColumnChunks.OpenChunk[] leafChunks;
  private final NestedColumnReader[] readers;

  private NestedFieldReader(Factory factory, ColumnChunks chunks, ColumnChunks.OpenChunk[] leafChunks,
      NestedColumnReader[] readers) {
    this.factory = factory;
    this.chunks = chunks;
    this.leafChunks = leafChunks;
    this.readers = readers;
  }

  @Override
  public void read(int rows, FieldVector vector) throws IOException {
    fill(rows, vector, factory.dictionaries);
  }

  @Override
  public void skip(long rows) throws IOException {
    if (rows < 0) {
      throw new IllegalArgumentException("cannot skip " + rows + " rows");
    }
    int leaf = 0;
    try {
      // Every leaf skips the same records: the leaves of one field stay aligned record by record.
      for (leaf = 0; leaf < readers.length; leaf++) {
        readers[leaf].skip(rows);
      }
    } catch (ParquetException e) {
      throw ReadErrors.located(e, location(leaf));
    } catch (RuntimeException e) {
      throw ReadErrors.unchecked(e, location(leaf), "skip in nested field '" + factory.plan.field().getName() + "'");
    }
  }

  /**
   * Reads the next {@code rows} records of every leaf into {@code vector}; dictionary-encoded leaves replace the
   * contents of their dictionary in {@code dictionaries}.
   */
  private void fill(int rows, FieldVector vector, DictionaryProvider dictionaries) throws IOException {
    List<ColumnDescriptor> leaves = factory.plan.leaves();
    int leaf = 0;
    try {
      for (leaf = 0; leaf < leaves.size(); leaf++) {
        ColumnDescriptor column = leaves.get(leaf);
        ColumnBatch batch = readers[leaf].readRecords(rows);
        int[] definition = column.maxDefinitionLevel() > 0 ? batch.definitionLevels() : null;
        int[] repetition = column.maxRepetitionLevel() > 0 ? batch.repetitionLevels() : null;
        // The column layer checked every level's range as it decoded the page (RepeatedColumnReader), and counted the
        // values from the definition levels.
        NestedLevels assembled = factory.levelAssemblers[leaf].assemble(definition, repetition,
            batch.levelOffset(), batch.levelCount(), factory.firstNodes[leaf], true, batch.valueCount());
        if (assembled.recordCount() != rows) {
          throw new ParquetCorruptionException("the levels hold " + assembled.recordCount() + " records, expected "
              + rows);
        }
        factory.levels[leaf] = assembled;
        factory.leafBatches[leaf] = readers[leaf].toLeafSlots(assembled.leaf());
      }
      leaf = 0;
      factory.assembler.assemble(factory.levels, factory.leafBatches, vector, rows, dictionaries);
    } catch (ParquetException e) {
      throw ReadErrors.located(e, location(leaf));
    } catch (RuntimeException e) {
      throw ReadErrors.unchecked(e, location(leaf), "assemble nested field '" + factory.plan.field().getName() + "'");
    }
  }

  private ChunkLocation location(int leaf) {
    return leafChunks[Math.min(leaf, leafChunks.length - 1)].location();
  }

  @Override
  public void close() {
    for (ColumnChunks.OpenChunk chunk : leafChunks) {
      chunks.close(chunk);
    }
    for (NestedColumnReader reader : readers) {
      reader.releaseScratch();
    }
    for (NestedLevelAssembler assembler : factory.levelAssemblers) {
      assembler.releaseScratch();
    }
  }

  /**
   * Opens the field's reader in each row group; keeps the field's assemblers, their scratch and the per-leaf
   * arrays of a batch between them.
   */
  static final class Factory implements FieldReaderFactory {
    private final FieldPlan.NestedField plan;
    private final ReadPlan readPlan;
    private final DictionaryProvider dictionaries;
    private final NestedAssembler assembler;
    private final NestedLevelAssembler[] levelAssemblers;
    /** Per leaf, the first node of its path not shared with the previous leaf: the nodes it must assemble. */
    private final int[] firstNodes;
    private final NestedLevels[] levels;
    private final ColumnBatch[] leafBatches;

    Factory(ReadPlan readPlan, FieldPlan.NestedField plan, DictionaryProvider dictionaries) throws ParquetException {
      this.plan = plan;
      this.readPlan = readPlan;
      this.dictionaries = dictionaries;
      this.assembler = NestedAssembler.create(plan.mapping(), readPlan.kernels());
      int leafCount = plan.leaves().size();
      this.levelAssemblers = new NestedLevelAssembler[leafCount];
      this.firstNodes = new int[leafCount];
      for (int i = 0; i < leafCount; i++) {
        NestedPath path = plan.paths().get(i);
        // The leaf assemblers place values from the leaf's validity (toLeafSlots): no value slots needed.
        levelAssemblers[i] = new NestedLevelAssembler(path, readPlan.kernels()).withoutValueSlots();
        // Leaves come in schema order, so the nodes a leaf shares with the previous one were first reached (and
        // are taken by NestedAssembler) from an earlier leaf; this leaf only needs the nodes below them.
        firstNodes[i] = i == 0 ? 0 : path.sharedDepth(plan.paths().get(i - 1));
      }
      this.levels = new NestedLevels[leafCount];
      this.leafBatches = new ColumnBatch[leafCount];
    }

    @Override
    public FieldReader open(ColumnChunks chunks, int rowGroup, RowGroupMetadata metadata) throws IOException {
      List<ColumnDescriptor> leaves = plan.leaves();
      ColumnChunks.OpenChunk[] leafChunks = new ColumnChunks.OpenChunk[leaves.size()];
      NestedColumnReader[] readers = new NestedColumnReader[leaves.size()];
      int opened = 0;
      try {
        for (; opened < leaves.size(); opened++) {
          ColumnDescriptor column = leaves.get(opened);
          ColumnChunks.OpenChunk chunk = chunks.open(rowGroup, metadata, column);
          leafChunks[opened] = chunk;
          long levelCount = chunk.valueCount();
          RepeatedColumnReader entries = new RepeatedColumnReader(chunk.pages(), column.physicalType(),
              column.typeLength(), column.maxDefinitionLevel(), column.maxRepetitionLevel(), levelCount,
              readPlan.kernels());
          readers[opened] = new NestedColumnReader(entries, chunk.location(), column.physicalType(),
              column.typeLength(), column.maxDefinitionLevel(), column.maxRepetitionLevel(), levelCount,
              readPlan.kernels());
        }
      } catch (IOException | RuntimeException e) {
        for (int i = 0; i <= opened && i < leaves.size(); i++) {
          if (leafChunks[i] != null) {
            chunks.close(leafChunks[i]);
          }
          if (readers[i] != null) {
            readers[i].releaseScratch();
          }
        }
        throw e;
      }
      return new NestedFieldReader(this, chunks, leafChunks, readers);
    }

    @Override
    public void close() {
      for (NestedLevelAssembler levelAssembler : levelAssemblers) {
        levelAssembler.releaseScratch();
      }
    }
  }
}
