package io.parquetarrow.core.dataset;

import java.util.List;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;

/**
 * One batch of a dataset read in its output schema, handed from a file's reader to {@link DatasetReader}: the
 * vectors, owned by the batch until they are transferred, and the row count.
 */
record Batch(List<FieldVector> vectors, int rows) implements AutoCloseable {
  @Override
  public void close() {
    AutoCloseables.closeNoChecked(() -> AutoCloseables.close(vectors));
  }
}
