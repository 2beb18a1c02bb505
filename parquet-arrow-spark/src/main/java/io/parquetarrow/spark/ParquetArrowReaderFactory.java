package io.parquetarrow.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Creates each task's reader on the executors: always columnar ({@link ColumnarPartitionReader}); Spark never
 * asks this source for rows.
 */
final class ParquetArrowReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final ReadRequest request;

  ParquetArrowReaderFactory(ReadRequest request) {
    this.request = request;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new ColumnarPartitionReader(request, (ParquetArrowInputPartition) partition);
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException("parquet-arrow reads columnar batches only");
  }
}
