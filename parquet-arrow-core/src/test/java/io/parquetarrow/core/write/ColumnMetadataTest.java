package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.DuckDbOracle;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.KeyValue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User key-value metadata of column chunks ({@code ColumnMetaData.key_value_metadata}), set per leaf column with
 * {@link WriteOptions.Builder#columnKeyValueMetadata}: written to every chunk of the column, read back through our
 * footer reader and DuckDB's {@code parquet_metadata()}, accepted by parquet-java (which, in 1.16, does not expose
 * chunk key-value metadata), and rejected at open for a path that names no leaf column.
 */
class ColumnMetadataTest {
  private static final int ROWS = 100;

  @TempDir Path directory;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  /** id int32, a struct {b utf8, c int32}: leaf columns "id", "a.b", "a.c". */
  private static Schema schema() {
    Field b = Field.nullable("b", ArrowType.Utf8.INSTANCE);
    Field c = Field.nullable("c", new ArrowType.Int(32, true));
    return new Schema(List.of(Field.nullable("id", new ArrowType.Int(32, true)),
        new Field("a", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(b, c))));
  }

  private Path write(String name, WriteOptions options) throws Exception {
    Path file = directory.resolve(name);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator)) {
      IntVector id = (IntVector) root.getVector("id");
      StructVector a = (StructVector) root.getVector("a");
      VarCharVector b = (VarCharVector) a.getChild("b");
      IntVector c = (IntVector) a.getChild("c");
      for (int row = 0; row < ROWS; row++) {
        id.setSafe(row, row);
        a.setIndexDefined(row);
        b.setSafe(row, ("value " + row).getBytes(StandardCharsets.UTF_8));
        c.setSafe(row, -row);
      }
      id.setValueCount(ROWS);
      b.setValueCount(ROWS);
      c.setValueCount(ROWS);
      a.setValueCount(ROWS);
      root.setRowCount(ROWS);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema(), options)) {
        writer.write(root);
      }
    }
    return file;
  }

  private static WriteOptions.Builder withColumnMetadata() {
    // Three row groups, so the pairs must reach every chunk, not only the first.
    return WriteOptions.builder().rowGroupRowLimit(40)
        .columnKeyValueMetadata("a.b", "origin", "sensor-7")
        .columnKeyValueMetadata("a.b", "unit", "°C")
        .columnKeyValueMetadata("a.b", "origin", "sensor-8")
        .columnKeyValueMetadata("id", "role", "key");
  }

  @Test
  void everyChunkOfTheColumnCarriesItsPairs() throws Exception {
    Path file = write("column-metadata.parquet", withColumnMetadata().build());
    try (ParquetFile parquet = ParquetFile.open(file)) {
      List<RowGroupMetadata> rowGroups = parquet.metadata().rowGroups();
      assertThat(rowGroups).as("row groups").hasSize(3);
      for (RowGroupMetadata rowGroup : rowGroups) {
        Map<String, List<KeyValue>> byColumn = new TreeMap<>();
        for (ColumnChunkMetadata chunk : rowGroup.columns()) {
          byColumn.put(String.join(".", chunk.columnMetaData().pathInSchema()),
              chunk.columnMetaData().keyValueMetadata());
        }
        String context = "chunk key-value metadata in row group " + rowGroup.index();
        assertThat(byColumn.get("a.b")).as(context + " of a.b (a later pair replaces an earlier one with its key)")
            .containsExactly(new KeyValue("origin", "sensor-8"), new KeyValue("unit", "°C"));
        assertThat(byColumn.get("id")).as(context + " of id").containsExactly(new KeyValue("role", "key"));
        assertThat(byColumn.get("a.c")).as(context + " of a.c, which has none").isNull();
      }
    }
  }

  @Test
  void duckDbReadsTheChunkPairs() throws Exception {
    Path file = write("duckdb.parquet", withColumnMetadata().build());
    List<String> rows = new ArrayList<>();
    try (ArrowBatches metadata = DuckDbOracle.query(allocator, "SELECT row_group_id, path_in_schema,"
        + " CAST(key_value_metadata AS VARCHAR) FROM parquet_metadata(?) ORDER BY row_group_id, column_id",
        file.toString(), 1024)) {
      for (VectorSchemaRoot batch : metadata.batches()) {
        for (int row = 0; row < batch.getRowCount(); row++) {
          rows.add(batch.getVector(0).getObject(row) + " | " + batch.getVector(1).getObject(row) + " | "
              + batch.getVector(2).getObject(row));
        }
      }
    }
    // DuckDB prints a path as "a, b" and the pairs as a MAP of BLOBs, whose non-ASCII bytes it escapes ("°" is
    // C2 B0 in UTF-8); a chunk without pairs has an empty map.
    List<String> expected = new ArrayList<>();
    for (int rowGroup = 0; rowGroup < 3; rowGroup++) {
      expected.add(rowGroup + " | id | {role=key}");
      expected.add(rowGroup + " | a, b | {origin=sensor-8, unit=\\xC2\\xB0C}");
      expected.add(rowGroup + " | a, c | {}");
    }
    assertThat(rows).as("DuckDB's parquet_metadata() key_value_metadata per chunk").isEqualTo(expected);
  }

  @Test
  void parquetJavaReadsTheFooter() throws Exception {
    Path file = write("parquet-java.parquet", withColumnMetadata().build());
    try (ParquetFileReader reader = ParquetFileReader.open(new org.apache.parquet.io.LocalInputFile(file))) {
      List<BlockMetaData> blocks = reader.getFooter().getBlocks();
      assertThat(blocks).as("row groups parquet-java sees").hasSize(3);
      long rows = 0;
      for (BlockMetaData block : blocks) {
        assertThat(block.getColumns()).as("columns of a row group").hasSize(3);
        rows += block.getRowCount();
      }
      assertThat(rows).as("rows parquet-java counts").isEqualTo((long) ROWS);
    }
  }

  @Test
  void unknownColumnIsRejectedAtOpen() {
    for (String path : List.of("a.x", "a", "b", "")) {
      Path file = directory.resolve("unknown.parquet");
      WriteOptions options = WriteOptions.builder().columnKeyValueMetadata(path, "k", "v").build();
      assertThatThrownBy(() -> ParquetArrowWriter.open(file, schema(), options))
          .as("column key-value metadata for '" + path + "', not a leaf column")
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'" + path + "'")
          .hasMessageContaining("a.b");
      assertThat(file).as("no file after the rejected open").doesNotExist();
    }
  }
}
