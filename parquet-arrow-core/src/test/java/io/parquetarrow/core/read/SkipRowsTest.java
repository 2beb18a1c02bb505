package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RowGroupReader#skipRows} then reading gives the rows that reading everything gives at the same place, for
 * every shape of field: a nullable integer column, a string column, a string column read as an Arrow dictionary and
 * a nested list column with null, empty and partly null lists. Skips and reads start and end inside pages, on page
 * boundaries and across several pages (pages of {@value #PAGE_ROWS} rows), inside and across batches, and span
 * more than one read of the scratch vector.
 */
class SkipRowsTest {
  private static final int PAGE_ROWS = 250;
  private static final int ROW_GROUP_ROWS = 6000;
  private static final int ROWS = 14_000;
  private static final ReadOptions OPTIONS = ReadOptions.builder().dictionaryColumns("label").build();

  @TempDir static Path temporary;
  private static Path file;
  /** Every row of the file as one thread reads it without skipping, rendered one string per row. */
  private static List<String> expected;

  @BeforeAll
  static void writeFile() throws Exception {
    Path source = temporary.resolve("source.parquet");
    DuckDbWriter.write("SELECT CASE WHEN i % 3 = 0 THEN NULL ELSE i * 7 END::BIGINT AS nullable_id,"
        + " CASE WHEN i % 5 = 0 THEN NULL ELSE repeat('x', (i % 17)::INT) || i END AS text,"
        + " 'label ' || (i % 13) AS label,"
        + " CASE WHEN i % 11 = 0 THEN NULL WHEN i % 7 = 0 THEN []::BIGINT[]"
        + " ELSE [i, NULL, i + 1, i + 2][1:(i % 4)] END AS numbers"
        + " FROM range(" + ROWS + ") t(i)", source, DuckDbWriter.Options.defaults());
    file = temporary.resolve("pages.parquet");
    // Rewritten by our writer for small pages, so that skips and reads cross page boundaries.
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(source, allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, root.getSchema(),
          WriteOptions.builder().pageRowLimit(PAGE_ROWS).rowGroupRowLimit(ROW_GROUP_ROWS).build())) {
        while (reader.loadNextBatch()) {
          writer.write(root);
        }
      }
    }
    expected = new ArrayList<>();
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator,
            ReadOptions.builder().dictionaryColumns("label").batchRows(1000).build())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int row = 0; row < root.getRowCount(); row++) {
          expected.add(render(root, row, reader));
        }
      }
    }
    assertThat(expected).as("rows read without skipping").hasSize(ROWS);
  }

  @Test
  void skippingThenReadingGivesTheRowsReadingEverythingGives() throws Exception {
    // Alternating skips and reads: inside a page, up to and across page boundaries, across several pages, and many
    // pages at once (whole pages skipped unread).
    long[][] patterns = {
        {0, 100},
        {1, 249, 1, 250, 250, 251},
        {PAGE_ROWS, PAGE_ROWS, PAGE_ROWS - 1, 2},
        {777, 1000, 13, 1},
        {4096 + 17, 300},
        {3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43},
    };
    for (long[] pattern : patterns) {
      assertSkipsAndReads(pattern);
    }
  }

  @Test
  void skippingARowGroupToItsEndLeavesNothingAllocated() throws Exception {
    assertSkipsAndReads(new long[] {ROW_GROUP_ROWS - 1, 1});
    assertSkipsAndReads(new long[] {0, ROW_GROUP_ROWS - 3, 2, 1});
  }

  /**
   * In every row group, skips {@code pattern[0]} rows, reads {@code pattern[1]}, skips {@code pattern[2]} and so on
   * (each cut at the row group's end), and compares every row read with the row at the same place read without
   * skipping.
   */
  private static void assertSkipsAndReads(long[] pattern) throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      RowGroupHarness.Totals totals = RowGroupHarness.forEachRowGroup(file, OPTIONS, allocator,
          (context, position, reader, firstRow) -> {
        VectorSchemaRoot root = context.root();
        DictionaryProvider provider = context.provider();
        long row = 0;
        for (int step = 0; row < reader.rowCount(); step++) {
          long count = Math.min(pattern[step % pattern.length], reader.rowCount() - row);
          if (step % 2 == 0) {
            reader.skipRows(count);
          } else if (count > 0) {
            reader.readBatch((int) count, root);
            root.setRowCount((int) count);
            for (int i = 0; i < count; i++) {
              assertThat(render(root, i, provider))
                  .as("row %d of row group %d after skipping and reading %s", row + i, position,
                      Arrays.toString(pattern))
                  .isEqualTo(expected.get((int) (firstRow + row + i)));
            }
          }
          row += count;
        }
      });
      assertThat(totals.rows()).as("rows in the row groups").isEqualTo(ROWS);
      assertThat(totals.bytesRead()).as("bytes read").isPositive();
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after skipping").isZero();
    }
  }

  /** One row: each field's value, a dictionary-encoded one looked up in its dictionary. */
  private static String render(VectorSchemaRoot root, int row, DictionaryProvider dictionaries) {
    StringBuilder text = new StringBuilder();
    for (FieldVector vector : root.getFieldVectors()) {
      Object value;
      if (vector.getField().getDictionary() != null && !vector.isNull(row)) {
        long index = ((BaseIntVector) vector).getValueAsLong(row);
        value = dictionaries.lookup(vector.getField().getDictionary().getId()).getVector().getObject((int) index);
      } else {
        value = vector.getObject(row);
      }
      text.append(vector.getField().getName()).append('=').append(value).append("; ");
    }
    return text.toString();
  }
}
