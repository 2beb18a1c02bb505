package io.parquetarrow.core.nested;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.nested.TestType.ListForm;
import io.parquetarrow.core.nested.TestType.ListOf;
import io.parquetarrow.core.nested.TestType.Primitive;
import io.parquetarrow.core.nested.TestType.Struct;
import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property test of the whole engine: random schemas (depth up to 4, random nullability, every list form, maps),
 * random records, shredded by the independent {@link TestShredder}, assembled in random record-aligned batches,
 * read back ({@link LevelsToObjects}) and compared with the records; leaves under shared structs and lists must
 * agree ({@link SharedLevelsCheck}). Every schema prints its seed; set {@code -DnestedSeed=<seed>} to replay one.
 */
class NestedRoundTripPropertyTest {
  private static final int SCHEMAS = 400;

  @Test
  void randomSchemasRoundTrip() throws ParquetCorruptionException {
    String fixed = System.getProperty("nestedSeed");
    long base = fixed != null ? Long.parseLong(fixed) : new Random().nextLong();
    int runs = fixed != null ? 1 : SCHEMAS;
    System.out.println("NestedRoundTripPropertyTest base seed " + base + " (" + runs + " schemas)");
    for (int run = 0; run < runs; run++) {
      long seed = base + run;
      RandomNestedData data = new RandomNestedData(seed, 4);
      List<TestType> schema = data.schema();
      int recordCount = data.random().nextInt(60);
      List<List<Object>> records = new ArrayList<>();
      for (int r = 0; r < recordCount; r++) {
        records.add(data.record(schema, 20));
      }
      roundTrip(schema, records, data.random(), "seed " + seed + " (-DnestedSeed=" + seed + "), schema " + schema);
    }
  }

  @Test
  void oneRowWithAHundredThousandElementList() throws ParquetCorruptionException {
    long seed = new Random().nextLong();
    System.out.println("oneRowWithAHundredThousandElementList seed " + seed);
    Random random = new Random(seed);
    Struct element = new Struct("element", true, List.of(new Primitive("a", true),
        new ListOf("inner", true, new Primitive("x", true), ListForm.THREE_LEVEL)));
    List<TestType> schema = List.of(new Primitive("id", false),
        new ListOf("big", true, element, ListForm.THREE_LEVEL),
        new ListOf("flat", false, new Primitive("flat", false), ListForm.BARE_REPEATED));
    RandomNestedData data = new RandomNestedData(seed, 4);
    List<List<Object>> records = new ArrayList<>();
    records.add(data.record(schema, 3));
    List<Object> big = new ArrayList<>();
    List<Object> flat = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      big.add(data.value(element, 3));
      flat.add((long) i);
    }
    records.add(List.of(1L, big, flat));
    records.add(data.record(schema, 3));
    roundTrip(schema, records, random, "seed " + seed);
  }

  static void roundTrip(List<TestType> schema, List<List<Object>> records, Random random, String context)
      throws ParquetCorruptionException {
    List<LeafPath> leaves = LeafPath.leaves(schema);
    List<TestShredder.Column> columns = new ArrayList<>();
    List<NestedLevelAssembler> assemblers = new ArrayList<>();
    for (LeafPath leaf : leaves) {
      NestedPath path = ParquetPaths.toNestedPath(leaf.parquetPath());
      assertThat(withoutNames(path)).as("nested path of %s from %s, %s", leaf.dottedPath(), leaf.parquetPath(),
          context).isEqualTo(withoutNames(leaf.expectedNestedPath()));
      columns.add(TestShredder.shred(leaf, records));
      assemblers.add(new NestedLevelAssembler(path));
    }
    int[] levelPosition = new int[leaves.size()];
    int[] valuePosition = new int[leaves.size()];
    int record = 0;
    while (record < records.size()) {
      int batchRecords = 1 + random.nextInt(Math.max(1, Math.min(records.size() - record, 25)));
      List<NestedLevels> batch = new ArrayList<>();
      for (int c = 0; c < leaves.size(); c++) {
        TestShredder.Column column = columns.get(c);
        int from = levelPosition[c];
        int end = RecordBoundaries.findRecordEnd(column.repetitionLevels(), from, column.levelCount(),
            batchRecords, true);
        assertThat(end).as("end of %d records from %d in %s, %s", batchRecords, from, leaves.get(c).dottedPath(),
            context).isNotEqualTo(RecordBoundaries.NOT_FOUND);
        NestedLevels levels = assemblers.get(c).assemble(column.definitionLevels(), column.repetitionLevels(),
            from, end - from);
        assertThat(levels.recordCount()).as("records of the batch, %s", context).isEqualTo(batchRecords);
        List<Object> read = LevelsToObjects.records(levels, column.values(), valuePosition[c]);
        List<Object> expected = new ArrayList<>();
        for (int r = record; r < record + batchRecords; r++) {
          expected.add(leaves.get(c).project(records.get(r).get(leaves.get(c).topLevelField())));
        }
        assertThat(read).as("column %s, records %d..%d, %s", leaves.get(c).dottedPath(), record,
            record + batchRecords, context).isEqualTo(expected);
        levelPosition[c] = end;
        valuePosition[c] += levels.leaf().valueCount();
        batch.add(levels); // each column has its own assembler, so the results stay valid together
      }
      for (int a = 0; a < batch.size(); a++) {
        for (int b = a + 1; b < batch.size(); b++) {
          SharedLevelsCheck.checkAgree(batch.get(a), batch.get(b));
        }
      }
      record += batchRecords;
    }
    for (int c = 0; c < leaves.size(); c++) {
      assertThat(levelPosition[c]).as("all levels consumed, %s", context).isEqualTo(columns.get(c).levelCount());
      assertThat(valuePosition[c]).as("all values consumed, %s", context).isEqualTo(columns.get(c).values().length);
    }
  }

  private static List<String> withoutNames(NestedPath path) {
    List<String> result = new ArrayList<>();
    for (NestingNode node : path.nodes()) {
      result.add(node.kind() + " nullable=" + node.nullable() + " def=" + node.definitionLevel() + " elementDef="
          + node.elementDefinitionLevel() + " rep=" + node.repetitionLevel() + " slotDef="
          + node.slotDefinitionLevel() + " slotRep=" + node.slotRepetitionLevel());
    }
    return result;
  }
}
