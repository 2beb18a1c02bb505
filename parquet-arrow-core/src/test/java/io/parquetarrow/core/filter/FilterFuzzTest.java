package io.parquetarrow.core.filter;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.core.BytesInputFile;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.fuzz.FuzzFindings;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Fuzzes the filter-expression parser on arbitrary text (the input's bytes as UTF-8). A text that parses must
 * print ({@link Filter#toString()}) as text that parses back to an equal filter; a filter that binds to a fixed
 * schema ({@link FilterBinding#bind}) is then applied, rows exact, to a fixed small file of that schema (small
 * pages, several row groups, page index, statistics, Bloom filters, dictionaries), and the rows read must be
 * exactly those the reference evaluator ({@link Reference}) finds true. Parse and bind may reject with an
 * {@link IllegalArgumentException}; everything else is checked by {@link FuzzFindings}.
 */
class FilterFuzzTest {
  private static final String NAME = "filter-fuzz-table.parquet";
  private static final int ROWS = 300;
  private static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("row", new ArrowType.Int(32, true)),
      Field.nullable("i", new ArrowType.Int(64, true)),
      Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("s", ArrowType.Utf8.INSTANCE),
      Field.nullable("m", new ArrowType.Decimal(9, 2, 128)),
      Field.nullable("t", new ArrowType.Date(DateUnit.DAY)),
      new Field("p", FieldType.notNullable(ArrowType.Struct.INSTANCE),
          List.of(Field.nullable("x", new ArrowType.Int(32, true))))));
  private static final String[] STRINGS = {"", "a", "ab", "abc", "b", "é", "z", "日本", "x'y"};
  private static final double[] DOUBLES =
      {Double.NEGATIVE_INFINITY, -2.5, -1, -0.0, 0.0, 0.5, 1, 3, Double.POSITIVE_INFINITY, Double.NaN};
  private static final LocalDate EPOCH = LocalDate.of(2024, 1, 1);

  /** The table's values by dotted path, as {@link Reference} takes them. */
  private static final Map<String, List<Object>> VALUES = values();
  private static final byte[] FILE = write();

  @FuzzTest(maxDuration = "5m")
  void parseBindAndFilter(byte[] input) throws Exception {
    String text = new String(input, StandardCharsets.UTF_8);
    Filter filter;
    try {
      filter = Filter.parse(text);
    } catch (IllegalArgumentException rejected) {
      return;
    }
    Filter reparsed = Filter.parse(filter.toString());
    if (!reparsed.equals(filter)) {
      throw new AssertionError("\"" + text + "\" parsed as " + filter + ", which parses back as " + reparsed);
    }
    try {
      FilterBinding.bind(filter, SCHEMA);
    } catch (IllegalArgumentException rejected) {
      return;
    }
    FuzzFindings.check(NAME, input.length, allocator -> {
      TreeSet<Integer> expected = new TreeSet<>();
      for (int row = 0; row < ROWS; row++) {
        if (Boolean.TRUE.equals(Reference.evaluate(filter, VALUES, row))) {
          expected.add(row);
        }
      }
      TreeSet<Integer> actual = readRows(allocator, filter);
      if (!actual.equals(expected)) {
        throw new AssertionError("filter " + filter + " read rows " + actual + " but the reference matches "
            + expected);
      }
    });
  }

  private static TreeSet<Integer> readRows(BufferAllocator allocator, Filter filter) throws IOException {
    ReadOptions options = ReadOptions.builder().threads(1).readAheadBytes(0).batchRows(41).filter(filter)
        .filterRows(true).build();
    TreeSet<Integer> rows = new TreeSet<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(new BytesInputFile(NAME, FILE), allocator, options)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        IntVector row = (IntVector) root.getVector("row");
        for (int i = 0; i < root.getRowCount(); i++) {
          rows.add(row.get(i));
        }
      }
    }
    return rows;
  }

  private static Map<String, List<Object>> values() {
    SplittableRandom random = new SplittableRandom(20_240_131);
    Map<String, List<Object>> values = new LinkedHashMap<>();
    for (String path : List.of("row", "i", "d", "s", "m", "t", "p.x")) {
      values.put(path, new ArrayList<>());
    }
    for (int row = 0; row < ROWS; row++) {
      // Runs of rising values give pages and row groups narrow bounds, so that pruning has something to prune.
      boolean isNull = random.nextInt(9) == 0;
      values.get("row").add((long) row);
      values.get("i").add(isNull ? null : (long) (row / 3 - 40 + random.nextInt(3)));
      values.get("d").add(random.nextInt(9) == 0 ? null : DOUBLES[random.nextInt(DOUBLES.length)]);
      values.get("s").add(isNull ? null : STRINGS[(row / 40 + random.nextInt(2)) % STRINGS.length]);
      values.get("m").add(random.nextInt(7) == 0 ? null : BigDecimal.valueOf(row * 7L - 900, 2));
      values.get("t").add(random.nextInt(8) == 0 ? null : EPOCH.plusDays(row / 10 - 12));
      values.get("p.x").add(random.nextInt(6) == 0 ? null : (long) (random.nextInt(11) - 5));
    }
    return values;
  }

  private static byte[] write() {
    WriteOptions options = WriteOptions.builder().pageRowLimit(23).rowGroupRowLimit(110).pageIndexEnabled(true)
        .bloomFilter("s", 20, 0.01).bloomFilter("i", 100, 0.01).syncOnClose(false).build();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
      fill(root);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(bytes, SCHEMA, options)) {
        writer.write(root);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static void fill(VectorSchemaRoot root) {
    root.allocateNew();
    IntVector row = (IntVector) root.getVector("row");
    BigIntVector i = (BigIntVector) root.getVector("i");
    Float8Vector d = (Float8Vector) root.getVector("d");
    VarCharVector s = (VarCharVector) root.getVector("s");
    DecimalVector m = (DecimalVector) root.getVector("m");
    DateDayVector t = (DateDayVector) root.getVector("t");
    StructVector p = (StructVector) root.getVector("p");
    IntVector x = (IntVector) p.getChild("x");
    for (int r = 0; r < ROWS; r++) {
      row.setSafe(r, r);
      Object value = VALUES.get("i").get(r);
      if (value != null) {
        i.setSafe(r, (Long) value);
      }
      if ((value = VALUES.get("d").get(r)) != null) {
        d.setSafe(r, (Double) value);
      }
      if ((value = VALUES.get("s").get(r)) != null) {
        s.setSafe(r, ((String) value).getBytes(StandardCharsets.UTF_8));
      }
      if ((value = VALUES.get("m").get(r)) != null) {
        m.setSafe(r, (BigDecimal) value);
      }
      if ((value = VALUES.get("t").get(r)) != null) {
        t.setSafe(r, (int) ((LocalDate) value).toEpochDay());
      }
      p.setIndexDefined(r);
      if ((value = VALUES.get("p.x").get(r)) != null) {
        x.setSafe(r, (int) (long) (Long) value);
      }
    }
    row.setValueCount(ROWS);
    root.setRowCount(ROWS);
  }
}
