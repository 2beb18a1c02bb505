package io.parquetarrow.core.read;

import io.parquetarrow.core.arrow.ColumnAssembler;
import io.parquetarrow.core.arrow.ColumnAssemblers;
import io.parquetarrow.core.arrow.DictionaryAssembler;
import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.FlatBatchTarget;
import io.parquetarrow.core.column.FlatColumnReader;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Reads one flat top-level field (a column without repetition) of one row group: the only place the facade's
 * flat fields call the column layer. The {@link FlatColumnReader} reads each batch into a
 * {@link FlatBatchTarget} over the vector, made by the field's {@link ColumnAssembler} (or, for a field read as an
 * Arrow dictionary, its {@link DictionaryAssembler}); the reader decides whether values go straight from the pages
 * into the vector or through the {@link ColumnBatch} scratch.
 */
public final class FlatFieldReader implements FieldReader {
  private final Factory factory;
  private final ColumnChunks chunks;
  private final ColumnChunks.OpenChunk chunk;
  private final FlatColumnReader reader;

  private FlatFieldReader(Factory factory, ColumnChunks chunks, ColumnChunks.OpenChunk chunk,
      FlatColumnReader reader) {
    this.factory = factory;
    this.chunks = chunks;
    this.chunk = chunk;
    this.reader = reader;
  }

  @Override
  public void read(int rows, FieldVector vector) throws IOException {
    fill(rows, vector, factory.dictionaries);
  }

  /**
   * Fixed-width, string, binary and boolean vectors take the selected rows straight from the pages
   * ({@link FlatColumnReader#readSelected}); a field read as an Arrow dictionary, or assembled from the heap (a
   * conversion of another width), is read whole.
   */
  @Override
  public boolean readSelected(int rows, long[] selection, int selected, FieldVector vector) throws IOException {
    if (factory.dictionary != null) {
      return false;
    }
    ColumnDescriptor column = factory.plan.column();
    try {
      FlatBatchTarget target = ColumnAssemblers.target(factory.assembler, column, vector);
      if (!reader.readsSelected(target)) {
        return false;
      }
      reader.readSelected(rows, selection, selected, factory.batch, target);
      return true;
    } catch (ParquetException e) {
      throw ReadErrors.located(e, chunk.location());
    } catch (RuntimeException e) {
      throw ReadErrors.unchecked(e, chunk.location(), "decode the column's selected rows");
    }
  }

  @Override
  public void skip(long rows) throws IOException {
    try {
      reader.skip(rows);
    } catch (ParquetException e) {
      throw ReadErrors.located(e, chunk.location());
    } catch (RuntimeException e) {
      throw ReadErrors.unchecked(e, chunk.location(), "skip in the column");
    }
  }

  private void fill(int rows, FieldVector vector, DictionaryProvider dictionaries) throws IOException {
    ColumnDescriptor column = factory.plan.column();
    ColumnBatch batch = factory.batch;
    try {
      FlatBatchTarget target = factory.dictionary != null
          ? factory.dictionary.target(vector,
              dictionaries.lookup(factory.plan.field().getDictionary().getId()).getVector())
          : ColumnAssemblers.target(factory.assembler, column, vector);
      reader.read(rows, batch, target);
    } catch (ParquetException e) {
      throw ReadErrors.located(e, chunk.location());
    } catch (RuntimeException e) {
      throw ReadErrors.unchecked(e, chunk.location(), "decode the column");
    }
  }

  @Override
  public void close() {
    chunks.close(chunk);
    // The next row group's readers (or the next reader) take the page-sized arrays from the pool: without it
    // each row group allocated them anew, and the JVM zeroed them first.
    reader.releaseScratch();
  }

  /** Opens the field's reader in each row group; keeps its assembler and batch scratch between them. */
  static final class Factory implements FieldReaderFactory {
    private final FieldPlan.FlatColumn plan;
    private final ReadPlan readPlan;
    private final DictionaryProvider dictionaries;
    /** The assembler of a field read as its Arrow type; null for a field read as a dictionary. */
    private final ColumnAssembler assembler;
    /** The assembler of a field read as an Arrow dictionary; null otherwise. */
    private final DictionaryAssembler dictionary;
    private final ColumnBatch batch = new ColumnBatch();

    Factory(ReadPlan readPlan, FieldPlan.FlatColumn plan, DictionaryProvider dictionaries) throws ParquetException {
      this.plan = plan;
      this.readPlan = readPlan;
      this.dictionaries = dictionaries;
      if (plan.field().getDictionary() != null) {
        this.assembler = null;
        this.dictionary = new DictionaryAssembler(readPlan.kernels(), plan.definitionLevel(),
            ReadPlan.isLargeBinary(plan.field().getType()));
      } else {
        this.assembler = ColumnAssemblers.create(plan.field(), plan.column(), plan.definitionLevel(),
            readPlan.kernels());
        this.dictionary = null;
      }
    }

    @Override
    public FieldReader open(ColumnChunks chunks, int rowGroup, RowGroupMetadata metadata) throws IOException {
      ColumnDescriptor column = plan.column();
      ColumnChunks.OpenChunk chunk = chunks.open(rowGroup, metadata, column);
      FlatColumnReader reader = new FlatColumnReader(chunk.pages(), column.physicalType(), column.typeLength(),
          column.maxDefinitionLevel(), metadata.rowCount(), readPlan.kernels(),
          assembler == null ? null : ColumnAssemblers.conversion(assembler));
      return new FlatFieldReader(this, chunks, chunk, reader);
    }

    @Override
    public void close() {
      batch.release();
    }
  }
}
