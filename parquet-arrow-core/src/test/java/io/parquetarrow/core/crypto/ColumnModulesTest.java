package io.parquetarrow.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.format.BloomFilterHeader;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.OffsetIndex;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The modules of an encrypted column outside its pages: column index, offset index, and bloom filter header and
 * bitset decrypt with the column's {@link ColumnDecryptor} and decode; the offset index points at the chunk's
 * pages, the bitset has the size its header gives. A module decrypted as another type fails (its AAD differs).
 */
class ColumnModulesTest {

  @Test
  void pageIndexesAndBloomFiltersDecrypt() throws IOException {
    Path file = Corpus.assumeCorpus().resolve("encrypt_columns_and_footer_bloom_filter.parquet.encrypted");
    int indexes = 0;
    int bloomFilters = 0;
    try (ParquetFile parquet = ParquetFile.open(file, EncryptedCorpus.explicitKeys(file).build())) {
      for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
        for (ColumnChunkMetadata chunk : rowGroup.columns()) {
          if (!chunk.isEncrypted()) {
            continue;
          }
          String path = chunk.column().dottedPath();
          ColumnDecryptor decryptor = parquet.decryptor().columnDecryptor(chunk.columnChunk(), rowGroup.ordinal(),
              chunk.column().leafIndex(), path, chunk.dictionaryPageOffset().isPresent(), path);
          if (chunk.offsetIndexOffset().isPresent()) {
            byte[] offsetIndex =
                module(parquet, decryptor, ModuleType.OFFSET_INDEX, chunk.offsetIndexOffset().getAsLong());
            OffsetIndex offsets = OffsetIndex.decode(offsetIndex, 0, offsetIndex.length);
            assertThat(offsets.pageLocations()).as("pages of %s", path).isNotEmpty();
            assertThat(offsets.pageLocations().get(0).offset()).as("first data page of %s", path)
                .isEqualTo(chunk.dataPageOffset());
            byte[] columnIndex =
                module(parquet, decryptor, ModuleType.COLUMN_INDEX, chunk.columnIndexOffset().getAsLong());
            assertThat(ColumnIndex.decode(columnIndex, 0, columnIndex.length).nullPages())
                .hasSameSizeAs(offsets.pageLocations());
            assertThatThrownBy(() -> module(parquet, decryptor, ModuleType.COLUMN_INDEX,
                chunk.offsetIndexOffset().getAsLong()))
                .as("an offset index is not a column index").isInstanceOf(ParquetEncryptionException.class)
                .hasMessageContaining("column index at offset");
            indexes++;
          }
          if (chunk.bloomFilterOffset().isPresent()) {
            long at = chunk.bloomFilterOffset().getAsLong();
            byte[] headerBytes = module(parquet, decryptor, ModuleType.BLOOM_FILTER_HEADER, at);
            BloomFilterHeader header = BloomFilterHeader.decode(headerBytes, 0, headerBytes.length);
            long bitsetAt = at + moduleLength(parquet, at);
            byte[] bitset = module(parquet, decryptor, ModuleType.BLOOM_FILTER_BITSET, bitsetAt);
            assertThat(bitset).as("bitset of %s", path).hasSize(header.numBytes());
            bloomFilters++;
          }
        }
      }
    }
    assertThat(indexes).as("encrypted chunks with page indexes").isPositive();
    assertThat(bloomFilters).as("encrypted chunks with bloom filters").isPositive();
  }

  private static int moduleLength(ParquetFile parquet, long at) throws IOException {
    byte[] prefix = parquet.inputFile().readFully(at, ModuleCipher.LENGTH_BYTES);
    return (int) ModuleCipher.storedLength(prefix, 0) + ModuleCipher.LENGTH_BYTES;
  }

  private static byte[] module(ParquetFile parquet, ColumnDecryptor decryptor, ModuleType type, long at)
      throws IOException {
    int length = moduleLength(parquet, at);
    byte[] bytes = parquet.inputFile().readFully(at, length);
    return decryptor.decryptModule(type, bytes, 0, length, at);
  }
}
