package io.parquetarrow.core.schema;

import static io.parquetarrow.core.schema.Elements.OPTIONAL;
import static io.parquetarrow.core.schema.Elements.REPEATED;
import static io.parquetarrow.core.schema.Elements.REQUIRED;
import static io.parquetarrow.core.schema.Elements.descriptor;
import static io.parquetarrow.core.schema.Elements.group;
import static io.parquetarrow.core.schema.Elements.leaf;
import static io.parquetarrow.core.schema.Elements.root;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.SchemaElement;
import io.parquetarrow.format.Type;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The schema tree rebuilt from the flat footer list: structure, paths, levels, and malformed lists. */
class SchemaDescriptorTest {

  @Test
  void buildsTheTreeWithPathsAndLevels() throws ParquetException {
    SchemaDescriptor schema = descriptor(
        root(3),
        leaf("id", REQUIRED, Type.INT64),
        group("a", OPTIONAL, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        leaf("element", OPTIONAL, Type.BYTE_ARRAY, ConvertedType.UTF8),
        group("s", REQUIRED, 1),
        new SchemaElement(Type.FIXED_LEN_BYTE_ARRAY, 3, OPTIONAL, "t", null, null, null, null, null, null, null));
    assertThat(schema.columnCount()).as("leaf count").isEqualTo(3);
    ColumnDescriptor id = schema.column(0);
    assertThat(id.dottedPath()).as("path of leaf 0").isEqualTo("id");
    assertThat(id.maxDefinitionLevel()).as("definition level of id").isZero();
    assertThat(id.maxRepetitionLevel()).as("repetition level of id").isZero();
    ColumnDescriptor element = schema.column(1);
    assertThat(element.path()).as("path of leaf 1").containsExactly("a", "list", "element");
    assertThat(element.maxDefinitionLevel()).as("definition level of a.list.element").isEqualTo(3);
    assertThat(element.maxRepetitionLevel()).as("repetition level of a.list.element").isEqualTo(1);
    assertThat(element.leafIndex()).as("leaf index").isEqualTo(1);
    assertThat(element.physicalType()).as("physical type").isEqualTo(Type.BYTE_ARRAY);
    assertThat(element.effectiveLogicalType()).as("UTF8 as a logical type")
        .isInstanceOf(io.parquetarrow.format.LogicalType.StringType.class);
    ColumnDescriptor t = schema.column(2);
    assertThat(t.dottedPath()).as("path of leaf 2").isEqualTo("s.t");
    assertThat(t.typeLength()).as("type length").isEqualTo(3);
    assertThat(t.maxDefinitionLevel()).as("definition level of s.t").isEqualTo(1);
    assertThat(schema.columnByPath("a.list.element")).as("lookup by path").isSameAs(element);
    assertThat(schema.root().children()).as("top-level nodes").hasSize(3);
    assertThat(schema.toString()).as("printed schema").contains("optional group a (LIST)");
  }

  @Test
  void rejectsChildrenCountsPastTheEndOfTheList() {
    assertThatThrownBy(() -> descriptor(root(2), leaf("a", REQUIRED, Type.INT32)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("test.parquet")
        .hasMessageContaining("declares 2 children");
    assertThatThrownBy(() -> descriptor(root(1), group("g", OPTIONAL, 5), leaf("a", REQUIRED, Type.INT32)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("'g' has num_children 5 but only 1 elements follow");
  }

  @Test
  void rejectsLeftOverElementsAndNegativeCounts() {
    assertThatThrownBy(() -> descriptor(root(1), leaf("a", REQUIRED, Type.INT32), leaf("b", REQUIRED, Type.INT32)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("schema has 3 elements but the root's num_children tree covers only 2");
    assertThatThrownBy(() -> descriptor(root(-1)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("num_children -1");
    assertThatThrownBy(() -> SchemaDescriptor.fromElements(List.of(), "test.parquet"))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("empty");
  }

  @Test
  void rejectsFixedLengthColumnsWithoutALength() {
    assertThatThrownBy(() -> descriptor(root(1), leaf("f", REQUIRED, Type.FIXED_LEN_BYTE_ARRAY)))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("FIXED_LEN_BYTE_ARRAY column 'f' has type_length null");
  }

  @Test
  void treatsATypelessElementWithoutChildrenAsAnEmptyGroup() throws ParquetException {
    SchemaDescriptor schema = descriptor(root(2), group("empty", OPTIONAL, 0), leaf("a", REQUIRED, Type.INT32));
    assertThat(schema.root().child(0).isGroup()).as("typeless element is a group").isTrue();
    assertThat(schema.columnCount()).as("leaves").isEqualTo(1);
  }

  @Test
  void refusesNestingDeeperThanTheLimit() {
    List<SchemaElement> elements = new ArrayList<>();
    elements.add(root(1));
    for (int i = 0; i < SchemaDescriptor.MAX_NESTING_DEPTH + 1; i++) {
      elements.add(group("g" + i, OPTIONAL, 1));
    }
    elements.add(leaf("x", OPTIONAL, Type.INT32));
    assertThatThrownBy(() -> SchemaDescriptor.fromElements(elements, "deep.parquet"))
        .isInstanceOf(UnsupportedParquetFeatureException.class)
        .hasMessageContaining("deep.parquet")
        .hasMessageContaining("nesting deeper than");
  }
}
