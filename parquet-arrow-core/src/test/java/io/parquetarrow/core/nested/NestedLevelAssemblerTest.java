package io.parquetarrow.core.nested;

import static io.parquetarrow.core.nested.NestedLevelsAssertions.assertLeaf;
import static io.parquetarrow.core.nested.NestedLevelsAssertions.assertList;
import static io.parquetarrow.core.nested.NestedLevelsAssertions.assertStruct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.page.ScratchArrays;
import io.parquetarrow.errors.ParquetCorruptionException;
import org.junit.jupiter.api.Test;

/**
 * Hand-worked cases of the assembly engine, one per situation the reader meets: null versus empty lists and maps,
 * null elements, structs whose fields are all null, required nodes at any depth, 2-level lists, deep mixes of
 * lists, structs and maps, batches at an offset, buffer reuse, and levels that cannot come from a valid file.
 * Levels are written as (repetition, definition) pairs.
 */
class NestedLevelAssemblerTest {
  private static NestedLevels assemble(NestedPath path, int... pairs) throws ParquetCorruptionException {
    return assembleWith(new NestedLevelAssembler(path), pairs);
  }

  private static NestedLevels assembleWith(NestedLevelAssembler assembler, int... pairs)
      throws ParquetCorruptionException {
    int[] repetition = new int[pairs.length / 2];
    int[] definition = new int[pairs.length / 2];
    for (int i = 0; i < repetition.length; i++) {
      repetition[i] = pairs[2 * i];
      definition[i] = pairs[2 * i + 1];
    }
    return assembler.assemble(definition, repetition, 0, repetition.length);
  }

  /** {@code optional group a (LIST) { repeated group list { optional int32 element } }}. */
  private static final NestedPath OPTIONAL_LIST_OF_OPTIONAL =
      NestedPath.builder().list("a", true).leaf("element", true);

  @Test
  void nullListEmptyListAndNullElementsAreDistinct() throws ParquetCorruptionException {
    assertThat(OPTIONAL_LIST_OF_OPTIONAL.maxDefinitionLevel()).isEqualTo(3);
    // null, [], [1, null, 2], [null]
    NestedLevels levels = assemble(OPTIONAL_LIST_OF_OPTIONAL, 0, 0, 0, 1, 0, 3, 1, 2, 1, 3, 0, 2);
    assertThat(levels.recordCount()).isEqualTo(4);
    assertList(levels.node(0), "0111", 0, 0, 0, 3, 4);
    assertLeaf(levels.node(1), "1010", 0, 2);
    assertThat(levels.node(0).elementCount()).isEqualTo(4);
    assertThat(levels.leaf().valuesAreDense()).isFalse();
  }

  @Test
  void largeBatchesUsePooledArraysAndGiveThemBack() throws ParquetCorruptionException {
    // 50,003 lists: [], [x], [x, x], [], ... so offsets, validity and value slots are pool-sized arrays.
    int lists = 50_003;
    int[] repetition = new int[lists * 2];
    int[] definition = new int[lists * 2];
    int entries = 0;
    for (int list = 0; list < lists; list++) {
      int length = list % 3;
      if (length == 0) {
        repetition[entries] = 0;
        definition[entries++] = 1;
      }
      for (int element = 0; element < length; element++) {
        repetition[entries] = element == 0 ? 0 : 1;
        definition[entries++] = 3;
      }
    }
    NestedLevelAssembler assembler = new NestedLevelAssembler(OPTIONAL_LIST_OF_OPTIONAL);
    for (int round = 0; round < 2; round++) {
      // Pooled arrays hold stale bytes (poisoned under assertions): every entry read must have been written.
      NestedLevels levels = assembler.assemble(definition, repetition, 0, entries);
      NodeLevels list = levels.node(0);
      assertThat(levels.recordCount()).as("round %d: records", round).isEqualTo(lists);
      assertThat(list.nullCount()).as("round %d: null lists", round).isZero();
      assertThat(list.elementCount()).as("round %d: elements", round).isEqualTo(lists / 3 * 3 + 1);
      for (int slot = 0; slot < lists; slot++) {
        assertThat(list.offsets()[slot + 1] - list.offsets()[slot]).as("round %d: list %d", round, slot)
            .isEqualTo(slot % 3);
      }
      NodeLevels leaf = levels.leaf();
      assertThat(leaf.nullCount()).as("round %d: null elements", round).isZero();
      assertThat(leaf.valueCount()).as("round %d: values", round).isEqualTo(list.elementCount());
      int[] offsets = list.offsets();
      assembler.releaseScratch();
      assertThat(list.offsets()).as("round %d: offsets after release", round).isNotSameAs(offsets);
      assertThat(list.offsets()).as("round %d: offsets after release", round).hasSize(1);
      if (round == 1) {
        // The released array is in the pool: asking for exactly its length gets it back.
        assertThat(ScratchArrays.ints(offsets.length)).as("offsets array given back").isSameAs(offsets);
      }
    }
  }

