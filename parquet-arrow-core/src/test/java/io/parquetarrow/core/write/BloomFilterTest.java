package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.index.SplitBlockBloomFilter;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.BloomFilterHeader;
import io.parquetarrow.format.ColumnMetaData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.hadoop.BloomFilterReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Split block Bloom filters: the hashing matches the spec's (XXH64 of the PLAIN bytes), and the filters we write
 * are found and probed by parquet-java and DuckDB — every written value is "maybe present", and most absent
 * values are excluded.
 */
class BloomFilterTest {
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

  @Test
  void primitiveHashesEqualHashesOfTheLittleEndianBytes() {
    assertThat(SplitBlockBloomFilter.hashInt(0x01020304))
        .as("int hash = XXH64 of its 4 little-endian bytes")
        .isEqualTo(SplitBlockBloomFilter.hashBytes(new byte[] {4, 3, 2, 1}, 0, 4));
    assertThat(SplitBlockBloomFilter.hashLong(0x0102030405060708L))
        .as("long hash = XXH64 of its 8 little-endian bytes")
        .isEqualTo(SplitBlockBloomFilter.hashBytes(new byte[] {8, 7, 6, 5, 4, 3, 2, 1}, 0, 8));
    assertThat(BloomFilterBuilder.optimalByteCount(1_000_000, 0.05)).as("Arrow C++'s default sizing")
        .isEqualTo(1024 * 1024);
  }

  private Path writeFile() throws Exception {
    Schema schema = new Schema(List.of(FlatTables.nullable("id", new ArrowType.Int(64, true)),
        FlatTables.nullable("small", new ArrowType.Int(32, true)),
        FlatTables.nullable("name", ArrowType.Utf8.INSTANCE)));
    Path file = directory.resolve("bloom.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      IntVector small = (IntVector) root.getVector("small");
      VarCharVector name = (VarCharVector) root.getVector("name");
      for (int row = 0; row < 1000; row++) {
        id.setSafe(row, row * 2L);
        small.setSafe(row, row % 50);
        name.setSafe(row, ("name-" + row * 2).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(1000);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, WriteOptions.builder()
          .bloomFilter("id", 1000, 0.01).bloomFilter("small", 100, 0.01).bloomFilter("name", 1000, 0.01)
          .build())) {
        writer.write(root);
      }
    }
    return file;
  }

  @Test
  void parquetJavaFindsWrittenValuesAndExcludesMostOthers() throws Exception {
    Path path = writeFile();
    WrittenFile file = new WrittenFile(path);
    ColumnMetaData id = file.chunk(0, 0).metaData();
    BloomFilterHeader header = BloomFilterHeader.decode(file.bytes, Math.toIntExact(id.bloomFilterOffset()),
        id.bloomFilterLength());
    assertThat(header.numBytes()).as("bitset size for 1000 values at 1%").isEqualTo(2048);

    // parquet-java's LocalInputFile, not HadoopInputFile: Hadoop's login code calls Subject.getSubject, which
    // JDK 23+ no longer supports, and this test runs on JDK 25 too.
    try (ParquetFileReader reader = ParquetFileReader.open(new org.apache.parquet.io.LocalInputFile(path))) {
      BlockMetaData block = reader.getFooter().getBlocks().get(0);
      BloomFilterReader bloomReader = reader.getBloomFilterDataReader(block);
      ColumnChunkMetaData idColumn = block.getColumns().get(0);
      ColumnChunkMetaData nameColumn = block.getColumns().get(2);
      BloomFilter idFilter = bloomReader.readBloomFilter(idColumn);
      BloomFilter nameFilter = bloomReader.readBloomFilter(nameColumn);
      assertThat(idFilter).as("parquet-java reads the id filter").isNotNull();
      int excluded = 0;
      for (int row = 0; row < 1000; row++) {
        assertThat(idFilter.findHash(idFilter.hash(row * 2L))).as("written id %d", row * 2L).isTrue();
        assertThat(nameFilter.findHash(nameFilter.hash(Binary.fromString("name-" + row * 2))))
            .as("written name %d", row * 2).isTrue();
        if (!idFilter.findHash(idFilter.hash(row * 2L + 1))) {
          excluded++;
        }
      }
      assertThat(excluded).as("absent ids excluded (fpp 1%)").isGreaterThan(950);
    }
  }

  @Test
  void duckDbProbesTheFilters() throws Exception {
    Path path = writeFile();
    assertThat(excludes(path, "id", "42")).as("42 is written").isFalse();
    assertThat(excludes(path, "small", "7")).as("7 is written").isFalse();
    assertThat(excludes(path, "name", "'name-42'")).as("name-42 is written").isFalse();
    int excluded = 0;
    for (int value = 1; value < 200; value += 2) {
      if (excludes(path, "id", Integer.toString(value))) {
        excluded++;
      }
    }
    assertThat(excluded).as("absent ids DuckDB excludes out of 100").isGreaterThan(90);
  }

  private boolean excludes(Path path, String column, String literal) throws Exception {
    try (ArrowBatches result = DuckDbOracle.query(allocator, "SELECT bloom_filter_excludes FROM "
        + "parquet_bloom_probe(?, '" + column + "', " + literal + ")", path.toString(), 16)) {
      return (Boolean) result.batches().get(0).getVector(0).getObject(0);
    }
  }
}
