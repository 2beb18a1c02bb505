package io.parquetarrow.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task's share of a scan: row groups of one or more files ({@link FileSlice}s), about
 * {@code spark.sql.files.maxPartitionBytes} of compressed data, planned by {@link ScanPlanner}.
 */
record ParquetArrowInputPartition(List<FileSlice> slices) implements InputPartition {}
