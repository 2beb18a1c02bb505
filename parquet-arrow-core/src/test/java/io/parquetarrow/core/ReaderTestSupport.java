package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads whole files with {@link ParquetArrowReader} into plain Java values, for tests that compare one read of a
 * file with another (batch sizes, projection, row groups). Every read uses its own allocator from
 * {@link TestAllocators} and fails, on the error path too, when anything is left allocated.
 */
final class ReaderTestSupport {
  private ReaderTestSupport() {}

  /** A file's contents: the schema and, per row, one value per column ({@code byte[]} shown as hex). */
  record Table(Schema schema, List<List<Object>> rows, List<Integer> batchSizes) {
    List<Object> column(int index) {
      List<Object> values = new ArrayList<>(rows.size());
      for (List<Object> row : rows) {
        values.add(row.get(index));
      }
      return values;
    }
  }

  static Table read(Path file, ReadOptions options) throws IOException {
    // The allocator is left to ArrowLeakExtension to close: it fails the test if anything is still allocated.
    BufferAllocator allocator = TestAllocators.root();
    Table table;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      table = drain(reader);
    } catch (IOException | RuntimeException failure) {
      // A leak on the error path must fail the test that expects this exception, not ride along as a suppressed
      // exception that assertThatThrownBy never looks at.
      if (allocator.getAllocatedMemory() != 0) {
        throw new AssertionError("Arrow memory still allocated (" + allocator.getAllocatedMemory()
            + " bytes) after the failed read of " + file + " closed its reader", failure);
      }
      throw failure;
    }
    assertThat(allocator.getAllocatedMemory())
        .as("Arrow memory still allocated after closing the reader of %s", file)
        .isZero();
    return table;
  }

  static FieldVector decode(ArrowReader reader, FieldVector indices, BufferAllocator allocator) {
    try {
      org.apache.arrow.vector.dictionary.Dictionary dictionary =
          reader.lookup(indices.getField().getDictionary().getId());
      return (FieldVector) org.apache.arrow.vector.dictionary.DictionaryEncoder.decode(indices, dictionary, allocator);
    } catch (RuntimeException e) {
      throw new AssertionError("cannot decode dictionary column " + indices.getField(), e);
    }
  }

  /** Reads every batch of {@code reader} into a {@link Table} (dictionary columns decoded to their values). */
  static Table drain(ArrowReader reader) throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    List<List<Object>> rows = new ArrayList<>();
    List<Integer> batchSizes = new ArrayList<>();
    while (reader.loadNextBatch()) {
      batchSizes.add(root.getRowCount());
      for (int row = 0; row < root.getRowCount(); row++) {
        List<Object> values = new ArrayList<>(root.getFieldVectors().size());
        for (FieldVector vector : root.getFieldVectors()) {
          if (vector.getField().getDictionary() != null) {
            Object index = vector.getObject(row);
            FieldVector dictionary = reader.lookup(vector.getField().getDictionary().getId()).getVector();
            values.add(index == null ? null : plain(dictionary.getObject(((Number) index).intValue())));
          } else {
            values.add(plain(vector.getObject(row)));
          }
        }
        rows.add(values);
      }
    }
    return new Table(root.getSchema(), rows, batchSizes);
  }

  /**
   * Reads every batch of {@code file} into independent roots allocated from {@code allocator} (each batch's
   * buffers are transferred out of the reader's root, so the reader allocates afresh for the next batch — which
   * also checks that it copes with vectors emptied under it). There is always at least one root, empty for a
   * file without rows. The caller closes the roots.
   */
  static List<VectorSchemaRoot> readBatches(BufferAllocator allocator, Path file, ReadOptions options)
      throws IOException {
    List<VectorSchemaRoot> batches = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        batches.add(detach(reader, root, allocator));
      }
      if (batches.isEmpty()) {
        batches.add(detach(reader, root, allocator));
      }
      return batches;
    } catch (IOException | RuntimeException e) {
      batches.forEach(VectorSchemaRoot::close);
      throw e;
    }
  }

  /** Moves the batch out of the reader's root; dictionary-encoded columns are decoded to their values. */
  private static VectorSchemaRoot detach(ArrowReader reader, VectorSchemaRoot root, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    for (FieldVector vector : root.getFieldVectors()) {
      if (vector.getField().getDictionary() != null) {
        vectors.add(decode(reader, vector, allocator));
        continue;
      }
      org.apache.arrow.vector.util.TransferPair transfer = vector.getTransferPair(vector.getField(), allocator);
      transfer.transfer();
      vectors.add((FieldVector) transfer.getTo());
    }
    VectorSchemaRoot detached = new VectorSchemaRoot(vectors);
    detached.setRowCount(root.getRowCount());
    return detached;
  }

  /** Views of {@code batches} holding only the named columns, in that order (vectors stay owned by the batches). */
  static List<VectorSchemaRoot> project(List<VectorSchemaRoot> batches, List<String> names) {
    List<VectorSchemaRoot> projected = new ArrayList<>();
    for (VectorSchemaRoot batch : batches) {
      List<FieldVector> vectors = new ArrayList<>();
      for (String name : names) {
        FieldVector vector = batch.getVector(name);
        assertThat(vector).as("column %s", name).isNotNull();
        vectors.add(vector);
      }
      VectorSchemaRoot view = new VectorSchemaRoot(vectors);
      view.setRowCount(batch.getRowCount());
      projected.add(view);
    }
    return projected;
  }

  /** Makes values comparable with {@code equals}: byte arrays become hex strings, text becomes String. */
  static Object plain(Object value) {
    if (value instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof org.apache.arrow.vector.util.Text text) {
      return text.toString();
    }
    return value;
  }
}
