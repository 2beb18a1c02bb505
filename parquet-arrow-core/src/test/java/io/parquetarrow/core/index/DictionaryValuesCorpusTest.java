package io.parquetarrow.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Dictionaries of other writers, from parquet-testing: where {@link DictionaryValuesReader} gives values, they are
 * exactly the distinct values our reader reads from the chunk (compared for the columns whose Arrow type maps back
 * to plain values); and it gives them for the chunks the footer shows to be all dictionary encoded, no others.
 */
class DictionaryValuesCorpusTest {

  @ParameterizedTest
  @CsvSource({
      // parquet-java, data page v1: encoding_stats with PLAIN_DICTIONARY data pages.
      "plain-dict-uncompressed-checksum.parquet, 2",
      // No dictionary_page_offset: the dictionary page is found at data_page_offset; all but id and bool_col.
      "alltypes_tiny_pages.parquet, 11",
      // Impala lists PLAIN beside PLAIN_DICTIONARY without encoding_stats: a fallback cannot be ruled out.
      "alltypes_dictionary.parquet, 0",
      // PLAIN data pages only.
      "data_index_bloom_encoding_stats.parquet, 0"})
  void dictionariesHoldTheChunksDistinctValues(String name, int expectedDictionaries) throws IOException {
    Path file = Corpus.file(name);
    DictionaryValuesReader reader = new DictionaryValuesReader();
    int dictionaries = 0;
    try (BufferAllocator allocator = TestAllocators.root()) {
      List<Map<String, Set<String>>> distinct = PlainValueTables.distinctValues(file, null, allocator);
      try (ParquetFile parquet = ParquetFile.open(file)) {
        for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
          for (ColumnChunkMetadata chunk : rowGroup.columns()) {
            String column = chunk.column().dottedPath();
            List<byte[]> values = reader.read(parquet, rowGroup, chunk.column());
            if (values == null) {
              continue;
            }
            dictionaries++;
            Set<String> expected = distinct.get(rowGroup.index()).get(column);
            if (expected == null || expected.isEmpty() && chunk.valueCount() > 0) {
              continue; // a type the helper does not map back to plain values (INT96 as a timestamp)
            }
            List<String> hex = PlainValueTables.hex(values);
            assertThat(hex).as("%s %s: each value once", name, column).doesNotHaveDuplicates();
            assertThat(new HashSet<>(hex)).as("%s %s row group %d", name, column, rowGroup.index())
                .isEqualTo(expected);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
    assertThat(dictionaries).as("chunks of %s whose dictionary values were read", name)
        .isEqualTo(expectedDictionaries);
  }

  @Test
  void aDictionaryPageIsCheckedAsTheReadChecksIt() throws IOException {
    // parquet-java, data page v2 (RLE_DICTIONARY data pages, the dictionary page PLAIN), a wrong page CRC.
    Path file = Corpus.file("rle-dict-uncompressed-corrupt-checksum.parquet");
    try (ParquetFile parquet = ParquetFile.open(file)) {
      RowGroupMetadata rowGroup = parquet.metadata().rowGroups().get(0);
      assertThat(DictionaryValuesReader.allDataPagesDictionaryEncoded(rowGroup.column(0).columnMetaData()))
          .as("all data pages dictionary encoded").isTrue();
      assertThatThrownBy(() -> new DictionaryValuesReader().read(parquet, rowGroup, rowGroup.column(0).column()))
          .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining(file.toString())
          .hasMessageContaining("row group 0, column long_field, page at offset 4")
          .hasMessageContaining("checksum mismatch");
    }
  }
}
