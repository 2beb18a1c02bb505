package io.parquetarrow.core.nested;

import static io.parquetarrow.format.FieldRepetitionType.OPTIONAL;
import static io.parquetarrow.format.FieldRepetitionType.REPEATED;
import static io.parquetarrow.format.FieldRepetitionType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.nested.ParquetPathNode.Annotation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Parquet-path-to-nesting-path mapping, form by form, against the LIST and MAP sections of LogicalTypes.md
 * (including its backward-compatibility rules). Each case states the expected Arrow shape as
 * {@code KIND name nullable/required} and the leaf's maximum levels.
 */
class ParquetPathsTest {
  private static List<String> shape(ParquetPathNode... nodes) {
    NestedPath path = ParquetPaths.toNestedPath(List.of(nodes));
    List<String> shape = new ArrayList<>();
    for (NestingNode node : path.nodes()) {
      shape.add(node.kind() + " " + node.name() + (node.nullable() ? " nullable" : " required"));
    }
    shape.add("max def " + path.maxDefinitionLevel() + " rep " + path.maxRepetitionLevel());
    return shape;
  }

  @Test
  void standardThreeLevelList() {
    assertThat(shape(ParquetPathNode.listGroup("my_list", OPTIONAL), ParquetPathNode.group("list", REPEATED, 1),
        ParquetPathNode.primitive("element", OPTIONAL)))
        .containsExactly("LIST my_list nullable", "LEAF element nullable", "max def 3 rep 1");
  }

  @Test
  void twoLevelListOfRepeatedPrimitive() {
    // Rule 1: optional group my_list (LIST) { repeated int32 element; }
    assertThat(shape(ParquetPathNode.listGroup("my_list", OPTIONAL), ParquetPathNode.primitive("element",
        REPEATED))).containsExactly("LIST my_list nullable", "LEAF element required", "max def 2 rep 1");
  }

  @Test
  void repeatedGroupWithSeveralFieldsIsTheElement() {
    // Rule 2: optional group my_list (LIST) { repeated group element { required binary str; required int32 num; } }
    assertThat(shape(ParquetPathNode.listGroup("my_list", OPTIONAL), ParquetPathNode.group("element", REPEATED, 2),
        ParquetPathNode.primitive("num", REQUIRED)))
        .containsExactly("LIST my_list nullable", "STRUCT element required", "LEAF num required",
            "max def 2 rep 1");
  }

  @Test
  void legacyElementGroupNames() {
    // Rule 3: repeated group named "array" or "<list>_tuple" with one field is the element struct.
    assertThat(shape(ParquetPathNode.listGroup("my_list", OPTIONAL), ParquetPathNode.group("array", REPEATED, 1),
        ParquetPathNode.primitive("str", REQUIRED)))
        .containsExactly("LIST my_list nullable", "STRUCT array required", "LEAF str required", "max def 2 rep 1");
    assertThat(shape(ParquetPathNode.listGroup("my_list", REQUIRED),
        ParquetPathNode.group("my_list_tuple", REPEATED, 1), ParquetPathNode.primitive("str", OPTIONAL)))
        .containsExactly("LIST my_list required", "STRUCT my_list_tuple required", "LEAF str nullable",
            "max def 2 rep 1");
  }

  @Test
  void repeatedGroupAroundOneRepeatedField() {
    // A LIST-annotated repeated group around a repeated field: a list of lists (old_list_structure.parquet).
    assertThat(shape(ParquetPathNode.listGroup("a", REQUIRED),
        new ParquetPathNode("array", REPEATED, Annotation.LIST, 1, false), ParquetPathNode.primitive("array",
            REPEATED)))
        .containsExactly("LIST a required", "LIST array required", "LEAF array required", "max def 2 rep 2");
    // Without the annotation, the spec's rule makes the repeated group the element struct.
    assertThat(shape(ParquetPathNode.listGroup("a", OPTIONAL), ParquetPathNode.group("bag", REPEATED, 1),
        ParquetPathNode.primitive("x", REPEATED)))
        .containsExactly("LIST a nullable", "STRUCT bag required", "LIST x required", "LEAF x required",
            "max def 3 rep 2");
  }

  @Test
  void bareRepeatedFieldsAreRequiredListsOfRequiredElements() {
    assertThat(shape(ParquetPathNode.primitive("tags", REPEATED)))
        .containsExactly("LIST tags required", "LEAF tags required", "max def 1 rep 1");
    assertThat(shape(ParquetPathNode.group("s", OPTIONAL, 1), ParquetPathNode.group("points", REPEATED, 2),
        ParquetPathNode.primitive("x", OPTIONAL)))
        .containsExactly("STRUCT s nullable", "LIST points required", "STRUCT points required", "LEAF x nullable",
            "max def 3 rep 1");
  }

  @Test
  void mapAndItsEntriesStruct() {
    assertThat(shape(ParquetPathNode.mapGroup("m", OPTIONAL), ParquetPathNode.group("key_value", REPEATED, 2),
        ParquetPathNode.primitive("value", OPTIONAL)))
        .containsExactly("MAP m nullable", "STRUCT key_value required", "LEAF value nullable", "max def 3 rep 1");
  }

  @Test
  void mapWithoutValuesIsAListOfKeys() {
    assertThat(shape(ParquetPathNode.mapGroup("set", OPTIONAL), ParquetPathNode.group("key_value", REPEATED, 1),
        ParquetPathNode.primitive("key", REQUIRED)))
        .containsExactly("LIST set nullable", "LEAF key required", "max def 2 rep 1");
  }

  @Test
  void mapOfListsInsideAList() {
    assertThat(shape(ParquetPathNode.listGroup("outer", REQUIRED), ParquetPathNode.group("list", REPEATED, 1),
        ParquetPathNode.mapGroup("element", OPTIONAL), ParquetPathNode.group("key_value", REPEATED, 2),
        ParquetPathNode.listGroup("value", OPTIONAL), ParquetPathNode.group("list", REPEATED, 1),
        ParquetPathNode.primitive("element", OPTIONAL)))
        .containsExactly("LIST outer required", "MAP element nullable", "STRUCT key_value required",
            "LIST value nullable", "LEAF element nullable", "max def 6 rep 3");
  }

  @Test
  void rejectsShapesTheSchemaLayerRefuses() {
    assertThatThrownBy(() -> ParquetPaths.toNestedPath(List.of(ParquetPathNode.group("g", OPTIONAL, 1))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must end with its primitive leaf");
    assertThatThrownBy(() -> ParquetPaths.toNestedPath(List.of(ParquetPathNode.listGroup("l", OPTIONAL),
        ParquetPathNode.primitive("x", OPTIONAL))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one repeated node");
    assertThatThrownBy(() -> ParquetPaths.toNestedPath(List.of(ParquetPathNode.mapGroup("m", OPTIONAL),
        ParquetPathNode.group("key_value", REPEATED, 3), ParquetPathNode.primitive("x", OPTIONAL))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 or 2 fields");
  }
}
