package io.parquetarrow.spark;

import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * A task's committed file, still under the job's {@code _temporary} directory: the driver moves it to
 * {@code finalName} when the job commits.
 *
 * @param temporaryPath where the task wrote it
 * @param finalName its name in the target directory
 * @param rows how many rows it holds
 */
record WrittenFile(String temporaryPath, String finalName, long rows) implements WriterCommitMessage {}
