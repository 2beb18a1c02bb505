package io.parquetarrow.spark;

import java.io.Serializable;
import org.apache.spark.sql.types.StructType;

/**
 * What every task of one scan reads, sent from the driver to the executors with the reader factory.
 *
 * @param dataSchema the data columns Spark asked for, in its order, in the types {@link SparkTypes} gives
 * @param partitionSchema the partition columns Spark asked for
 * @param filterText the pushed filter as text core's {@code Filter.parse} reads, or null
 * @param filterColumns the top-level columns the filter reads, for tasks that need rows but no data column
 * @param batchRows the most rows per batch
 * @param verifyChecksums whether page checksums are verified (option {@code verifyChecksums}, default true)
 */
record ReadRequest(StructType dataSchema, StructType partitionSchema, String filterText, String[] filterColumns,
    int batchRows, boolean verifyChecksums) implements Serializable {}
