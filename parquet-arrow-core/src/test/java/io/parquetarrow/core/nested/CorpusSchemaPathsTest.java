package io.parquetarrow.core.nested;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.core.schema.GroupNode;
import io.parquetarrow.core.schema.SchemaMapping;
import io.parquetarrow.core.schema.SchemaNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Cross-check with the schema layer on every corpus file: for each leaf column, the {@link NestedPath} that
 * {@link ParquetPaths} builds from the Parquet schema path has the same Arrow nesting (kinds) and the same levels
 * as the {@link FieldMapping} chain {@code ParquetToArrowSchema} produces (Arrow C++'s {@code LevelInfo}: for a
 * list or map its definition level is where it is non-empty; the repeated ancestor definition level is our slot
 * definition level). Also shows how the reader turns schema nodes into {@link ParquetPathNode}s.
 */
class CorpusSchemaPathsTest {
  @TestFactory
  Stream<DynamicTest> nestedPathsAgreeWithTheSchemaLayer() {
    Path data = CorpusFiles.dataDirectory();
    return CorpusFiles.parquetFiles(data).stream()
        .filter(file -> !CorpusFiles.hasEncryptedFooter(file))
        .map(file -> DynamicTest.dynamicTest(data.relativize(file).toString(), () -> {
          SchemaMapping mapping;
          try (ParquetFile parquet = ParquetFile.open(file)) {
            mapping = parquet.metadata().arrowSchemaMapping();
          }
          List<List<FieldMapping>> chains = new ArrayList<>();
          for (FieldMapping field : mapping.fields()) {
            collectChains(field, new ArrayList<>(), chains);
          }
          for (List<FieldMapping> chain : chains) {
            ColumnDescriptor column = chain.get(chain.size() - 1).column();
            NestedPath path = ParquetPaths.toNestedPath(parquetPath(mapping.parquetSchema().root(), column));
            assertThat(describe(path)).as("nested path of %s in %s", column, file).isEqualTo(describe(chain));
            assertThat(path.maxDefinitionLevel()).as("max definition level of %s", column)
                .isEqualTo(column.maxDefinitionLevel());
            assertThat(path.maxRepetitionLevel()).as("max repetition level of %s", column)
                .isEqualTo(column.maxRepetitionLevel());
          }
        }));
  }

  /** The schema nodes from below the root to the column's leaf, as the reader passes them to the engine. */
  static List<ParquetPathNode> parquetPath(GroupNode root, ColumnDescriptor column) {
    List<ParquetPathNode> path = new ArrayList<>();
    SchemaNode node = root;
    for (String name : column.path()) {
      GroupNode group = node.asGroup();
      SchemaNode next = null;
      for (SchemaNode child : group.children()) {
        if (child.name().equals(name)) {
          next = child;
          break;
        }
      }
      node = next;
      if (node.isGroup()) {
        GroupNode nextGroup = node.asGroup();
        ParquetPathNode.Annotation annotation = nextGroup.isListAnnotated() ? ParquetPathNode.Annotation.LIST
            : nextGroup.isMapAnnotated() ? ParquetPathNode.Annotation.MAP : ParquetPathNode.Annotation.NONE;
        path.add(new ParquetPathNode(node.name(), node.repetition(), annotation, nextGroup.childCount(), false));
      } else {
        path.add(ParquetPathNode.primitive(node.name(), node.repetition()));
      }
    }
    return path;
  }

  private static void collectChains(FieldMapping field, List<FieldMapping> above, List<List<FieldMapping>> into) {
    above.add(field);
    if (field.kind() == FieldMapping.Kind.PRIMITIVE) {
      into.add(List.copyOf(above));
    }
    for (FieldMapping child : field.children()) {
      collectChains(child, above, into);
    }
    above.remove(above.size() - 1);
  }

  private static List<String> describe(NestedPath path) {
    List<String> result = new ArrayList<>();
    for (NestingNode node : path.nodes()) {
      boolean repeated = node.kind().isRepeated();
      String kind = node.kind() == NestingKind.LEAF ? "PRIMITIVE" : node.kind().name();
      result.add(kind + " def " + (repeated ? node.elementDefinitionLevel() : node.definitionLevel()) + " rep "
          + (repeated ? node.repetitionLevel() : node.slotRepetitionLevel()) + " ancestor def "
          + node.slotDefinitionLevel());
    }
    return result;
  }

  private static List<String> describe(List<FieldMapping> chain) {
    List<String> result = new ArrayList<>();
    for (FieldMapping field : chain) {
      result.add(field.kind() + " def " + field.definitionLevel() + " rep " + field.repetitionLevel()
          + " ancestor def " + field.repeatedAncestorDefinitionLevel());
    }
    return result;
  }
}
