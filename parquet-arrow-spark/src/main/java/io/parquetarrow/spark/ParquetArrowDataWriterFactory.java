package io.parquetarrow.spark;

import java.nio.file.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Sent to the executors; creates each task attempt's {@link ParquetArrowDataWriter}, writing to a file of its own
 * under the job's temporary directory.
 */
final class ParquetArrowDataWriterFactory implements DataWriterFactory {
  private static final long serialVersionUID = 1L;

  private final String directory;
  private final String queryId;
  private final StructType schema;
  private final FileWriteSettings settings;

  ParquetArrowDataWriterFactory(String directory, String queryId, StructType schema, FileWriteSettings settings) {
    this.directory = directory;
    this.queryId = queryId;
    this.schema = schema;
    this.settings = settings;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    Path jobDirectory = Path.of(directory).resolve(ParquetArrowBatchWrite.TEMPORARY).resolve(queryId);
    Path temporary = jobDirectory.resolve(String.format("part-%05d-attempt-%d.parquet", partitionId, taskId));
    String finalName = String.format("part-%05d-%s%s.parquet", partitionId, queryId, settings.codecSuffix());
    return new ParquetArrowDataWriter(temporary, finalName, partitionId == 0, schema, settings);
  }
}
