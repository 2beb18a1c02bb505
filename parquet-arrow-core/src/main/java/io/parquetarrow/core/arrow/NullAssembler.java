package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.errors.ParquetCorruptionException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;

/**
 * Arrow {@code null} from a column with the UNKNOWN (always null) logical type: only the row count matters,
 * and every level must say "null".
 */
final class NullAssembler implements ColumnAssembler {
  @Override
  public void assemble(ColumnBatch batch, FieldVector vector) throws ParquetCorruptionException {
    if (batch.valueCount() != 0) {
      throw ParquetCorruptionException.of(
          "column of logical type UNKNOWN (always null) holds %d non-null values", batch.valueCount());
    }
    ((NullVector) vector).setValueCount(batch.levelCount());
  }
}