  @Test
  void requiredListOfRequiredElementsHasNoNulls() throws ParquetCorruptionException {
    NestedPath path = NestedPath.builder().list("a", false).leaf("element", false);
    assertThat(path.maxDefinitionLevel()).isEqualTo(1);
    // [], [1, 2], [3]
    NestedLevels levels = assemble(path, 0, 0, 0, 1, 1, 1, 0, 1);
    assertList(levels.node(0), "111", 0, 0, 2, 3);
    assertLeaf(levels.node(1), "111", 0, 1, 2);
    assertThat(levels.leaf().valuesAreDense()).isTrue();
  }

  @Test
  void structWithAllFieldsNullIsNotANullStruct() throws ParquetCorruptionException {
    // optional group s { optional int32 a; optional int32 b }: null, {a: null, b: null}, {a: 1, b: null}
    NestedPath a = NestedPath.builder().struct("s", true).leaf("a", true);
    NestedPath b = NestedPath.builder().struct("s", true).leaf("b", true);
    NestedLevels levelsA = assemble(a, 0, 0, 0, 1, 0, 2);
    assertStruct(levelsA.node(0), "011");
    assertLeaf(levelsA.node(1), "001", 2);
    NestedLevels levelsB = assemble(b, 0, 0, 0, 1, 0, 1);
    assertStruct(levelsB.node(0), "011");
    assertLeaf(levelsB.node(1), "000");
    SharedLevelsCheck.checkAgree(levelsA, levelsB);
  }

  @Test
  void requiredFieldUnderNullStructIsUnsetLikeArrowCpp() throws ParquetCorruptionException {
    // optional group s { required int32 a }: null, {a: 5}
    NestedLevels levels = assemble(NestedPath.builder().struct("s", true).leaf("a", false), 0, 0, 0, 1);
    assertStruct(levels.node(0), "01");
    assertLeaf(levels.node(1), "01", 1);
  }

  @Test
  void requiredNodesAtEveryDepthAddNoLevels() throws ParquetCorruptionException {
    // required s1 { required s2 { required list l { required s3 { required int64 x } } } }
    NestedPath path = NestedPath.builder().struct("s1", false).struct("s2", false).list("l", false)
        .struct("s3", false).leaf("x", false);
    assertThat(path.maxDefinitionLevel()).isEqualTo(1);
    assertThat(path.maxRepetitionLevel()).isEqualTo(1);
    // [x=1, x=2], []
    NestedLevels levels = assemble(path, 0, 1, 1, 1, 0, 0);
    assertStruct(levels.node(0), "11");
    assertStruct(levels.node(1), "11");
    assertList(levels.node(2), "11", 0, 2, 2);
    assertStruct(levels.node(3), "11");
    assertLeaf(levels.node(4), "11", 0, 1);
  }

