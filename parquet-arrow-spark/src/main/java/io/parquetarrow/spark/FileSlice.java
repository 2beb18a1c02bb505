package io.parquetarrow.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * Some row groups of one file, planned on the driver and read by one executor task: a part of an
 * {@link ParquetArrowInputPartition}.
 *
 * @param path the file
 * @param rowGroups the row groups to read, in file order
 * @param rowCount the rows in those row groups
 * @param bytes their compressed bytes, which the planner packs by
 * @param columns the dotted paths to read from this file (the requested ones it has); empty reads no column
 * @param partitionValues the file's Hive partition values, in the partition schema's order
 */
record FileSlice(String path, int[] rowGroups, long rowCount, long bytes, List<String> columns,
    InternalRow partitionValues) implements Serializable {}
