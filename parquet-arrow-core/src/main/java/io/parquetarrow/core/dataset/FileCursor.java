package io.parquetarrow.core.dataset;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Reads one file of a dataset into batches of the read's output schema: each batch of the file's
 * {@link ParquetArrowReader} has its vectors moved out (top-level dictionaries decoded to their values), and the
 * columns the file does not hold are added, partition columns as their constant and missing columns as nulls.
 */
final class FileCursor implements AutoCloseable {
  private final ParquetArrowReader reader;
  private final Schema output;
  private final Map<String, Object> partitionValues;
  private final BufferAllocator allocator;
  private long bytesReported;

  private FileCursor(ParquetArrowReader reader, Schema output, Map<String, Object> partitionValues,
      BufferAllocator allocator) {
    this.reader = reader;
    this.output = output;
    this.partitionValues = partitionValues;
    this.allocator = allocator;
  }

  /** Opens the file's reader with {@code options} (its own columns and residual filter). */
  static FileCursor open(FileEntry entry, Schema output, BufferAllocator allocator, ReadOptions options)
      throws IOException {
    ParquetArrowReader reader = ParquetArrowReader.open(entry.file().path(), allocator, options);
    return new FileCursor(reader, output, entry.file().partitionValues(), allocator);
  }

  /** The next batch with rows, or null when the file has no more; the caller closes it. */
  Batch next() throws IOException {
    while (reader.loadNextBatch()) {
      VectorSchemaRoot fileRoot = reader.getVectorSchemaRoot();
      int rows = fileRoot.getRowCount();
      if (rows > 0) {
        return assemble(fileRoot, rows);
      }
    }
    return null;
  }

  /** Bytes of column data read since the last call. */
  long takeBytesRead() {
    long total = reader.bytesRead();
    long delta = total - bytesReported;
    bytesReported = total;
    return delta;
  }

  private Batch assemble(VectorSchemaRoot fileRoot, int rows) {
    List<FieldVector> vectors = new ArrayList<>(output.getFields().size());
    try {
      for (Field field : output.getFields()) {
        vectors.add(vector(field, fileRoot, rows));
      }
      return new Batch(vectors, rows);
    } catch (RuntimeException e) {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(vectors));
      throw e;
    } finally {
      // Vectors not moved out (columns read only for the filter or for the row count) are released now.
      for (FieldVector vector : fileRoot.getFieldVectors()) {
        vector.clear();
      }
    }
  }

  private FieldVector vector(Field field, VectorSchemaRoot fileRoot, int rows) {
    String name = field.getName();
    if (partitionValues.containsKey(name)) {
      return ConstantVectors.of(field, partitionValues.get(name), allocator, rows);
    }
    FieldVector fileVector = fileRoot.getVector(name);
    if (fileVector == null
        || fileVector.getField().getType() instanceof ArrowType.Null && !(field.getType() instanceof ArrowType.Null)) {
      return ConstantVectors.nulls(field, allocator, rows);
    }
    if (fileVector.getField().getDictionary() != null) {
      Dictionary dictionary = reader.lookup(fileVector.getField().getDictionary().getId());
      ValueVector decoded = DictionaryEncoder.decode(fileVector, dictionary, allocator);
      return (FieldVector) decoded;
    }
    TransferPair transfer = fileVector.getTransferPair(allocator);
    transfer.transfer();
    return (FieldVector) transfer.getTo();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
