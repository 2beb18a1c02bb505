package io.parquetarrow.core.nested;

import static io.parquetarrow.core.nested.NestedLevelsAssertions.assertLeaf;
import static io.parquetarrow.core.nested.NestedLevelsAssertions.assertList;
import static io.parquetarrow.core.nested.NestedLevelsAssertions.assertStruct;
import static io.parquetarrow.format.FieldRepetitionType.OPTIONAL;
import static io.parquetarrow.format.FieldRepetitionType.REPEATED;
import static io.parquetarrow.format.FieldRepetitionType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The worked example of the Dremel paper (Melnik et al., "Dremel: Interactive Analysis of Web-Scale Datasets",
 * VLDB 2010, figures 2 and 3), which the Parquet format is built on:
 *
 * <pre>
 * message Document {
 *   required int64 DocId;
 *   optional group Links { repeated int64 Backward; repeated int64 Forward; }
 *   repeated group Name {
 *     repeated group Language { required string Code; optional string Country; }
 *     optional string Url; } }
 *
 * r1: DocId 10, Links { Forward 20, 40, 60 },
 *     Name { Language { Code 'en-us', Country 'us' }, Language { Code 'en' }, Url 'http://A' },
 *     Name { Url 'http://B' },
 *     Name { Language { Code 'en-gb', Country 'gb' } }
 * r2: DocId 20, Links { Backward 10, 30; Forward 80 }, Name { Url 'http://C' }
 * </pre>
 *
 * The level tables below are the paper's figure 3, column by column (repetition level, definition level); the
 * bare repeated fields read as required lists of required elements, as LogicalTypes.md prescribes.
 */
class DremelPaperExampleTest {
  private static NestedPath path(ParquetPathNode... nodes) {
    return ParquetPaths.toNestedPath(List.of(nodes));
  }

  private static final NestedPath DOC_ID = path(ParquetPathNode.primitive("DocId", REQUIRED));
  private static final NestedPath BACKWARD = path(ParquetPathNode.group("Links", OPTIONAL, 2),
      ParquetPathNode.primitive("Backward", REPEATED));
  private static final NestedPath FORWARD = path(ParquetPathNode.group("Links", OPTIONAL, 2),
      ParquetPathNode.primitive("Forward", REPEATED));
  private static final NestedPath CODE = path(ParquetPathNode.group("Name", REPEATED, 2),
      ParquetPathNode.group("Language", REPEATED, 2), ParquetPathNode.primitive("Code", REQUIRED));
  private static final NestedPath COUNTRY = path(ParquetPathNode.group("Name", REPEATED, 2),
      ParquetPathNode.group("Language", REPEATED, 2), ParquetPathNode.primitive("Country", OPTIONAL));
  private static final NestedPath URL = path(ParquetPathNode.group("Name", REPEATED, 2),
      ParquetPathNode.primitive("Url", OPTIONAL));

  /** Assembles one column; {@code levels} alternates repetition and definition levels, as the paper lists them. */
  private static NestedLevels assemble(NestedPath path, int... levels) throws ParquetCorruptionException {
    int[] repetition = new int[levels.length / 2];
    int[] definition = new int[levels.length / 2];
    for (int i = 0; i < repetition.length; i++) {
      repetition[i] = levels[2 * i];
      definition[i] = levels[2 * i + 1];
    }
    return new NestedLevelAssembler(path).assemble(definition, repetition, 0, repetition.length);
  }

  @Test
  void maximumLevelsMatchThePaper() {
    assertThat(new int[] {DOC_ID.maxRepetitionLevel(), DOC_ID.maxDefinitionLevel()}).containsExactly(0, 0);
    assertThat(new int[] {BACKWARD.maxRepetitionLevel(), BACKWARD.maxDefinitionLevel()}).containsExactly(1, 2);
    assertThat(new int[] {FORWARD.maxRepetitionLevel(), FORWARD.maxDefinitionLevel()}).containsExactly(1, 2);
    assertThat(new int[] {CODE.maxRepetitionLevel(), CODE.maxDefinitionLevel()}).containsExactly(2, 2);
    assertThat(new int[] {COUNTRY.maxRepetitionLevel(), COUNTRY.maxDefinitionLevel()}).containsExactly(2, 3);
    assertThat(new int[] {URL.maxRepetitionLevel(), URL.maxDefinitionLevel()}).containsExactly(1, 2);
  }

  @Test
  void docId() throws ParquetCorruptionException {
    // DocId: 10 (0,0), 20 (0,0)
    NestedLevels levels = assemble(DOC_ID, 0, 0, 0, 0);
    assertThat(levels.recordCount()).isEqualTo(2);
    assertLeaf(levels.leaf(), "11", 0, 1);
  }

  @Test
  void linksBackward() throws ParquetCorruptionException {
    // Links.Backward: NULL (0,1), 10 (0,2), 30 (1,2)
    NestedLevels levels = assemble(BACKWARD, 0, 1, 0, 2, 1, 2);
    assertStruct(levels.node(0), "11"); // Links is present in both records
    assertList(levels.node(1), "11", 0, 0, 2); // r1 has no Backward (empty list), r2 has two
    assertLeaf(levels.node(2), "11", 0, 1); // 10, 30
  }

  @Test
  void linksForward() throws ParquetCorruptionException {
    // Links.Forward: 20 (0,2), 40 (1,2), 60 (1,2), 80 (0,2)
    NestedLevels levels = assemble(FORWARD, 0, 2, 1, 2, 1, 2, 0, 2);
    assertStruct(levels.node(0), "11");
    assertList(levels.node(1), "11", 0, 3, 4);
    assertLeaf(levels.node(2), "1111", 0, 1, 2, 3);
  }

