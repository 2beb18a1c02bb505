package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.Encoding;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link FieldReader#readSelected} gives exactly the selected rows that reading every row gives, for every flat
 * shape it takes: required and optional INT32, INT64, DOUBLE, dates, decimals converted from INT64, fixed-size
 * binary, booleans and strings (with nulls, without, all null in places), in data pages v1 and v2, dictionary
 * encoded and not, PLAIN and the delta and byte-stream-split encodings. Pieces start and end inside pages and on
 * page boundaries ({@value #PAGE_ROWS}-row pages); selections are empty, single rows, scattered at several
 * densities, whole, in runs, and whole pages with gaps of whole pages, interleaved with plain skips and reads.
 */
class ReadSelectedTest {
  private static final int PAGE_ROWS = 250;
  private static final int ROW_GROUP_ROWS = 6_000;
  private static final int ROWS = 14_000;

  @TempDir Path directory;

  @ParameterizedTest(name = "{0}, dictionary {1}, encodings {2}")
  @CsvSource({"V1, true, plain", "V1, false, plain", "V2, true, plain", "V2, false, plain", "V1, false, delta",
      "V2, false, delta", "V2, false, split"})
  void selectedRowsAreTheRowsReadingEverythingGives(WriteOptions.DataPageVersion version, boolean dictionary,
      String encodings) throws Exception {
    Path file = directory.resolve("selected.parquet");
    WriteOptions.Builder options = WriteOptions.builder().dataPageVersion(version).dictionaryEnabled(dictionary)
        .pageRowLimit(PAGE_ROWS).rowGroupRowLimit(ROW_GROUP_ROWS);
    if (encodings.equals("delta")) {
      options.columnEncoding("req_int", Encoding.DELTA_BINARY_PACKED)
          .columnEncoding("opt_long", Encoding.DELTA_BINARY_PACKED)
          .columnEncoding("opt_decimal", Encoding.DELTA_BYTE_ARRAY)
          .columnEncoding("opt_text", Encoding.DELTA_BYTE_ARRAY)
          .columnEncoding("req_text", Encoding.DELTA_LENGTH_BYTE_ARRAY)
          .columnEncoding("opt_fixed", Encoding.DELTA_BYTE_ARRAY);
    } else if (encodings.equals("split")) {
      options.columnEncoding("req_double", Encoding.BYTE_STREAM_SPLIT)
          .columnEncoding("opt_int", Encoding.BYTE_STREAM_SPLIT)
          .columnEncoding("opt_fixed", Encoding.BYTE_STREAM_SPLIT);
    }
    write(file, options.build());
    List<List<Object>> expected = readAll(file);
    long seed = 20_261_202L + version.ordinal() * 7 + (dictionary ? 3 : 0) + encodings.hashCode();
    System.out.println("ReadSelectedTest seed " + seed);
    for (int pattern = 0; pattern < 12; pattern++) {
      assertSelectedReads(file, expected, new Random(seed + pattern), pattern);
    }
  }

  /** The file's rows: a field's values, rendered comparably, per row. */
  private static List<List<Object>> readAll(Path file) throws Exception {
    List<List<Object>> rows = new ArrayList<>();
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
            ReadOptions.builder().batchRows(999).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int row = 0; row < root.getRowCount(); row++) {
          List<Object> values = new ArrayList<>();
          for (FieldVector vector : root.getFieldVectors()) {
            values.add(render(vector, row));
          }
          rows.add(values);
        }
      }
    }
    assertThat(rows).as("rows read whole").hasSize(ROWS);
    return rows;
  }

  private static Object render(FieldVector vector, int row) {
    Object value = vector.getObject(row);
    if (value instanceof byte[] bytes) {
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
    return value == null ? null : value.toString();
  }

  /**
   * Reads every row group in random pieces, each piece skipped, read whole, or read with a random selection of
   * the kind {@code pattern} picks, and compares each field's selected rows with {@code expected}.
   */
  private static void assertSelectedReads(Path file, List<List<Object>> expected, Random random, int pattern)
      throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      RowGroupHarness.Totals totals = RowGroupHarness.forEachRowGroup(file, ReadOptions.defaults(), allocator,
          (context, position, reader, firstRow) -> {
        VectorSchemaRoot root = context.root();
        int[] fields = context.fields();
        long row = 0;
        while (row < reader.rowCount()) {
          int rows = (int) Math.min(pieceRows(random), reader.rowCount() - row);
          int action = random.nextInt(8);
          if (action == 0) {
            reader.skipRows(rows);
          } else if (action == 1) {
            reader.readBatch(rows, root);
            root.setRowCount(rows);
            for (int field : fields) {
              for (int i = 0; i < rows; i++) {
                assertThat(render(root.getVector(field), i)).as("row %d of the whole read",
                    firstRow + row + i).isEqualTo(expected.get((int) (firstRow + row + i)).get(field));
              }
            }
          } else {
            long[] selection = select(random, pattern, rows, (int) row);
            int selected = 0;
            for (long word : selection) {
              selected += Long.bitCount(word);
            }
            for (int field : fields) {
              FieldVector vector = root.getVector(field);
              assertThat(reader.readSelectedField(field, rows, selection, selected, vector))
                  .as("%s reads selected rows", vector.getName()).isTrue();
              assertThat(vector.getValueCount()).as("%s: rows", vector.getName()).isEqualTo(selected);
              int out = 0;
              for (int i = 0; i < rows; i++) {
                if ((selection[i >>> 6] >>> i & 1) != 0) {
                  long at = firstRow + row + i;
                  assertThat(render(vector, out)).as("%s, row %d (pattern %d, piece of %d from row %d)",
                      vector.getName(), at, pattern, rows, row)
                      .isEqualTo(expected.get((int) at).get(field));
                  out++;
                }
              }
              if (vector.getNullCount() == 0) {
                for (int i = 0; i < selected; i++) {
                  assertThat(vector.isNull(i)).as("%s: null count 0 but row %d null", vector.getName(), i)
                      .isFalse();
                }
              }
            }
          }
          row += rows;
        }
      });
      assertThat(totals.rows()).as("rows in the row groups").isEqualTo(ROWS);
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after reading selected rows").isZero();
    }
  }

  /** A piece's rows: about a page, several pages, a batch, or a few rows. */
  private static int pieceRows(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> 1 + random.nextInt(PAGE_ROWS);
      case 1 -> PAGE_ROWS * (1 + random.nextInt(4));
      case 2 -> 1 + random.nextInt(8);
      default -> 1 + random.nextInt(3_000);
    };
  }

  /** A selection of {@code rows} rows starting at row {@code firstRow} of the row group. */
  private static long[] select(Random random, int pattern, int rows, int firstRow) {
    long[] selection = new long[(rows + 63) >>> 6];
    switch (pattern % 6) {
      case 0 -> {
        double density = new double[] {0.0, 0.001, 0.01, 0.1, 0.5, 0.9, 1.0}[random.nextInt(7)];
        for (int i = 0; i < rows; i++) {
          if (random.nextDouble() < density) {
            set(selection, i);
          }
        }
      }
      case 1 -> set(selection, random.nextInt(rows));
      case 2 -> {
        // Runs of selected and unselected rows.
        int i = 0;
        boolean on = random.nextBoolean();
        while (i < rows) {
          int run = 1 + random.nextInt(random.nextBoolean() ? 5 : 400);
          for (int k = i; k < Math.min(rows, i + run) && on; k++) {
            set(selection, k);
          }
          i += run;
          on = !on;
        }
      }
      case 3 -> {
        // Whole pages selected, whole pages between them not, so that those are skipped unread.
        for (int i = 0; i < rows; i++) {
          if (((firstRow + i) / PAGE_ROWS) % 3 == 1) {
            set(selection, i);
          }
        }
      }
      case 4 -> {
        // The first and last rows of each page.
        for (int i = 0; i < rows; i++) {
          int inPage = (firstRow + i) % PAGE_ROWS;
          if (inPage == 0 || inPage == PAGE_ROWS - 1) {
            set(selection, i);
          }
        }
      }
      default -> {
        for (int i = 0; i < rows; i++) {
          if (random.nextInt(4) == 0) {
            set(selection, i);
          }
        }
      }
    }
    return selection;
  }

  private static void set(long[] selection, int row) {
    selection[row >>> 6] |= 1L << row;
  }

  /**
   * Writes {@value #ROWS} rows: every flat shape {@link FlatColumnReader#readSelected} takes, with nulls at several
   * rates (none, a third, all in runs of a page and more), low- and high-cardinality strings.
   */
  private static void write(Path file, WriteOptions options) throws Exception {
    Schema schema = new Schema(List.of(
        field("req_int", false, new ArrowType.Int(32, true)),
        field("opt_int", true, new ArrowType.Int(32, true)),
        field("opt_long", true, new ArrowType.Int(64, true)),
        field("req_double", false, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        field("opt_date", true, new ArrowType.Date(DateUnit.DAY)),
        field("opt_decimal", true, new ArrowType.Decimal(15, 2, 128)),
        field("opt_fixed", true, new ArrowType.FixedSizeBinary(3)),
        field("opt_bool", true, ArrowType.Bool.INSTANCE),
        field("req_bool", false, ArrowType.Bool.INSTANCE),
        field("opt_text", true, ArrowType.Utf8.INSTANCE),
        field("req_text", false, ArrowType.Utf8.INSTANCE),
        field("label", true, ArrowType.Utf8.INSTANCE)));
    Random random = new Random(42);
    int batch = 1_000;
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      for (int start = 0; start < ROWS; start += batch) {
        root.allocateNew();
        int rows = Math.min(batch, ROWS - start);
        for (int slot = 0; slot < rows; slot++) {
          int i = slot;
          int row = start + i;
          // All null in a run of more than a page, else nulls at random.
          boolean runOfNulls = row >= 3_100 && row < 3_700;
          ((IntVector) root.getVector("req_int")).set(i, row * 31);
          setOrNull(root.getVector("opt_int"), i, runOfNulls || random.nextInt(3) == 0,
              v -> ((IntVector) v).set(i, random.nextInt()));
          setOrNull(root.getVector("opt_long"), i, random.nextInt(10) == 0,
              v -> ((BigIntVector) v).set(i, row * 1_000_003L));
          ((Float8Vector) root.getVector("req_double")).set(i, row / 7.0);
          setOrNull(root.getVector("opt_date"), i, runOfNulls,
              v -> ((DateDayVector) v).set(i, 9_000 + row % 500));
          setOrNull(root.getVector("opt_decimal"), i, random.nextInt(5) == 0,
              v -> ((DecimalVector) v).set(i, BigDecimal.valueOf(row % 5_000, 2)));
          setOrNull(root.getVector("opt_fixed"), i, random.nextInt(4) == 0,
              v -> ((FixedSizeBinaryVector) v).set(i, new byte[] {(byte) row, (byte) (row >> 8), 7}));
          setOrNull(root.getVector("opt_bool"), i, random.nextInt(3) == 0,
              v -> ((BitVector) v).set(i, row % 3 == 0 ? 1 : 0));
          ((BitVector) root.getVector("req_bool")).set(i, random.nextBoolean() ? 1 : 0);
          setOrNull(root.getVector("opt_text"), i, runOfNulls || random.nextInt(6) == 0,
              v -> ((VarCharVector) v).setSafe(i, ("text " + row + "x".repeat(row % 40))
                  .getBytes(StandardCharsets.UTF_8)));
          ((VarCharVector) root.getVector("req_text")).setSafe(i,
              ("r" + Integer.toHexString(row * 2_654_435)).getBytes(StandardCharsets.UTF_8));
          setOrNull(root.getVector("label"), i, random.nextInt(20) == 0,
              v -> ((VarCharVector) v).setSafe(i, ("label " + row % 13).getBytes(StandardCharsets.UTF_8)));
        }
        root.setRowCount(rows);
        writer.write(root);
      }
    }
  }

  private static Field field(String name, boolean nullable, ArrowType type) {
    return new Field(name, new FieldType(nullable, type, null), null);
  }

  private static void setOrNull(FieldVector vector, int index, boolean isNull,
      Consumer<FieldVector> setter) {
    if (isNull) {
      vector.setNull(index);
    } else {
      setter.accept(vector);
    }
  }
}
