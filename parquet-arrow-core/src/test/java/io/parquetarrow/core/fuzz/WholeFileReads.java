package io.parquetarrow.core.fuzz;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.index.BloomFilterReader;
import io.parquetarrow.core.index.DictionaryValuesReader;
import io.parquetarrow.core.index.PageIndexReader;
import io.parquetarrow.core.index.SplitBlockBloomFilter;
import io.parquetarrow.core.schema.ColumnDescriptor;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The reads the whole-file fuzz targets make of one input: every batch through {@link ParquetArrowReader}
 * (single-threaded, no read-ahead, small batches, checksums verified, every value touched), and the metadata-only
 * paths that tools use without decoding data: the Arrow schema mapping, the page indexes, the Bloom filters and
 * the dictionary values of every chunk.
 */
final class WholeFileReads {
  /** Small batches, so one input crosses many batch boundaries. */
  static final int BATCH_ROWS = 37;
  /**
   * Files declaring more rows than this are not decoded (their metadata still is): a few bytes of RLE can
   * honestly stand for billions of values, and decoding them would only measure the per-input time limit.
   */
  static final long MAXIMUM_DECODED_ROWS = 1L << 20;

  private WholeFileReads() {}

  /** Reads every batch of {@code input}, touching every value; the input is closed by the reader. */
  static long readAllBatches(InputFile input, BufferAllocator allocator, FileDecryptionProperties decryption)
      throws IOException {
    ReadOptions options = ReadOptions.builder().threads(1).readAheadBytes(0).batchRows(BATCH_ROWS)
        .verifyChecksums(true).decryption(decryption).build();
    long checksum = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(input, allocator, options)) {
      if (reader.metadata().rowCount() > MAXIMUM_DECODED_ROWS) {
        return 0;
      }
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        for (FieldVector vector : root.getFieldVectors()) {
          for (int row = 0; row < root.getRowCount(); row++) {
            checksum = checksum * 31 + vector.hashCode(row);
          }
        }
      }
    }
    return checksum;
  }

  /** Opens {@code input} and reads what tools read without decoding data pages. */
  static void readMetadataPaths(InputFile input, FileDecryptionProperties decryption) throws IOException {
    try (ParquetFile file = ParquetFile.open(input, decryption)) {
      ParquetMetadata metadata = file.metadata();
      metadata.arrowSchemaMapping();
      List<ColumnDescriptor> columns = metadata.schema().columns();
      DictionaryValuesReader dictionaries = new DictionaryValuesReader();
      for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
        PageIndexReader.read(file, rowGroup, columns, true);
        for (ColumnDescriptor column : columns) {
          SplitBlockBloomFilter bloomFilter = BloomFilterReader.read(file, rowGroup, column);
          List<byte[]> values = dictionaries.read(file, rowGroup, column);
          if (bloomFilter != null && values != null) {
            for (byte[] value : values) {
              bloomFilter.mightContain(value);
            }
          }
        }
      }
    }
  }
}
