package io.parquetarrow.core.nested;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.nested.TestType.ListOf;
import io.parquetarrow.core.nested.TestType.MapEntry;
import io.parquetarrow.core.nested.TestType.MapOf;
import io.parquetarrow.core.nested.TestType.Primitive;
import io.parquetarrow.core.nested.TestType.Struct;
import io.parquetarrow.core.nested.TestType.StructValue;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.validate.ValidateVectorBufferVisitor;
import org.apache.arrow.vector.validate.ValidateVectorDataVisitor;
import org.junit.jupiter.api.Test;

/**
 * Shows that the engine's output is Arrow's layout: random nested records are shredded, assembled per leaf,
 * loaded into Struct/List/Map/BigInt vectors through their buffers ({@link ArrowNestedVectors}, shared nodes from
 * the first leaf), validated with Arrow's buffer and data validators and read back with
 * {@code getObject}. Prints its seed; leaves no Arrow memory behind.
 */
class ArrowLayoutTest {
  @Test
  void randomRecordsLoadIntoValidArrowVectors() throws ParquetCorruptionException {
    long base = new Random().nextLong();
    System.out.println("ArrowLayoutTest base seed " + base);
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int run = 0; run < 150; run++) {
        long seed = base + run;
        RandomNestedData data = new RandomNestedData(seed, 4);
        List<TestType> schema = data.schema();
        List<List<Object>> records = new ArrayList<>();
        int recordCount = data.random().nextInt(40);
        for (int r = 0; r < recordCount; r++) {
          records.add(data.record(schema, 12));
        }
        List<LeafPath> leaves = LeafPath.leaves(schema);
        for (int field = 0; field < schema.size(); field++) {
          List<NestedLevels> levels = new ArrayList<>();
          List<long[]> values = new ArrayList<>();
          for (LeafPath leaf : leaves) {
            if (leaf.topLevelField() != field) {
              continue;
            }
            TestShredder.Column column = TestShredder.shred(leaf, records);
            NestedLevelAssembler assembler = new NestedLevelAssembler(ParquetPaths.toNestedPath(leaf.parquetPath()));
            levels.add(assembler.assemble(column.definitionLevels(), column.repetitionLevels(), 0,
                column.levelCount()));
            values.add(column.values());
          }
          try (FieldVector vector = ArrowNestedVectors.build(allocator, schema.get(field), levels, values)) {
            // Buffer and data validation (sizes, offsets, children); validateFull's type check wrongly expects
            // ArrowType.List for a MapVector (it visits it as a ListVector) in Arrow Java 18.
            vector.accept(new ValidateVectorBufferVisitor(), null);
            vector.accept(new ValidateVectorDataVisitor(), null);
            assertThat(vector.getValueCount()).as("seed %d field %d", seed, field).isEqualTo(records.size());
            for (int r = 0; r < records.size(); r++) {
              Object expected = arrowObject(schema.get(field), records.get(r).get(field));
              assertThat(vector.getObject(r)).as("seed %d, field %s, record %d", seed, schema.get(field), r)
                  .isEqualTo(expected);
            }
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left allocated").isZero();
    }
  }

  /** What Arrow Java's {@code getObject} returns for a value: structs as maps without their null fields. */
  private static Object arrowObject(TestType type, Object value) {
    if (value == null || type instanceof Primitive) {
      return value;
    }
    if (type instanceof Struct struct) {
      Map<String, Object> result = new LinkedHashMap<>();
      List<Object> fields = ((StructValue) value).fields();
      for (int i = 0; i < fields.size(); i++) {
        Object child = arrowObject(struct.fields().get(i), fields.get(i));
        if (child != null) {
          result.put(struct.fields().get(i).name(), child);
        }
      }
      return result;
    }
    List<Object> result = new ArrayList<>();
    for (Object element : (List<?>) value) {
      if (type instanceof MapOf map) {
        MapEntry entry = (MapEntry) element;
        result.add(arrowObject(new Struct("entries", false, List.of(map.key(), map.value())),
            new StructValue(Arrays.asList(entry.key(), entry.value()))));
      } else {
        result.add(arrowObject(((ListOf) type).element(), element));
      }
    }
    return result;
  }
}
