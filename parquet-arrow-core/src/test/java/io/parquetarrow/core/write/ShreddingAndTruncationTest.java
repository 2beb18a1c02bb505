package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.SortingColumn;
import io.parquetarrow.simd.KernelProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden values for the pieces with arithmetic of their own: the levels {@link LevelBuilder} produces for a
 * hand-worked nested table, {@link BoundTruncation}'s bounds, and sorting columns reaching the footer.
 */
class ShreddingAndTruncationTest {
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

  /**
   * {@code a: struct<b: list<int32>>}, all nullable, rows: {@code {b: [1, null, 2]}}, {@code null},
   * {@code {b: null}}, {@code {b: []}}, {@code {b: [3]}}. Levels: a (def 1), b (def 2), the repeated group
   * (def 3, rep 1), the element (def 4).
   */
  @Test
  void levelsOfAHandWorkedNestedTable() throws Exception {
    Field element = new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null);
    Field list = new Field("b", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
    Field struct = new Field("a", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(list));
    try (StructVector a = (StructVector) struct.createVector(allocator)) {
      a.allocateNew();
      ListVector b = (ListVector) a.getChildByOrdinal(0);
      IntVector values = (IntVector) b.getDataVector();
      values.allocateNew();
      int[][] rows = {{1, Integer.MIN_VALUE, 2}, null, null, {}, {3}};
      int position = 0;
      for (int row = 0; row < rows.length; row++) {
        if (row == 1) {
          a.setNull(row);
          b.setNull(row);
          continue;
        }
        a.setIndexDefined(row);
        if (row == 2) {
          b.setNull(row);
          continue;
        }
        b.startNewValue(row);
        for (int value : rows[row]) {
          if (value == Integer.MIN_VALUE) {
            values.setNull(position++);
          } else {
            values.setSafe(position++, value);
          }
        }
        b.endValue(row, rows[row].length);
      }
      values.setValueCount(position);
      b.setValueCount(rows.length);
      a.setValueCount(rows.length);

      LevelBuilder builder = new LevelBuilder(struct, KernelProvider.get());
      try (LevelBuilder.BoundField bound = builder.bind(a, null)) {
        bound.build(0, rows.length);
        ColumnLevels leaf = builder.leaves().get(0);
        assertThat(leaf.maxDefinitionLevel).as("max definition level").isEqualTo(4);
        assertThat(leaf.maxRepetitionLevel).as("max repetition level").isEqualTo(1);
        assertThat(Arrays.copyOf(leaf.definitionLevels, leaf.levelCount)).as("definition levels")
            .containsExactly(4, 3, 4, 0, 1, 2, 4);
        assertThat(Arrays.copyOf(leaf.repetitionLevels, leaf.levelCount)).as("repetition levels")
            .containsExactly(0, 1, 1, 0, 0, 0, 0);
        assertThat(Arrays.copyOf(leaf.positions, leaf.valueCount)).as("element positions of 1, 2, 3")
            .containsExactly(0, 2, 3);

        bound.build(3, 2);
        assertThat(Arrays.copyOf(leaf.definitionLevels, leaf.levelCount)).as("levels of rows 3..4 alone")
            .containsExactly(2, 4);
      }
    }
  }

  /** The one routine statistics and the column index share: a truncated bound is marked inexact. */
  @Test
  void boundsOfStatisticsMarkTruncatedValuesInexact() {
    ValueBuffer.ByteArrays values = new ValueBuffer.ByteArrays();
    byte[] low = "abcdef".getBytes(StandardCharsets.UTF_8);
    byte[] high = "abd".getBytes(StandardCharsets.UTF_8);
    values.add(low, 0, low.length);
    values.add(high, 0, high.length);
    BinaryStatistics statistics = new BinaryStatistics(ColumnStatistics.BinaryOrder.UNSIGNED, false);
    statistics.update(values, 0, 2);

    BoundTruncation.Bounds whole = BoundTruncation.bounds(statistics, 6, true);
    assertThat(whole.min()).as("a min within the limit is kept").isSameAs(statistics.min());
    assertThat(whole.minExact() && whole.maxExact()).as("untruncated bounds are exact").isTrue();

    BoundTruncation.Bounds cut = BoundTruncation.bounds(statistics, 2, true);
    assertThat(new String(cut.min(), StandardCharsets.UTF_8)).as("min cut to a prefix").isEqualTo("ab");
    assertThat(cut.minExact()).as("a cut min is inexact").isFalse();
    assertThat(new String(cut.max(), StandardCharsets.UTF_8)).as("max cut and incremented").isEqualTo("ac");
    assertThat(cut.maxExact()).as("a cut max is inexact").isFalse();
  }

  @Test
  void truncatedBoundsStayBounds() {
    byte[] value = {1, 2, (byte) 0xFF, (byte) 0xFF, 5};
    assertThat(BoundTruncation.truncateMin(value, 3, false)).as("min is a prefix").containsExactly(1, 2, -1);
    assertThat(BoundTruncation.truncateMax(value, 4, false)).as("max skips trailing 0xFF and increments")
        .containsExactly(1, 3);
    assertThat(BoundTruncation.truncateMax(new byte[] {-1, -1, -1}, 2, false)).as("no shorter upper bound")
        .isNull();
    assertThat(BoundTruncation.truncateMin(value, 5, false)).as("short values are kept").isSameAs(value);
    byte[] text = "aé日".getBytes(StandardCharsets.UTF_8); // 1 + 2 + 3 bytes
    assertThat(new String(BoundTruncation.truncateMin(text, 4, true), StandardCharsets.UTF_8))
        .as("UTF-8 min cut at a character boundary").isEqualTo("aé");
    assertThat(new String(BoundTruncation.truncateMax(text, 4, true), StandardCharsets.UTF_8))
        .as("UTF-8 max increments the last character").isEqualTo("aê");
    byte[] maximal = new String(new int[] {'a', Character.MAX_CODE_POINT, 'b'}, 0, 3)
        .getBytes(StandardCharsets.UTF_8);
    assertThat(new String(BoundTruncation.truncateMax(maximal, 5, true), StandardCharsets.UTF_8))
        .as("U+10FFFF cannot grow: the character before it is incremented").isEqualTo("b");
  }

  @Test
  void sortingColumnsReachTheFooter() throws Exception {
    Path path = directory.resolve("sorted.parquet");
    org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(List.of(
        FlatTables.nullable("id", new ArrowType.Int(32, true))));
    try (VectorSchemaRoot root = FlatTables.fill(allocator, schema, 10, 1, 0.0);
        ParquetArrowWriter writer = ParquetArrowWriter.open(path, schema, WriteOptions.builder()
            .sortingColumns(List.of(new SortingColumn(0, false, true))).build())) {
      writer.write(root);
    }
    assertThat(new WrittenFile(path).footer.rowGroups().get(0).sortingColumns()).as("sorting columns")
        .containsExactly(new SortingColumn(0, false, true));
  }
}
