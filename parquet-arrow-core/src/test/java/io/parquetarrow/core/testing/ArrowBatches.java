package io.parquetarrow.core.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * The whole content of one Parquet file as an oracle read it: its batches, in file order, each an independent
 * {@link VectorSchemaRoot} owning its buffers. Top-level dictionary-encoded columns are decoded to their value
 * type, so every oracle's result compares value by value without a dictionary provider. There is always at
 * least one batch (an empty one for an empty file), so {@link #schema()} is always known. Closing releases
 * every buffer.
 *
 * <p>Names of list elements come out as {@code $data$}, not as written: arrow-java's {@code ListVector} names
 * its child that way whenever vectors are created from a schema (as the C Data import does), whatever the
 * field said. Compare them with {@link ArrowAssertions.Tolerance#NESTED_FIELD_NAMES} or expect {@code $data$}.
 */
public final class ArrowBatches implements AutoCloseable {
  private final List<VectorSchemaRoot> batches;

  ArrowBatches(List<VectorSchemaRoot> batches) {
    if (batches.isEmpty()) {
      throw new IllegalArgumentException("at least one batch is required");
    }
    this.batches = List.copyOf(batches);
  }

  /** The schema of the (dictionary-decoded) batches, from their vectors' fields. */
  public Schema schema() {
    return batches.get(0).getSchema();
  }

  /** The batches in file order; owned by this object. */
  public List<VectorSchemaRoot> batches() {
    return batches;
  }

  /** Rows over all batches. */
  public long rowCount() {
    long rows = 0;
    for (VectorSchemaRoot batch : batches) {
      rows += batch.getRowCount();
    }
    return rows;
  }

  @Override
  public void close() {
    try {
      AutoCloseables.close(batches);
    } catch (Exception e) {
      throw new IllegalStateException("closing oracle batches failed", e);
    }
  }

  /**
   * Drains {@code reader}, moving each batch's buffers into new roots in {@code allocator} and decoding
   * top-level dictionary-encoded columns. Does not close the reader.
   */
  static ArrowBatches drain(ArrowReader reader, BufferAllocator allocator) throws IOException {
    List<VectorSchemaRoot> batches = new ArrayList<>();
    try {
      while (reader.loadNextBatch()) {
        batches.add(detach(reader, allocator));
      }
      if (batches.isEmpty()) {
        batches.add(detach(reader, allocator));
      }
      return new ArrowBatches(batches);
    } catch (IOException | RuntimeException e) {
      try {
        AutoCloseables.close(batches);
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  private static VectorSchemaRoot detach(ArrowReader reader, BufferAllocator allocator) throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (FieldVector vector : root.getFieldVectors()) {
        DictionaryEncoding encoding = vector.getField().getDictionary();
        if (encoding != null) {
          Dictionary dictionary = reader.lookup(encoding.getId());
          vectors.add((FieldVector) DictionaryEncoder.decode(vector, dictionary, allocator));
        } else {
          // By name: the Field-taking variant builds a struct writer, which arrow-java 18.3 lacks for large_list
          // children (DuckDB's lists inside structs).
          TransferPair transfer = vector.getTransferPair(allocator);
          transfer.transfer();
          vectors.add((FieldVector) transfer.getTo());
        }
      }
    } catch (RuntimeException e) {
      AutoCloseables.close(e, vectors);
      throw e;
    }
    VectorSchemaRoot detached = new VectorSchemaRoot(vectors);
    detached.setRowCount(root.getRowCount());
    return detached;
  }
}
