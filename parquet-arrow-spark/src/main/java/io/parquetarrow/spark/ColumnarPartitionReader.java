package io.parquetarrow.spark;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.filter.Filter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.util.TaskCompletionListener;

/**
 * Reads one task's {@link FileSlice}s as Spark {@link ColumnarBatch}es: the executor's read loop. Each slice opens
 * a {@link ParquetArrowReader} on its row groups with the pushed filter ({@code filterRows(true)}), and every batch
 * the reader loads becomes a Spark batch over the same vectors ({@link SparkColumns}), with the partition values
 * as constant columns. A batch is valid until the next call to {@link #next()}, which lets the reader reuse its
 * vectors. A scan that needs no data column and has no filter reads no page: it returns batches of the row counts
 * in the footer.
 *
 * <p>Memory comes from a child allocator of {@link ParquetArrowAllocators#root()} for this task; closing the reader
 * (Spark does at task end, and a completion listener does too if the task fails) closes it, and fails if a buffer
 * is still held.
 */
final class ColumnarPartitionReader implements PartitionReader<ColumnarBatch> {
  private final ReadRequest request;
  private final List<FileSlice> slices;
  private final BufferAllocator allocator;
  private final Filter filter;
  private int sliceIndex = -1;
  private ParquetArrowReader reader;
  private long rowsWithoutColumns;
  private ConstantColumnVector[] partitionColumns;
  private ColumnarBatch batch;
  private boolean closed;

  ColumnarPartitionReader(ReadRequest request, ParquetArrowInputPartition partition) {
    this.request = request;
    this.slices = partition.slices();
    this.filter = request.filterText() == null ? null : Filter.parse(request.filterText());
    TaskContext task = TaskContext.get();
    String name = task == null ? "parquet-arrow read" : "parquet-arrow read, task " + task.taskAttemptId();
    this.allocator = ParquetArrowAllocators.forTask(name);
    if (task != null) {
      task.addTaskCompletionListener((TaskCompletionListener) context -> closeQuietly());
    }
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      if (reader != null && reader.loadNextBatch()) {
        batch = batchOf(reader.getVectorSchemaRoot());
        return true;
      }
      if (rowsWithoutColumns > 0) {
        int rows = (int) Math.min(rowsWithoutColumns, request.batchRows());
        rowsWithoutColumns -= rows;
        batch = batchOf(null, rows);
        return true;
      }
      closeSlice();
      if (++sliceIndex >= slices.size()) {
        batch = null;
        return false;
      }
      openSlice(slices.get(sliceIndex));
    }
  }

  @Override
  public ColumnarBatch get() {
    return batch;
  }

  private void openSlice(FileSlice slice) throws IOException {
    partitionColumns = partitionColumns(slice);
    List<String> columns = slice.columns();
    if (columns.isEmpty() && filter == null) {
      rowsWithoutColumns = slice.rowCount();
      return;
    }
    if (columns.isEmpty()) {
      columns = List.of(request.filterColumns());
    }
    ReadOptions options = ReadOptions.builder()
        .columns(columns)
        .rowGroups(slice.rowGroups())
        .batchRows(request.batchRows())
        .filter(filter)
        .filterRows(true)
        .int96AsTimestamp(false)
        .verifyChecksums(request.verifyChecksums())
        .build();
    reader = ParquetArrowReader.open(Path.of(slice.path()), allocator, options);
  }

  private ConstantColumnVector[] partitionColumns(FileSlice slice) {
    StructField[] fields = request.partitionSchema().fields();
    ConstantColumnVector[] columns = new ConstantColumnVector[fields.length];
    for (int i = 0; i < fields.length; i++) {
      columns[i] = new ConstantColumnVector(request.batchRows(), fields[i].dataType());
      ColumnVectorUtils.populate(columns[i], slice.partitionValues(), i);
    }
    return columns;
  }

  private ColumnarBatch batchOf(VectorSchemaRoot root) {
    return batchOf(root, root.getRowCount());
  }

  private ColumnarBatch batchOf(VectorSchemaRoot root, int rows) {
    StructType data = request.dataSchema();
    ColumnVector[] columns = new ColumnVector[data.size() + partitionColumns.length];
    for (int i = 0; i < data.size(); i++) {
      StructField field = data.fields()[i];
      FieldVector vector = root == null ? null : root.getVector(field.name());
      if (vector == null) {
        ConstantColumnVector nulls = new ConstantColumnVector(Math.max(rows, 1), field.dataType());
        nulls.setNull();
        columns[i] = nulls;
      } else {
        columns[i] = SparkColumns.wrap(vector, field.dataType(), reader);
      }
    }
    System.arraycopy(partitionColumns, 0, columns, data.size(), partitionColumns.length);
    return new ColumnarBatch(columns, rows);
  }

  private void closeSlice() throws IOException {
    if (reader != null) {
      ParquetArrowReader current = reader;
      reader = null;
      current.close();
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    batch = null;
    try {
      closeSlice();
    } finally {
      allocator.close();
    }
  }

  private void closeQuietly() {
    try {
      close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
