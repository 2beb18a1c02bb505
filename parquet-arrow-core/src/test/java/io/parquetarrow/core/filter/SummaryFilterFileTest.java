package io.parquetarrow.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.ColumnIndex;
import io.parquetarrow.format.FileMetaData;
import io.parquetarrow.format.OffsetIndex;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file written by {@link ParquetArrowWriter} with statistics and a page index: row groups and pages pruned from
 * what {@link SummaryStatistics} reads back, checked against the rows written.
 */
class SummaryFilterFileTest {
  private static final int ROWS = 1000;
  private static final int GROUP_ROWS = 250;

  @TempDir Path directory;
  private BufferAllocator allocator;
  private final Map<String, List<Object>> values = new LinkedHashMap<>();

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  /**
   * {@code id} 0..999 in order; {@code s} null in the second row group, else {@code "n" + id} padded to four
   * digits; {@code d} the id divided by 10, NaN in every 7th row of the last row group.
   */
  private Path write() throws Exception {
    Schema schema = new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
        new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
        new Field("d", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null)));
    List<Object> ids = new ArrayList<>();
    List<Object> strings = new ArrayList<>();
    List<Object> doubles = new ArrayList<>();
    Path file = directory.resolve("pruning.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      IntVector id = (IntVector) root.getVector("id");
      VarCharVector s = (VarCharVector) root.getVector("s");
      Float8Vector d = (Float8Vector) root.getVector("d");
      for (int row = 0; row < ROWS; row++) {
        id.setSafe(row, row);
        ids.add((long) row);
        if (row / GROUP_ROWS == 1) {
          s.setNull(row);
          strings.add(null);
        } else {
          String text = String.format("n%04d", row);
          s.setSafe(row, text.getBytes(StandardCharsets.UTF_8));
          strings.add(text);
        }
        double number = row / GROUP_ROWS == 3 && row % 7 == 0 ? Double.NaN : row / 10.0;
        d.setSafe(row, number);
        doubles.add(number);
      }
      root.setRowCount(ROWS);
      WriteOptions options = WriteOptions.builder().rowGroupRowLimit(GROUP_ROWS).pageRowLimit(50)
          .dictionaryEnabled(false).build();
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
        writer.write(root);
      }
    }
    values.put("id", ids);
    values.put("s", strings);
    values.put("d", doubles);
    return file;
  }

  private static Map<String, ColumnDescriptor> leaves(ParquetMetadata metadata) {
    Map<String, ColumnDescriptor> leaves = new LinkedHashMap<>();
    for (String path : List.of("id", "s", "d")) {
      leaves.put(path, metadata.schema().columnByPath(path));
    }
    return leaves;
  }

  /** The row groups that may match, checked to hold every matching row. */
  private List<Integer> keptGroups(ParquetMetadata metadata, String text) {
    Filter filter = Filter.parse(text);
    Map<String, ColumnDescriptor> leaves = leaves(metadata);
    List<Integer> kept = new ArrayList<>();
    for (RowGroupMetadata group : metadata.rowGroups()) {
      boolean mightMatch = SummaryFilter.mightMatch(filter, leaves, path -> SummaryStatistics.ofStatistics(
          group.column(leaves.get(path).leafIndex()), metadata));
      if (mightMatch) {
        kept.add(group.index());
      }
      for (int row = group.index() * GROUP_ROWS; row < (group.index() + 1) * GROUP_ROWS; row++) {
        if (Boolean.TRUE.equals(Reference.evaluate(filter, values, row))) {
          assertThat(mightMatch).as("row %d matches %s but row group %d was pruned", row, filter, group.index())
              .isTrue();
        }
      }
    }
    return kept;
  }

  @Test
  void rowGroupsArePrunedByTheirStatistics() throws Exception {
    Path file = write();
    ParquetMetadata metadata;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      metadata = parquet.metadata();
    }
    assertThat(metadata.rowGroups()).hasSize(4);
    assertThat(keptGroups(metadata, "id < 100")).containsExactly(0);
    assertThat(keptGroups(metadata, "id >= 499.5")).containsExactly(2, 3);
    assertThat(keptGroups(metadata, "id IN (3, 777)")).containsExactly(0, 3);
    assertThat(keptGroups(metadata, "NOT id BETWEEN 0 AND 749")).containsExactly(3);
    assertThat(keptGroups(metadata, "s IS NULL")).containsExactly(1);
    assertThat(keptGroups(metadata, "s IS NOT NULL AND id BETWEEN 300 AND 400")).isEmpty();
    assertThat(keptGroups(metadata, "s = 'n0600'")).containsExactly(2);
    assertThat(keptGroups(metadata, "s < 'n0250' OR id > 990")).containsExactly(0, 3);
    assertThat(keptGroups(metadata, "d > 80")).containsExactly(3);
    // A NaN satisfies NOT (d <= 80); bounds exclude NaNs, so no row group can be ruled out.
    assertThat(keptGroups(metadata, "NOT d <= 80")).containsExactly(0, 1, 2, 3);
    assertThat(keptGroups(metadata, "d < 10")).containsExactly(0);
    assertThat(keptGroups(metadata, "d != 3")).containsExactly(0, 1, 2, 3);
  }

  @Test
  void untrustedFootersKeepEveryRowGroup() throws Exception {
    Path file = write();
    FileMetaData written;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      written = parquet.metadata().fileMetaData();
    }
    // The same footer without column_orders, as an old writer would leave it.
    FileMetaData old = new FileMetaData(written.version(), written.schema(), written.numRows(), written.rowGroups(),
        written.keyValueMetadata(), written.createdBy(), null, written.encryptionAlgorithm(),
        written.footerSigningKeyMetadata());
    long length = Files.size(file);
    ParquetMetadata metadata = ParquetMetadata.of(old, file.toString(), length, length - 8);
    assertThat(keptGroups(metadata, "s = 'n0600'")).as("string bounds need the column order; the null count"
        + " still rules out the all-null row group").containsExactly(0, 2, 3);
    assertThat(keptGroups(metadata, "s IS NULL")).as("null counts need no order").containsExactly(1);
    assertThat(keptGroups(metadata, "id < 100")).as("the deprecated signed bounds of an INT32").containsExactly(0);
  }

  @Test
  void pagesArePrunedByThePageIndex() throws Exception {
    Path file = write();
    byte[] bytes = Files.readAllBytes(file);
    ParquetMetadata metadata;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      metadata = parquet.metadata();
    }
    Map<String, ColumnDescriptor> leaves = leaves(metadata);
    for (RowGroupMetadata group : metadata.rowGroups()) {
      Map<String, List<ColumnSummary.PageSummary>> pages = new LinkedHashMap<>();
      for (Map.Entry<String, ColumnDescriptor> leaf : leaves.entrySet()) {
        ColumnChunkMetadata chunk = group.column(leaf.getValue().leafIndex());
        ColumnIndex columnIndex = ColumnIndex.decode(bytes, Math.toIntExact(chunk.columnIndexOffset().getAsLong()),
            (int) chunk.columnIndexLength().getAsLong());
        OffsetIndex offsetIndex = OffsetIndex.decode(bytes, Math.toIntExact(chunk.offsetIndexOffset().getAsLong()),
            (int) chunk.offsetIndexLength().getAsLong());
        pages.put(leaf.getKey(), SummaryStatistics.ofPageIndex(columnIndex, offsetIndex, group.rowCount(),
            leaf.getValue(), metadata));
      }
      long first = (long) group.index() * GROUP_ROWS;
      RowRanges ids = SummaryFilter.rows(Filter.parse("id BETWEEN 120 AND 130 OR id = 880"), leaves,
          group.rowCount(), pages::get);
      assertThat(ids).as("row group %d", group.index())
          .hasToString(group.index() == 0 ? "[100, 150)" : group.index() == 3 ? "[100, 150)" : "[]");
      RowRanges strings = SummaryFilter.rows(Filter.parse("s >= 'n0740'"), leaves, group.rowCount(), pages::get);
      assertThat(strings).as("row group %d", group.index())
          .hasToString(group.index() == 2 ? "[200, 250)" : group.index() == 3 ? "[0, 250)" : "[]");
      for (int row = 0; row < group.rowCount(); row++) {
        if (Boolean.TRUE.equals(Reference.evaluate(Filter.parse("s >= 'n0740'"), values, (int) (first + row)))) {
          assertThat(strings.overlaps(row, row + 1)).as("row %d of group %d", row, group.index()).isTrue();
        }
      }
    }
  }
}
