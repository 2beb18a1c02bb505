package io.parquetarrow.spark;

import io.parquetarrow.core.ParquetArrowWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.execution.arrow.ArrowWriter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;

/**
 * One task attempt's writer: converts Spark rows into Arrow batches of {@code batchRows} rows with Spark's own
 * {@link ArrowWriter} (the converter behind {@code toArrow} and Python UDFs) and writes them to one Parquet file
 * with core's {@link ParquetArrowWriter}. The file is written under the job's temporary directory; {@link #commit()}
 * closes it and reports it ({@link WrittenFile}), {@link #abort()} deletes it. A task without rows writes no file,
 * except partition 0, so that a job always leaves one file with the schema.
 */
final class ParquetArrowDataWriter implements DataWriter<InternalRow> {
  private final Path temporary;
  private final String finalName;
  private final boolean writeWhenEmpty;
  private final FileWriteSettings settings;
  private final BufferAllocator allocator;
  private final VectorSchemaRoot root;
  private final ArrowWriter rows;
  private ParquetArrowWriter file;
  private int buffered;
  private long written;
  private boolean closed;

  ParquetArrowDataWriter(Path temporary, String finalName, boolean writeWhenEmpty, StructType schema,
      FileWriteSettings settings) {
    this.temporary = temporary;
    this.finalName = finalName;
    this.writeWhenEmpty = writeWhenEmpty;
    this.settings = settings;
    TaskContext task = TaskContext.get();
    this.allocator = ParquetArrowAllocators.forTask(
        task == null ? "parquet-arrow write" : "parquet-arrow write, task " + task.taskAttemptId());
    Schema arrowSchema = ArrowUtils.toArrowSchema(schema, settings.timeZone(), true, false);
    this.root = VectorSchemaRoot.create(arrowSchema, allocator);
    this.rows = ArrowWriter.create(root);
  }

  @Override
  public void write(InternalRow row) throws IOException {
    rows.write(row);
    if (++buffered == settings.batchRows()) {
      flush();
    }
  }

  private void flush() throws IOException {
    rows.finish();
    if (file == null) {
      file = ParquetArrowWriter.open(temporary, root.getSchema(), settings.toWriteOptions());
    }
    file.write(root);
    written += buffered;
    buffered = 0;
    rows.reset();
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    if (buffered > 0 || file == null && writeWhenEmpty) {
      flush();
    }
    boolean wroteFile = file != null;
    close();
    return wroteFile ? new WrittenFile(temporary.toString(), finalName, written) : null;
  }

  @Override
  public void abort() throws IOException {
    try {
      close();
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (file != null) {
        file.close();
      }
    } finally {
      root.close();
      allocator.close();
    }
  }
}
