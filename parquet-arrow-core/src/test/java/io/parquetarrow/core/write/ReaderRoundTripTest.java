package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Our writer's flat files read back equal through our own reader, {@link ParquetArrowReader}. */
class ReaderRoundTripTest {
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

  @ParameterizedTest(name = "{0} {1} dictionary={2}")
  @CsvSource({"UNCOMPRESSED, V1, true", "ZSTD, V2, true", "SNAPPY, V1, false", "GZIP, V2, false"})
  void flatTypesReadBackThroughOurReader(Codec codec, WriteOptions.DataPageVersion version, boolean dictionary)
      throws Exception {
    long seed = 314 + codec.ordinal();
    System.out.println("seed " + seed);
    Schema schema = FlatTables.allTypes();
    Path file = directory.resolve("round-trip.parquet");
    try (VectorSchemaRoot expected = FlatTables.fill(allocator, schema, 3000, seed, 0.25)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, WriteOptions.builder().codec(codec)
          .dataPageVersion(version).dictionaryEnabled(dictionary).pageRowLimit(700).rowGroupRowLimit(2000)
          .build())) {
        writer.write(expected);
      }
      int offset = 0;
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          // The reader reuses its root, so each batch is compared at once with the rows it should hold.
          try (VectorSchemaRoot slice = expected.slice(offset, batch.getRowCount())) {
            ArrowAssertions.assertRootsEqual("our reader's read of our " + codec + " " + version
                + " file, rows from " + offset, slice, batch);
          }
          offset += batch.getRowCount();
        }
      }
      assertThat(offset).as("rows read").isEqualTo(expected.getRowCount());
    }
  }
}
