package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnChunk;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.RowGroup;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Hadoop-framed codecs the writer offers for readers that need them, LZO and the deprecated LZ4: every
 * chunk's footer names the codec, its pages are really compressed, and our reader reads every type back. (Arrow
 * C++ and DuckDB cannot read LZO, so there is no oracle for it here.)
 */
class HadoopFramedCodecWriteTest {
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

  @SuppressWarnings("deprecation") // LZ4 is tested on purpose
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"LZO, V1, LZO", "LZO, V2, LZO", "LZ4, V1, LZ4"})
  void writesAndReadsBack(Codec codec, WriteOptions.DataPageVersion version, CompressionCodec expected)
      throws Exception {
    long seed = 2718 + codec.ordinal() + version.ordinal();
    System.out.println("seed " + seed);
    Schema schema = FlatTables.allTypes();
    Path file = directory.resolve(codec + "-" + version + ".parquet");
    try (VectorSchemaRoot rows = FlatTables.fill(allocator, schema, 3000, seed, 0.25)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, WriteOptions.builder().codec(codec)
          .dataPageVersion(version).pageRowLimit(700).rowGroupRowLimit(2000).build())) {
        writer.write(rows);
      }
      WrittenFile written = new WrittenFile(file);
      long compressed = 0;
      long uncompressed = 0;
      for (RowGroup rowGroup : written.footer.rowGroups()) {
        for (ColumnChunk chunk : rowGroup.columns()) {
          assertThat(chunk.metaData().codec()).as("codec of " + chunk.metaData().pathInSchema())
              .isEqualTo(expected);
          compressed += chunk.metaData().totalCompressedSize();
          uncompressed += chunk.metaData().totalUncompressedSize();
        }
      }
      assertThat(compressed).as("compressed bytes of all chunks against their uncompressed " + uncompressed)
          .isLessThan(uncompressed);
      int offset = 0;
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          try (VectorSchemaRoot slice = rows.slice(offset, batch.getRowCount())) {
            ArrowAssertions.assertRootsEqual("our reader's read of our " + codec + " " + version
                + " file, rows from " + offset, slice, batch);
          }
          offset += batch.getRowCount();
        }
      }
      assertThat(offset).as("rows read").isEqualTo(rows.getRowCount());
    }
  }
}
