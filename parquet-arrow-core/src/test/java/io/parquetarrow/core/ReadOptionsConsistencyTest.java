package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.DuckDbWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Batch size, projection and row-group selection change how a file is read, never what is read: every batch
 * size (1, 7, 1024, larger than the file) gives the same rows as the default; each column read alone equals that
 * column of the full read; row groups read one by one, or in another order, give the matching slices. Batches
 * never exceed the batch size and never span row groups.
 */
class ReadOptionsConsistencyTest {
  @TempDir Path temporary;

  @ParameterizedTest
  @ValueSource(strings = {"alltypes_tiny_pages.parquet", "int32_with_null_pages.parquet", "sort_columns.parquet",
      "delta_byte_array.parquet", "byte_stream_split_extended.gzip.parquet", "datapage_v2_empty_datapage.snappy.parquet",
      "page_v2_empty_compressed.parquet"})
  void batchSizesGiveTheSameRows(String name) throws Exception {
    Path file = Corpus.file(name);
    ReaderTestSupport.Table reference = ReaderTestSupport.read(file, ReadOptions.defaults());
    for (int batchRows : new int[] {1, 7, 1024, Integer.MAX_VALUE}) {
      ReaderTestSupport.Table table = ReaderTestSupport.read(file, ReadOptions.builder().batchRows(batchRows).build());
      assertThat(table.rows()).as("%s read in batches of %d", name, batchRows).isEqualTo(reference.rows());
      assertThat(table.batchSizes()).as("%s batch sizes with batchRows %d", name, batchRows)
          .allSatisfy(size -> assertThat(size).isBetween(1, batchRows));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"alltypes_plain.parquet", "alltypes_tiny_pages.parquet", "delta_encoding_required_column.parquet"})
  void eachColumnAloneEqualsItsColumnInTheFullRead(String name) throws Exception {
    Path file = Corpus.file(name);
    ReaderTestSupport.Table full = ReaderTestSupport.read(file, ReadOptions.defaults());
    List<String> names = full.schema().getFields().stream().map(field -> field.getName()).toList();
    for (int column = 0; column < names.size(); column++) {
      ReaderTestSupport.Table single =
          ReaderTestSupport.read(file, ReadOptions.builder().columns(names.get(column)).batchRows(333).build());
      assertThat(single.schema().getFields()).as("%s projected to %s", name, names.get(column))
          .containsExactly(full.schema().getFields().get(column));
      assertThat(single.column(0)).as("%s column %s alone", name, names.get(column)).isEqualTo(full.column(column));
    }
    // Two columns given in reverse order come back in file order, as Arrow C++ returns them.
    String first = names.get(0);
    String last = names.get(names.size() - 1);
    ReaderTestSupport.Table pair = ReaderTestSupport.read(file, ReadOptions.builder().columns(last, first).build());
    assertThat(pair.schema().getFields()).extracting(field -> field.getName()).containsExactly(first, last);
  }

  @Test
  void rowGroupsSelectTheirSlices() throws Exception {
    Path file = temporary.resolve("row_groups.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id, CASE WHEN i % 7 = 0 THEN NULL ELSE 'v' || i END AS label,"
        + " (i * 0.5)::DOUBLE AS half FROM range(10000) t(i)", file, DuckDbWriter.Options.defaults().rowGroupSize(2048));
    ReaderTestSupport.Table full = ReaderTestSupport.read(file, ReadOptions.defaults());
    int rowGroups;
    try (io.parquetarrow.core.file.ParquetFile parquet = io.parquetarrow.core.file.ParquetFile.open(file)) {
      rowGroups = parquet.metadata().rowGroups().size();
    }
    assertThat(full.rows()).as("rows of %s", file.getFileName()).hasSize(10_000);
    assertThat(rowGroups).as("row groups written").isGreaterThan(1);
    assertThat(full.batchSizes()).as("one batch per row group: batches never span row groups").hasSize(rowGroups);
    List<List<Object>> concatenated = new ArrayList<>();
    List<List<Object>> reversed = new ArrayList<>();
    int offset = 0;
    List<List<List<Object>>> slices = new ArrayList<>();
    for (int group = 0; group < rowGroups; group++) {
      ReaderTestSupport.Table slice = ReaderTestSupport.read(file, ReadOptions.builder().rowGroups(group).build());
      assertThat(slice.rows()).as("row group %d", group)
          .isEqualTo(full.rows().subList(offset, offset + slice.rows().size()));
      offset += slice.rows().size();
      concatenated.addAll(slice.rows());
      slices.add(slice.rows());
    }
    assertThat(concatenated).as("all row groups one by one").isEqualTo(full.rows());
    int[] backwards = new int[rowGroups];
    for (int i = 0; i < rowGroups; i++) {
      backwards[i] = rowGroups - 1 - i;
      reversed.addAll(slices.get(rowGroups - 1 - i));
    }
    assertThat(ReaderTestSupport.read(file, ReadOptions.builder().rowGroups(backwards).batchRows(64).build()).rows())
        .as("row groups in reverse order").isEqualTo(reversed);
  }

  @Test
  void zeroRowsGiveNoBatchButASchema() throws Exception {
    Path file = temporary.resolve("empty.parquet");
    DuckDbWriter.write("SELECT i::INT AS a, 'x' || i AS b FROM range(0) t(i)", file, DuckDbWriter.Options.defaults());
    ReaderTestSupport.Table table = ReaderTestSupport.read(file, ReadOptions.defaults());
    assertThat(table.batchSizes()).as("batches of an empty file").isEmpty();
    assertThat(table.schema().getFields()).extracting(field -> field.getName()).containsExactly("a", "b");
  }

  @Test
  void misuseIsReportedAsIllegalArgument() {
    Path file = Corpus.file("alltypes_plain.parquet");
    assertThatThrownBy(() -> ReaderTestSupport.read(file, ReadOptions.builder().columns("no_such_column").build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no_such_column");
    assertThatThrownBy(() -> ReaderTestSupport.read(file, ReadOptions.builder().rowGroups(5).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row group 5");
  }
}
