package io.parquetarrow.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Differential test: for every readable corpus file, the Arrow schema {@link ParquetToArrowSchema} produces equals
 * the one Arrow C++ (arrow-dataset over JNI, {@code FileSystemDatasetFactory.inspect()}) produces, field by field —
 * names, nullability, types, dictionary encoding (index type and ordering; ids are per reader), field metadata —
 * and schema metadata.
 *
 * <p>Deliberate differences, also listed in {@link ParquetToArrowSchema}'s Javadoc: the metadata keys we add for
 * GEOMETRY, GEOGRAPHY and VARIANT are removed before comparing, and {@link #ARROW_CPP_REFUSES} lists files Arrow
 * C++ cannot read that we read.
 */
class CorpusArrowSchemaTest {

  /** Keys only parquet-arrow adds (Arrow C++ without extension types drops these parameters). */
  private static final Set<String> OUR_EXTRA_KEYS = Set.of(ParquetToArrowSchema.LOGICAL_TYPE_KEY,
      ParquetToArrowSchema.CRS_KEY, ParquetToArrowSchema.EDGES_KEY, ParquetToArrowSchema.VARIANT_VERSION_KEY);

  /** Files Arrow C++ 18 refuses at schema conversion, with why we read them. */
  private static final Map<String, String> ARROW_CPP_REFUSES = Map.of(
      "incorrect_map_schema.parquet",
      "map key marked optional (old Presto/Trino); Arrow C++ says 'Map keys must be annotated as required',"
          + " we read the key as non-nullable");

  @TestFactory
  Stream<DynamicTest> arrowSchemaMatchesArrowCpp() {
    Path data = CorpusFiles.dataDirectory();
    return CorpusFiles.parquetFiles(data).stream()
        .filter(file -> !CorpusFiles.hasEncryptedFooter(file))
        .map(file -> DynamicTest.dynamicTest(data.relativize(file).toString(), () -> {
          SchemaMapping ours;
          try (ParquetFile parquet = ParquetFile.open(file)) {
            ours = parquet.metadata().arrowSchemaMapping();
          }
          assertThat(ours.columns()).as("every leaf of %s is mapped once", file)
              .containsExactlyElementsOf(ours.parquetSchema().columns());
          for (FieldMapping field : ours.fields()) {
            checkLeafLevels(field, file);
          }
          try (RootAllocator allocator = TestAllocators.root()) {
            String uri = "file://" + file.toAbsolutePath();
            if (ARROW_CPP_REFUSES.containsKey(file.getFileName().toString())) {
              assertThatThrownBy(() -> inspect(allocator, uri))
                  .as("Arrow C++ refuses %s: %s", file, ARROW_CPP_REFUSES.get(file.getFileName().toString()))
                  .isInstanceOf(RuntimeException.class);
            } else {
              Schema theirs = inspect(allocator, uri);
              assertThat(describe(ours.arrowSchema().getFields()))
                  .as("Arrow schema of %s: ours vs Arrow C++", file)
                  .isEqualTo(describe(theirs.getFields()));
              assertThat(ours.arrowSchema().getCustomMetadata())
                  .as("schema metadata of %s: ours vs Arrow C++", file)
                  .isEqualTo(theirs.getCustomMetadata());
            }
            assertThat(allocator.getAllocatedMemory()).as("Arrow memory left allocated").isZero();
          }
        }));
  }

  /** A leaf's levels, derived while mapping, must be the column's maximum levels from the Parquet schema. */
  private static void checkLeafLevels(FieldMapping field, Path file) {
    if (field.kind() == FieldMapping.Kind.PRIMITIVE) {
      assertThat(field.definitionLevel()).as("definition level of %s in %s", field.column(), file)
          .isEqualTo(field.column().maxDefinitionLevel());
      assertThat(field.repetitionLevel()).as("repetition level of %s in %s", field.column(), file)
          .isEqualTo(field.column().maxRepetitionLevel());
    }
    for (FieldMapping child : field.children()) {
      assertThat(child.repetitionLevel()).as("repetition level below %s in %s", field.field().getName(), file)
          .isGreaterThanOrEqualTo(field.repetitionLevel());
      checkLeafLevels(child, file);
    }
  }

  private static Schema inspect(RootAllocator allocator, String uri) throws Exception {
    try (FileSystemDatasetFactory factory =
        new FileSystemDatasetFactory(allocator, NativeMemoryPool.getDefault(), FileFormat.PARQUET, uri)) {
      return factory.inspect();
    }
  }

  /**
   * One line per field, depth first, with everything compared: path, type, nullability, dictionary index type and
   * ordering, and metadata without our own extra keys.
   */
  private static List<String> describe(List<Field> fields) {
    List<String> lines = new ArrayList<>();
    for (Field field : fields) {
      describe(field, "", lines);
    }
    return lines;
  }

  private static void describe(Field field, String parent, List<String> lines) {
    String path = parent.isEmpty() ? field.getName() : parent + "." + field.getName();
    Map<String, String> metadata = new LinkedHashMap<>(field.getMetadata());
    metadata.keySet().removeAll(OUR_EXTRA_KEYS);
    String dictionary = field.getDictionary() == null ? ""
        : " dictionary(" + field.getDictionary().getIndexType() + ", ordered=" + field.getDictionary().isOrdered()
            + ")";
    lines.add(path + ": " + field.getType() + (field.isNullable() ? "" : " not null") + dictionary
        + (metadata.isEmpty() ? "" : " " + new java.util.TreeMap<>(metadata)));
    for (Field child : field.getChildren()) {
      describe(child, path, lines);
    }
  }
}
