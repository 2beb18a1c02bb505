package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.simd.KernelProvider;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The flat routes of {@link LevelBuilder}: a required column gets positions and no levels, a nullable one its
 * definition levels from the validity bitmap (at an unaligned start, so the bitmap is read from a bit offset),
 * and a top-level dictionary field the dictionary entries of its rows, a row pointing to a null entry counting
 * as null. The nested walk has its golden levels in {@link ShreddingAndTruncationTest}.
 */
class LevelBuilderTest {
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
  void requiredFlatColumnHasPositionsOnly() throws Exception {
    Field field = new Field("a", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    try (IntVector vector = new IntVector(field, allocator)) {
      vector.allocateNew(10);
      for (int row = 0; row < 10; row++) {
        vector.set(row, row);
      }
      vector.setValueCount(10);
      LevelBuilder builder = new LevelBuilder(field, KernelProvider.get());
      try (LevelBuilder.BoundField bound = builder.bind(vector, null)) {
        bound.build(3, 4);
        ColumnLevels levels = builder.leaves().get(0);
        assertThat(levels.maxDefinitionLevel).as("max definition level").isZero();
        assertThat(levels.definitionLevels).as("no definition level array for a required column").isEmpty();
        assertThat(levels.levelCount).as("one level entry per row").isEqualTo(4);
        assertThat(Arrays.copyOf(levels.positions, levels.valueCount)).as("positions of rows 3..6")
            .containsExactly(3, 4, 5, 6);
      }
    }
  }

  @Test
  void nullableFlatColumnTakesLevelsFromValidity() throws Exception {
    Field field = new Field("a", FieldType.nullable(new ArrowType.Int(32, true)), null);
    try (IntVector vector = new IntVector(field, allocator)) {
      vector.allocateNew(20);
      for (int row = 0; row < 20; row++) {
        if (row % 3 == 0) {
          vector.setNull(row);
        } else {
          vector.set(row, row);
        }
      }
      vector.setValueCount(20);
      LevelBuilder builder = new LevelBuilder(field, KernelProvider.get());
      try (LevelBuilder.BoundField bound = builder.bind(vector, null)) {
        bound.build(5, 11);
        ColumnLevels levels = builder.leaves().get(0);
        assertThat(Arrays.copyOf(levels.definitionLevels, levels.levelCount)).as("definition levels of rows 5..15")
            .containsExactly(1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0);
        assertThat(Arrays.copyOf(levels.positions, levels.valueCount)).as("positions of the non-null rows")
            .containsExactly(5, 7, 8, 10, 11, 13, 14);
      }
    }
  }

  @Test
  void dictionaryFieldPositionsAreDictionaryEntries() throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(7, false, new ArrowType.Int(32, true));
    Field field = new Field("a", new FieldType(true, new ArrowType.Int(32, true), encoding), null);
    try (IntVector indices = new IntVector(field, allocator);
        VarCharVector values = new VarCharVector("dictionary", allocator)) {
      values.allocateNew();
      values.setSafe(0, "x".getBytes(StandardCharsets.UTF_8));
      values.setNull(1);
      values.setSafe(2, "z".getBytes(StandardCharsets.UTF_8));
      values.setValueCount(3);
      int[] rows = {2, -1, 1, 0, 2};
      indices.allocateNew(rows.length);
      for (int row = 0; row < rows.length; row++) {
        if (rows[row] < 0) {
          indices.setNull(row);
        } else {
          indices.set(row, rows[row]);
        }
      }
      indices.setValueCount(rows.length);
      DictionaryProvider.MapDictionaryProvider dictionaries = new DictionaryProvider.MapDictionaryProvider();
      dictionaries.put(new Dictionary(values, encoding));
      LevelBuilder builder = new LevelBuilder(
          new Field("a", new FieldType(true, ArrowType.Utf8.INSTANCE, encoding), null), KernelProvider.get());
      try (LevelBuilder.BoundField bound = builder.bind(indices, dictionaries)) {
        assertThat(bound.dictionaryEntries()).as("a top-level dictionary field's positions are entries").isTrue();
        assertThat(bound.values(0)).as("its values are the dictionary itself").isSameAs(values);
        bound.build(0, rows.length);
        ColumnLevels levels = builder.leaves().get(0);
        assertThat(Arrays.copyOf(levels.definitionLevels, levels.levelCount))
            .as("null index and null entry are both nulls").containsExactly(1, 0, 0, 1, 1);
        assertThat(Arrays.copyOf(levels.positions, levels.valueCount)).as("dictionary entries of the values")
            .containsExactly(2, 0, 2);
      }

      indices.set(3, 5);
      try (LevelBuilder.BoundField bound = builder.bind(indices, dictionaries)) {
        assertThatThrownBy(() -> bound.build(0, rows.length)).as("an index past the dictionary")
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("row 3 of dictionary-encoded field 'a' has index 5 outside its dictionary of 3 entries");
      }
    }
  }
}
