package io.parquetarrow.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.util.TransferPair;

/**
 * All batches of an {@link ArrowReader} kept in memory: the "read fully into memory" result of every Arrow
 * engine. Each batch's buffers are transferred (not copied) out of the reader's root, so holding them costs
 * nothing beyond what the reader allocated.
 */
final class RetainedBatches implements ReadEngine.Materialized {
  private final List<VectorSchemaRoot> batches;
  private final long rows;
  private ValueChecksum checksum;

  private RetainedBatches(List<VectorSchemaRoot> batches, long rows) {
    this.batches = batches;
    this.rows = rows;
  }

  /** Drains {@code reader} (which the caller closes afterwards) into batches owned by {@code allocator}. */
  static RetainedBatches drain(ArrowReader reader, BufferAllocator allocator) throws IOException {
    List<VectorSchemaRoot> batches = new ArrayList<>();
    long rows = 0;
    try {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        List<FieldVector> vectors = new ArrayList<>(root.getFieldVectors().size());
        for (FieldVector vector : root.getFieldVectors()) {
          TransferPair transfer = vector.getTransferPair(allocator);
          transfer.transfer();
          vectors.add((FieldVector) transfer.getTo());
        }
        VectorSchemaRoot batch = new VectorSchemaRoot(vectors);
        batch.setRowCount(root.getRowCount());
        batches.add(batch);
        rows += root.getRowCount();
      }
    } catch (IOException | RuntimeException e) {
      batches.forEach(VectorSchemaRoot::close);
      throw e;
    }
    return new RetainedBatches(batches, rows);
  }

  /** The batches, owned by this object until {@link #close()}. */
  List<VectorSchemaRoot> batches() {
    return batches;
  }

  @Override
  public ValueChecksum checksum() {
    if (checksum == null) {
      ValueChecksum sum = new ValueChecksum();
      for (VectorSchemaRoot batch : batches) {
        ArrowChecksum.add(batch, sum);
      }
      checksum = sum;
    }
    return checksum;
  }

  @Override
  public boolean checksumsOnCall() {
    return true;
  }

  @Override
  public long rows() {
    return rows;
  }

  @Override
  public void close() {
    batches.forEach(VectorSchemaRoot::close);
    batches.clear();
  }
}
