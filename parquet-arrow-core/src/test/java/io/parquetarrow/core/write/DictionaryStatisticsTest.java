package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Statistics;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dictionary-encoded page takes its min and max from the first occurrence of each dictionary entry it uses
 * (ColumnChunkWriter), plain pages from every value: both must give the same page and chunk statistics. Every
 * flat type is written twice, dictionary on and off, over many small pages, uncompressed (pages copied straight
 * into the chunk, CRC over the parts) and SNAPPY, and the footers' statistics and column indexes compared.
 */
class DictionaryStatisticsTest {
  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  private Path write(VectorSchemaRoot root, String name, WriteOptions options) throws Exception {
    Path file = directory.resolve(name);
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, root.getSchema(), options)) {
      writer.write(root);
    }
    return file;
  }

  @Test
  void dictionaryPagesHaveTheStatisticsOfPlainPages() throws Exception {
    long seed = System.nanoTime();
    for (Codec codec : new Codec[] {Codec.UNCOMPRESSED, Codec.SNAPPY}) {
      try (VectorSchemaRoot root = FlatTables.fill(allocator, FlatTables.allTypes(), 5_000, seed, 0.1)) {
        WriteOptions.Builder common = WriteOptions.builder().codec(codec).pageRowLimit(700).writeBatchRows(300)
            .pageChecksums(true);
        WrittenFile dictionary = new WrittenFile(write(root, "dictionary.parquet",
            common.dictionaryEnabled(true).syncOnClose(false).build()));
        WrittenFile plain = new WrittenFile(write(root, "plain.parquet",
            common.dictionaryEnabled(false).syncOnClose(true).build()));
        for (int column = 0; column < root.getSchema().getFields().size(); column++) {
          String name = root.getSchema().getFields().get(column).getName();
          String what = name + " (" + codec + ", seed " + seed + ")";
          var dictionaryMeta = dictionary.chunk(0, column).metaData();
          if (!name.startsWith("bool") && !name.equals("null")) {
            assertThat(dictionaryMeta.encodings()).as("encodings of %s", what).contains(Encoding.RLE_DICTIONARY);
          }
          Statistics left = dictionaryMeta.statistics();
          Statistics right = plain.chunk(0, column).metaData().statistics();
          assertThat(left.minValue()).as("chunk min of %s", what).isEqualTo(right.minValue());
          assertThat(left.maxValue()).as("chunk max of %s", what).isEqualTo(right.maxValue());
          assertThat(left.nullCount()).as("chunk null count of %s", what).isEqualTo(right.nullCount());
          ColumnIndex leftIndex = dictionary.columnIndex(0, column);
          ColumnIndex rightIndex = plain.columnIndex(0, column);
          if (rightIndex == null) {
            assertThat(leftIndex).as("no column index for %s", what).isNull();
            continue;
          }
          assertThat(leftIndex.minValues()).as("page mins of %s", what)
              .usingElementComparator(java.util.Arrays::compare).containsExactlyElementsOf(rightIndex.minValues());
          assertThat(leftIndex.maxValues()).as("page maxes of %s", what)
              .usingElementComparator(java.util.Arrays::compare).containsExactlyElementsOf(rightIndex.maxValues());
          assertThat(leftIndex.nullCounts()).as("page null counts of %s", what)
              .isEqualTo(rightIndex.nullCounts());
        }
        Files.delete(directory.resolve("dictionary.parquet"));
        Files.delete(directory.resolve("plain.parquet"));
      }
    }
  }
}
