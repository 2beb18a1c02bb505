package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.filter.Pruning;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each means of pruning on its own, in files written so that only it can decide: statistics, a dictionary, a bloom
 * filter, the page index; each prunes the row groups it should, counted under its name, and the rows read are
 * still exactly the matching ones.
 */
class PruningMeansTest {
  private static final int GROUPS = 4;
  private static final int ROWS_PER_GROUP = 1_000;
  private static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("k", new ArrowType.Int(64, true)),
      Field.nullable("tag", ArrowType.Utf8.INSTANCE),
      Field.notNullable("v", new ArrowType.Int(32, true))));

  @TempDir
  Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void allocate() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void close() {
    assertThat(allocator.getAllocatedMemory()).isZero();
    allocator.close();
  }

  @Test
  void statistics() throws IOException {
    Path file = write(WriteOptions.builder());
    assertPruned(file, "k = 1200", Pruning.Means.STATISTICS, 3, 1);
  }

  @Test
  void dictionary() throws IOException {
    Path file = write(WriteOptions.builder().statisticsEnabled(false).pageIndexEnabled(false));
    assertPruned(file, "tag = 'g2-3'", Pruning.Means.DICTIONARY, 3, 200);
  }

  @Test
  void bloomFilter() throws IOException {
    Path file = write(WriteOptions.builder().statisticsEnabled(false).pageIndexEnabled(false)
        .dictionaryEnabled("v", false).bloomFilter("v", ROWS_PER_GROUP, 0.001));
    assertPruned(file, "v IN (1000007, 1000014)", Pruning.Means.BLOOM_FILTER, 3, 2);
  }

  @Test
  void pageIndex() throws IOException {
    // Each row group's k holds two runs with a gap between: its statistics span the gap, its pages do not.
    Path file = write(WriteOptions.builder().pageRowLimit(100).dictionaryEnabled("k", false));
    assertPruned(file, "k BETWEEN 600 AND 900 OR k BETWEEN 2600 AND 2900 OR k BETWEEN 4600 AND 4900"
        + " OR k BETWEEN 6600 AND 6900", Pruning.Means.PAGE_INDEX, 4, 0);
  }

  private void assertPruned(Path file, String filter, Pruning.Means means, int pruned, long rows)
      throws IOException {
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
        ReadOptions.builder().filter(filter).build())) {
      List<Pruning> plan = reader.explain();
      assertThat(plan).filteredOn(pruning -> pruning.prunedBy() == means).as("%s", plan).hasSize(pruned);
      long read = 0;
      while (reader.loadNextBatch()) {
        read += reader.getVectorSchemaRoot().getRowCount();
      }
      ScanStatistics statistics = reader.scanStatistics();
      assertThat(read).isEqualTo(rows);
      assertThat(statistics.rowsReturned()).isEqualTo(rows);
      assertThat(statistics.rowGroupsPruned()).as(statistics.describe()).isEqualTo(pruned);
      int counted = switch (means) {
        case STATISTICS -> statistics.rowGroupsPrunedByStatistics();
        case DICTIONARY -> statistics.rowGroupsPrunedByDictionary();
        case BLOOM_FILTER -> statistics.rowGroupsPrunedByBloomFilter();
        case PAGE_INDEX -> statistics.rowGroupsPrunedByPageIndex();
      };
      assertThat(counted).as(statistics.describe()).isEqualTo(pruned);
    }
  }

  private Path write(WriteOptions.Builder options) throws IOException {
    Path file = directory.resolve("means.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
         ParquetArrowWriter writer = ParquetArrowWriter.open(file, SCHEMA,
             options.rowGroupRowLimit(ROWS_PER_GROUP).build())) {
      for (int group = 0; group < GROUPS; group++) {
        root.allocateNew();
        BigIntVector k = (BigIntVector) root.getVector("k");
        VarCharVector tag = (VarCharVector) root.getVector("tag");
        IntVector v = (IntVector) root.getVector("v");
        List<Long> keys = new ArrayList<>();
        for (int i = 0; i < ROWS_PER_GROUP; i++) {
          // k: runs [2000g, 2000g + 500) and [2000g + 1000, 2000g + 1500).
          keys.add(group * 2_000L + (i < 500 ? i : 500 + i));
        }
        for (int i = 0; i < ROWS_PER_GROUP; i++) {
          k.setSafe(i, keys.get(i));
          tag.setSafe(i, ("g" + group + "-" + (i % 5)).getBytes(StandardCharsets.UTF_8));
          v.setSafe(i, group * 1_000_000 + i * 7);
        }
        root.setRowCount(ROWS_PER_GROUP);
        writer.write(root);
      }
    }
    return file;
  }
}