  @Test
  void nullMapEmptyMapAndNullValue() throws ParquetCorruptionException {
    // optional group m (MAP) { repeated group key_value { required int32 key; optional int32 value } }
    NestedPath key = NestedPath.builder().map("m", true).struct("key_value", false).leaf("key", false);
    NestedPath value = NestedPath.builder().map("m", true).struct("key_value", false).leaf("value", true);
    // null, {}, {1: 10, 2: null}
    NestedLevels keys = assemble(key, 0, 0, 0, 1, 0, 2, 1, 2);
    NestedLevels values = assemble(value, 0, 0, 0, 1, 0, 3, 1, 2);
    assertList(keys.node(0), "011", 0, 0, 0, 2);
    assertStruct(keys.node(1), "11");
    assertLeaf(keys.node(2), "11", 0, 1);
    assertLeaf(values.node(2), "10", 0);
    assertThat(key.sharedDepth(value)).isEqualTo(2);
    SharedLevelsCheck.checkAgree(keys, values);
  }

  @Test
  void twoLevelListFromParquetPath() throws ParquetCorruptionException {
    // optional group a (LIST) { repeated int32 element }: null, [], [7, 8]
    NestedPath path = ParquetPaths.toNestedPath(java.util.List.of(
        ParquetPathNode.listGroup("a", io.parquetarrow.format.FieldRepetitionType.OPTIONAL),
        ParquetPathNode.primitive("element", io.parquetarrow.format.FieldRepetitionType.REPEATED)));
    assertThat(path.maxDefinitionLevel()).isEqualTo(2);
    NestedLevels levels = assemble(path, 0, 0, 0, 1, 0, 2, 1, 2);
    assertList(levels.node(0), "011", 0, 0, 0, 2);
    assertLeaf(levels.node(1), "11", 0, 1);
  }