  @Test
  void nameLanguageCode() throws ParquetCorruptionException {
    // Name.Language.Code: en-us (0,2), en (2,2), NULL (1,1), en-gb (1,2), NULL (0,1)
    NestedLevels levels = assemble(CODE, 0, 2, 2, 2, 1, 1, 1, 2, 0, 1);
    assertList(levels.node(0), "11", 0, 3, 4); // r1 has three Names, r2 one
    assertStruct(levels.node(1), "1111");
    assertList(levels.node(2), "1111", 0, 2, 2, 3, 3); // Languages per Name: 2, 0, 1, 0
    assertStruct(levels.node(3), "111");
    assertLeaf(levels.node(4), "111", 0, 1, 2); // en-us, en, en-gb
  }

  @Test
  void nameLanguageCountry() throws ParquetCorruptionException {
    // Name.Language.Country: us (0,3), NULL (2,2), NULL (1,1), gb (1,3), NULL (0,1)
    NestedLevels levels = assemble(COUNTRY, 0, 3, 2, 2, 1, 1, 1, 3, 0, 1);
    assertList(levels.node(0), "11", 0, 3, 4);
    assertStruct(levels.node(1), "1111");
    assertList(levels.node(2), "1111", 0, 2, 2, 3, 3);
    assertStruct(levels.node(3), "111");
    assertLeaf(levels.node(4), "101", 0, 2); // us, (none), gb
  }

  @Test
  void nameUrl() throws ParquetCorruptionException {
    // Name.Url: http://A (0,2), http://B (1,2), NULL (1,1), http://C (0,2)
    NestedLevels levels = assemble(URL, 0, 2, 1, 2, 1, 1, 0, 2);
    assertList(levels.node(0), "11", 0, 3, 4);
    assertStruct(levels.node(1), "1111");
    assertLeaf(levels.node(2), "1101", 0, 1, 3);
  }

  @Test
  void columnsUnderNameAndLinksAgree() throws ParquetCorruptionException {
    NestedLevels code = assemble(CODE, 0, 2, 2, 2, 1, 1, 1, 2, 0, 1);
    NestedLevels country = assemble(COUNTRY, 0, 3, 2, 2, 1, 1, 1, 3, 0, 1);
    NestedLevels url = assemble(URL, 0, 2, 1, 2, 1, 1, 0, 2);
    assertThat(CODE.sharedDepth(COUNTRY)).as("Code and Country share Name and Language").isEqualTo(4);
    assertThat(CODE.sharedDepth(URL)).as("Code and Url share Name").isEqualTo(2);
    assertThatCode(() -> SharedLevelsCheck.checkAgree(code, country)).doesNotThrowAnyException();
    assertThatCode(() -> SharedLevelsCheck.checkAgree(code, url)).doesNotThrowAnyException();
    NestedLevels backward = assemble(BACKWARD, 0, 1, 0, 2, 1, 2);
    NestedLevels forward = assemble(FORWARD, 0, 2, 1, 2, 1, 2, 0, 2);
    assertThatCode(() -> SharedLevelsCheck.checkAgree(backward, forward)).doesNotThrowAnyException();
  }

  @Test
  void shredderReproducesThePaperTables() {
    // The test shredder, fed the two records, must write figure 3 exactly; this anchors the property test.
    TestType.Struct language = new TestType.Struct("Language", false,
        List.of(new TestType.Primitive("Code", false), new TestType.Primitive("Country", true)));
    TestType.ListOf languages = new TestType.ListOf("Language", false, language, TestType.ListForm.BARE_REPEATED);
    TestType.Struct name = new TestType.Struct("Name", false, List.of(languages, new TestType.Primitive("Url", true)));
    TestType.ListOf names = new TestType.ListOf("Name", false, name, TestType.ListForm.BARE_REPEATED);
    List<TestType> schema = List.of(names);
    List<Object> r1Names = List.of(
        new TestType.StructValue(List.of(List.of(
            new TestType.StructValue(List.of(1L, 2L)),
            new TestType.StructValue(java.util.Arrays.asList(3L, null))), 4L)),
        new TestType.StructValue(List.of(List.of(), 5L)),
        new TestType.StructValue(java.util.Arrays.asList(List.of(new TestType.StructValue(List.of(6L, 7L))), null)));
    List<Object> r2Names = List.of(new TestType.StructValue(List.of(List.of(), 8L)));
    List<List<Object>> records = List.of(List.of(r1Names), List.of(r2Names));
    List<LeafPath> leaves = LeafPath.leaves(schema);
    TestShredder.Column code = TestShredder.shred(leaves.get(0), records);
    TestShredder.Column country = TestShredder.shred(leaves.get(1), records);
    TestShredder.Column url = TestShredder.shred(leaves.get(2), records);
    assertThat(code.repetitionLevels()).containsExactly(0, 2, 1, 1, 0);
    assertThat(code.definitionLevels()).containsExactly(2, 2, 1, 2, 1);
    assertThat(country.repetitionLevels()).containsExactly(0, 2, 1, 1, 0);
    assertThat(country.definitionLevels()).containsExactly(3, 2, 1, 3, 1);
    assertThat(url.repetitionLevels()).containsExactly(0, 1, 1, 0);
    assertThat(url.definitionLevels()).containsExactly(2, 2, 1, 2);
  }
}
