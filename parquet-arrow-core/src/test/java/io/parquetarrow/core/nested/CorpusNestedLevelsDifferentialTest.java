package io.parquetarrow.core.nested;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.nested.LeafPath.Projected;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.core.schema.SchemaMapping;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.BaseRepeatedValueVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Differential test on real files: for every nested column of every corpus file, the levels as parquet-java
 * decodes them are assembled by the engine (each row group cut into random record-aligned batches), and the
 * resulting structure — which structs, lists, maps and leaves are null, and every list's length — must equal the
 * vectors Arrow C++ (arrow-dataset over JNI) reads from the same file. Leaf values are not compared (that is the
 * flat reader's job); a non-null leaf is just "present". Prints its seed.
 *
 * <p>Files the Arrow C++ oracle cannot read ({@link #ORACLE_CANNOT_READ}) are still assembled and their record
 * counts checked against the footer; files with encrypted columns need keys and are left to the encryption tests.
 */
class CorpusNestedLevelsDifferentialTest {
  /** Nested corpus files Arrow C++ 18 (arrow-dataset JNI) refuses, with its reason. */
  private static final Map<String, String> ORACLE_CANNOT_READ = Map.of(
      "incorrect_map_schema.parquet", "optional map key (old Presto/Trino): 'Map keys must be annotated as required'");

  /**
   * Nested corpus files neither oracle decodes here (parquet-java, our level source, lacks the Hadoop brotli
   * codec; Arrow C++'s JNI build has no brotli either); the flat reader's corpus tests cover them.
   */
  private static final Map<String, String> LEVELS_UNAVAILABLE = Map.of(
      "large_string_map.brotli.parquet", "brotli: no codec in parquet-java's or Arrow C++'s test builds");

  @TestFactory
  Stream<DynamicTest> engineMatchesArrowCppOnCorpusFiles() {
    Path data = CorpusFiles.dataDirectory();
    long seed = new Random().nextLong();
    System.out.println("CorpusNestedLevelsDifferentialTest seed " + seed);
    return CorpusFiles.parquetFiles(data).stream()
        .filter(file -> !file.getFileName().toString().endsWith(".encrypted"))
        .filter(file -> !LEVELS_UNAVAILABLE.containsKey(file.getFileName().toString()))
        .filter(CorpusNestedLevelsDifferentialTest::isNested)
        .map(file -> DynamicTest.dynamicTest(data.relativize(file).toString(),
            () -> compare(file, new Random(seed))));
  }

  private static boolean isNested(Path file) {
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (FieldMapping field : parquet.metadata().arrowSchemaMapping().fields()) {
        if (field.kind() != FieldMapping.Kind.PRIMITIVE) {
          return true;
        }
      }
      return false;
    } catch (Exception e) {
      return false; // files the schema layer refuses are covered by its own tests
    }
  }

  private static void compare(Path file, Random random) throws Exception {
    SchemaMapping mapping;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      mapping = parquet.metadata().arrowSchemaMapping();
    }
    List<List<FieldMapping>> chains = new ArrayList<>();
    List<List<Integer>> childIndexes = new ArrayList<>();
    List<Integer> topLevel = new ArrayList<>();
    for (int i = 0; i < mapping.fields().size(); i++) {
      collect(mapping.fields().get(i), i, new ArrayList<>(), new ArrayList<>(), chains, childIndexes, topLevel);
    }
    if (ORACLE_CANNOT_READ.containsKey(file.getFileName().toString())) {
      long rows;
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        rows = reader.getRecordCount();
      }
      for (List<FieldMapping> chain : chains) {
        ColumnDescriptor column = chain.get(chain.size() - 1).column();
        NestedPath path = ParquetPaths.toNestedPath(
            CorpusSchemaPathsTest.parquetPath(mapping.parquetSchema().root(), column));
        assertThat(engineStructure(file, column, path, random)).as("records of %s in %s (Arrow C++ cannot read it:"
            + " %s)", column.dottedPath(), file, ORACLE_CANNOT_READ.get(file.getFileName().toString()))
            .hasSize(Math.toIntExact(rows));
      }
      return;
    }
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowBatches batches = ArrowCppOracle.read(allocator, file)) {
        for (int c = 0; c < chains.size(); c++) {
          List<FieldMapping> chain = chains.get(c);
          ColumnDescriptor column = chain.get(chain.size() - 1).column();
          NestedPath path = ParquetPaths.toNestedPath(
              CorpusSchemaPathsTest.parquetPath(mapping.parquetSchema().root(), column));
          List<Object> ours = engineStructure(file, column, path, random);
          List<Object> theirs = new ArrayList<>();
          for (VectorSchemaRoot root : batches.batches()) {
            FieldVector vector = root.getVector(topLevel.get(c));
            for (int row = 0; row < root.getRowCount(); row++) {
              theirs.add(arrowStructure(vector, row, chain, childIndexes.get(c), 0));
            }
          }
          assertThat(ours).as("structure of column %s in %s: engine vs Arrow C++", column.dottedPath(), file)
              .isEqualTo(theirs);
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left allocated").isZero();
    }
  }

  /** Levels from parquet-java, assembled by the engine in random record-aligned batches per row group. */
  private static List<Object> engineStructure(Path file, ColumnDescriptor column, NestedPath path, Random random)
      throws Exception {
    List<Object> records = new ArrayList<>();
    NestedLevelAssembler assembler = new NestedLevelAssembler(path);
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      org.apache.parquet.column.ColumnDescriptor descriptor =
          schema.getColumnDescription(column.path().toArray(new String[0]));
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      PageReadStore rowGroup;
      while ((rowGroup = reader.readNextRowGroup()) != null) {
        int total = Math.toIntExact(rowGroup.getPageReader(descriptor).getTotalValueCount());
        ColumnReader columnReader = new ColumnReadStoreImpl(rowGroup,
            new DummyRecordConverter(schema).getRootConverter(), schema, createdBy).getColumnReader(descriptor);
        int[] definition = new int[total];
        int[] repetition = new int[total];
        for (int i = 0; i < total; i++) {
          definition[i] = columnReader.getCurrentDefinitionLevel();
          repetition[i] = columnReader.getCurrentRepetitionLevel();
          if (definition[i] == descriptor.getMaxDefinitionLevel()) {
            columnReader.skip();
          }
          columnReader.consume();
        }
        int from = 0;
        while (from < total) {
          int batch = 1 + random.nextInt(50);
          int end = RecordBoundaries.findRecordEnd(repetition, from, total, batch, true);
          if (end == RecordBoundaries.NOT_FOUND) {
            end = total;
          }
          records.addAll(LevelsToObjects.structure(assembler.assemble(definition, repetition, from, end - from)));
          from = end;
        }
      }
    }
    return records;
  }

  /** The same projection read from Arrow C++'s vectors. */
  private static Object arrowStructure(ValueVector vector, int index, List<FieldMapping> chain,
      List<Integer> childIndexes, int depth) {
    if (vector.isNull(index)) {
      return null;
    }
    FieldMapping field = chain.get(depth);
    switch (field.kind()) {
      case PRIMITIVE:
        return LevelsToObjects.VALUE;
      case STRUCT:
        return new Projected(arrowStructure(((StructVector) vector).getChildByOrdinal(childIndexes.get(depth)), index,
            chain, childIndexes, depth + 1));
      default:
        long start;
        long end;
        ValueVector child;
        if (vector instanceof LargeListVector large) {
          start = large.getElementStartIndex(index);
          end = large.getElementEndIndex(index);
          child = large.getDataVector();
        } else {
          BaseRepeatedValueVector list = (BaseRepeatedValueVector) vector;
          start = list.getOffsetBuffer().getInt((long) index * BaseRepeatedValueVector.OFFSET_WIDTH);
          end = list.getOffsetBuffer().getInt((long) (index + 1) * BaseRepeatedValueVector.OFFSET_WIDTH);
          child = list.getDataVector();
        }
        List<Object> elements = new ArrayList<>();
        for (long i = start; i < end; i++) {
          elements.add(arrowStructure(child, Math.toIntExact(i), chain, childIndexes, depth + 1));
        }
        return elements;
    }
  }

  private static void collect(FieldMapping field, int top, List<FieldMapping> above, List<Integer> indexes,
      List<List<FieldMapping>> chains, List<List<Integer>> childIndexes, List<Integer> topLevel) {
    above.add(field);
    if (field.kind() == FieldMapping.Kind.PRIMITIVE) {
      chains.add(List.copyOf(above));
      List<Integer> copy = new ArrayList<>(indexes);
      copy.add(-1);
      childIndexes.add(copy);
      topLevel.add(top);
    }
    for (int i = 0; i < field.children().size(); i++) {
      indexes.add(i);
      collect(field.child(i), top, above, indexes, chains, childIndexes, topLevel);
      indexes.remove(indexes.size() - 1);
    }
    above.remove(above.size() - 1);
  }
}