  @Test
  void secondLeafCanSkipTheNodesTheFirstLeafProduced() throws ParquetCorruptionException {
    NestedPath key = NestedPath.builder().map("m", true).struct("key_value", false).leaf("key", false);
    NestedPath value = NestedPath.builder().map("m", true).struct("key_value", false).leaf("value", true);
    NestedLevelAssembler assembler = new NestedLevelAssembler(value);
    // null, {}, {1: 10, 2: null}
    int[] repetition = {0, 0, 0, 1};
    int[] definition = {0, 1, 3, 2};
    NestedLevels levels = assembler.assemble(definition, repetition, 0, 4, value.sharedDepth(key));
    assertThat(levels.recordCount()).isEqualTo(3);
    assertLeaf(levels.leaf(), "10", 0);
    assertThat(levels.node(0).slotCount()).as("the skipped map node was not computed").isZero();
    assertThatThrownBy(() -> assembler.assemble(definition, repetition, 0, 4, 3))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void listOfStructsAndStructOfLists() throws ParquetCorruptionException {
    // optional list a of optional struct s { optional list b of optional int64 }
    NestedPath path = NestedPath.builder().list("a", true).struct("s", true).list("b", true).leaf("x", true);
    assertThat(path.maxDefinitionLevel()).isEqualTo(6);
    assertThat(path.maxRepetitionLevel()).isEqualTo(2);
    // r0: [null, {b: null}, {b: []}, {b: [1, null]}]   r1: null
    NestedLevels levels = assemble(path, 0, 2, 1, 3, 1, 4, 1, 6, 2, 5, 0, 0);
    assertList(levels.node(0), "10", 0, 4, 4);
    assertStruct(levels.node(1), "0111");
    assertList(levels.node(2), "0011", 0, 0, 0, 0, 2);
    assertLeaf(levels.node(3), "10", 0);
  }

  @Test
  void listOfMapsOfListsAtDepthFive() throws ParquetCorruptionException {
    // required list a of optional map m (key: required, value: optional list v of required int64)
    NestedPath path = NestedPath.builder().list("a", false).map("m", true).struct("key_value", false)
        .list("v", true).leaf("x", false);
    assertThat(path.maxDefinitionLevel()).isEqualTo(5);
    assertThat(path.maxRepetitionLevel()).isEqualTo(3);
    // r0: [ {k1: [1, 2], k2: null, k3: []}, null, {} ]   r1: []
    NestedLevels levels = assemble(path,
        0, 5, 3, 5, // k1: [1, 2]
        2, 3, // k2: null list
        2, 4, // k3: empty list
        1, 1, // null map
        1, 2, // empty map
        0, 0); // empty outer list
    assertList(levels.node(0), "11", 0, 3, 3);
    assertList(levels.node(1), "101", 0, 3, 3, 3);
    assertStruct(levels.node(2), "111");
    assertList(levels.node(3), "101", 0, 2, 2, 2);
    assertLeaf(levels.node(4), "11", 0, 1);
  }

  @Test
  void batchAtAnOffsetAndBufferReuse() throws ParquetCorruptionException {
    NestedLevelAssembler assembler = new NestedLevelAssembler(OPTIONAL_LIST_OF_OPTIONAL);
    int records = 10_000;
    int[] definition = new int[records * 2];
    int[] repetition = new int[records * 2];
    for (int i = 0; i < records; i++) {
      definition[2 * i] = 3;
      definition[2 * i + 1] = 2;
      repetition[2 * i + 1] = 1;
    }
    NestedLevels big = assembler.assemble(definition, repetition, 0, definition.length);
    assertThat(big.recordCount()).isEqualTo(records);
    assertThat(big.node(0).elementCount()).isEqualTo(2 * records);
    assertThat(big.leaf().valueCount()).isEqualTo(records);
    // A small batch from the middle, after the big one, with the (larger) buffers reused: [3, null].
    NestedLevels small = assembler.assemble(definition, repetition, 2, 2);
    assertThat(small.recordCount()).isEqualTo(1);
    assertList(small.node(0), "1", 0, 2);
    assertLeaf(small.leaf(), "10", 0);
    assertThat(small.node(0).offsetsAsLong(1L << 40)).containsExactly(1L << 40, (1L << 40) + 2);
  }

  @Test
  void flatRequiredColumnNeedsNoLevels() throws ParquetCorruptionException {
    NestedPath path = NestedPath.builder().struct("s", false).leaf("x", false);
    NestedLevels levels = new NestedLevelAssembler(path).assemble(null, null, 0, 11);
    assertThat(levels.recordCount()).isEqualTo(11);
    assertLeaf(levels.leaf(), "11111111111", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
  }

  @Test
  void emptyBatch() throws ParquetCorruptionException {
    NestedLevels levels = assemble(OPTIONAL_LIST_OF_OPTIONAL);
    assertThat(levels.recordCount()).isZero();
    assertList(levels.node(0), "", 0);
    assertThat(levels.leaf().valueCount()).isZero();
  }

  @Test
  void rejectsLevelsNoValidFileHas() {
    assertThatThrownBy(() -> assemble(OPTIONAL_LIST_OF_OPTIONAL, 0, 4))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("definition level 4").hasMessageContaining("0..3");
    assertThatThrownBy(() -> assemble(OPTIONAL_LIST_OF_OPTIONAL, 0, 3, 2, 3))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("repetition level 2");
    assertThatThrownBy(() -> assemble(OPTIONAL_LIST_OF_OPTIONAL, 1, 3))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("must begin with a new record");
    // Continuing a list the previous entry said was empty, or with a level saying the list is empty.
    assertThatThrownBy(() -> assemble(OPTIONAL_LIST_OF_OPTIONAL, 0, 1, 1, 3))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("level entry 1");
    assertThatThrownBy(() -> assemble(OPTIONAL_LIST_OF_OPTIONAL, 0, 3, 1, 1))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("continues a non-empty list");
  }

  /**
   * The reader's call (levels range-checked by the column layer, value count known) against the plain call, on
   * random level sequences of one-list paths, half of them malformed: the same outputs when the levels are well
   * formed (checked by a walk written here), a ParquetCorruptionException from both when not.
   */
  @Test
  void readerCallAgreesWithThePlainCallOnRandomLevels() throws ParquetCorruptionException {
    long seed = System.nanoTime();
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    NestedPath[] paths = {
        OPTIONAL_LIST_OF_OPTIONAL,
        NestedPath.builder().list("a", false).leaf("element", false),
        NestedPath.builder().list("a", true).leaf("element", false),
        NestedPath.builder().list("a", true).struct("s", true).leaf("x", true),
        NestedPath.builder().struct("outer", true).list("a", true).leaf("element", true)};
    for (int round = 0; round < 2000; round++) {
      NestedPath path = paths[random.nextInt(paths.length)];
      int elementLevel = path.elementDefinitionLevelForRepetitionLevel(1);
      int count = random.nextInt(1, 80);
      int[] definition = new int[count];
      int[] repetition = new int[count];
      for (int i = 0; i < count; i++) {
        boolean record = i == 0 || random.nextInt(4) == 0;
        repetition[i] = record ? 0 : 1;
        definition[i] = random.nextInt(elementLevel, path.maxDefinitionLevel() + 1);
        if (record && random.nextInt(3) == 0) {
          definition[i] = random.nextInt(0, elementLevel + 1);
        }
      }
      if (random.nextBoolean()) {
        int at = random.nextInt(count);
        repetition[at] = random.nextInt(2);
        definition[at] = random.nextInt(path.maxDefinitionLevel() + 1);
      }
      boolean wellFormed = repetition[0] == 0;
      for (int i = 1; i < count; i++) {
        if (repetition[i] == 1 && (definition[i] < elementLevel || definition[i - 1] < elementLevel)) {
          wellFormed = false;
        }
      }
      int values = 0;
      for (int level : definition) {
        values += level == path.maxDefinitionLevel() ? 1 : 0;
      }
      String where = "seed " + seed + " round " + round + " path " + path.dottedPath();
      NestedLevelAssembler plain = new NestedLevelAssembler(path);
      NestedLevelAssembler reader = new NestedLevelAssembler(path).withoutValueSlots();
      if (!wellFormed) {
        assertThatThrownBy(() -> plain.assemble(definition, repetition, 0, count)).as(where)
            .isInstanceOf(ParquetCorruptionException.class);
        int valueCount = values;
        assertThatThrownBy(() -> reader.assemble(definition, repetition, 0, count, 0, true, valueCount)).as(where)
            .isInstanceOf(ParquetCorruptionException.class);
        continue;
      }
      NestedLevels expected = plain.assemble(definition, repetition, 0, count);
      NestedLevels actual = reader.assemble(definition, repetition, 0, count, 0, true, values);
      assertThat(actual.recordCount()).as(where).isEqualTo(expected.recordCount());
      for (int depth = 0; depth < path.depth(); depth++) {
        NodeLevels want = expected.node(depth);
        NodeLevels got = actual.node(depth);
        assertThat(got.slotCount()).as(where + " node " + depth).isEqualTo(want.slotCount());
        assertThat(got.nullCount()).as(where + " node " + depth).isEqualTo(want.nullCount());
        assertThat(got.valueCount()).as(where + " node " + depth).isEqualTo(want.valueCount());
        for (int slot = 0; slot < want.slotCount(); slot++) {
          assertThat(got.isValid(slot)).as(where + " node " + depth + " slot " + slot).isEqualTo(want.isValid(slot));
        }
        if (want.offsets() != null) {
          assertThat(java.util.Arrays.copyOf(got.offsets(), got.slotCount() + 1)).as(where + " node " + depth)
              .isEqualTo(java.util.Arrays.copyOf(want.offsets(), want.slotCount() + 1));
        }
      }
    }
  }

  @Test
  void rejectsMisuse() {
    NestedLevelAssembler assembler = new NestedLevelAssembler(OPTIONAL_LIST_OF_OPTIONAL);
    assertThatThrownBy(() -> assembler.assemble(new int[2], null, 0, 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("repetition levels are required");
    assertThatThrownBy(() -> assembler.assemble(new int[2], new int[2], 1, 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shorter");
    assertThatThrownBy(() -> NestedPath.builder().map("m", true).leaf("x", true))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("entries struct");
    assertThatThrownBy(() -> NestedPath.builder().map("m", true).struct("kv", true))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be nullable");
  }
}
