package io.parquetarrow.core.write;

import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.SortingColumn;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the write path needs to know of the caller's options, in the terms of this package and of the format:
 * the file layer reads the row group limits and the footer's contents, the column layer the page limits,
 * encodings, statistics and page index settings, column by column. {@code ParquetArrowWriter} adapts its public
 * {@code WriteOptions} to this interface, so the dependency runs one way, from the facade into this package.
 * Columns are named by their dotted path in the Parquet schema.
 */
public interface WriterSettings {
  /** The sizing of a column's split block Bloom filter: distinct values per chunk and false positive rate. */
  record BloomFilterSizing(long distinctValues, double falsePositiveProbability) {}

  CompressionCodec codec();

  /** The codec's level, or null for the codec's default. */
  Integer compressionLevel();

  /** Whether data pages carry a {@code DataPageHeaderV2} (else a V1 header). */
  boolean dataPageV2();

  long pageSizeBytes();

  int pageRowLimit();

  long rowGroupRowLimit();

  long rowGroupSizeBytes();

  /** Rows handed to the column writers at a time; page limits are checked between batches. */
  int writeBatchRows();

  boolean dictionaryEnabled(String dottedPath);

  long dictionaryPageSizeLimit();

  /** The column's value encoding when not dictionary encoded, or null for the default. */
  Encoding columnEncoding(String dottedPath);

  boolean autoEncoding(String dottedPath);

  /** The column's Bloom filter sizing, or null when it has none. */
  BloomFilterSizing bloomFilter(String dottedPath);

  /** The declared sort order of every row group's rows, or null. */
  List<SortingColumn> sortingColumns();

  boolean statisticsEnabled();

  boolean pageIndexEnabled();

  boolean sizeStatisticsEnabled();

  int statisticsTruncateLength();

  boolean pageChecksums();

  boolean storeArrowSchema();

  /** The footer's user key-value pairs, in insertion order. */
  Map<String, String> keyValueMetadata();

  /** The key-value pairs of every chunk of the column, in insertion order; empty when it has none. */
  Map<String, String> columnKeyValueMetadata(String dottedPath);

  /** The columns with chunk key-value pairs, checked against the schema when the writer opens. */
  Set<String> columnKeyValueMetadataPaths();

  /** The footer's {@code created_by}, or null for the library's own. */
  String createdBy();

  /** How the file is encrypted, or null when it is written in plaintext. */
  FileEncryptionProperties encryption();
}
