package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.filter.ScanStatistics;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filtered reads of values that the reader converts: decimals DuckDB stores as INT32 and INT64 (Arrow's 128-bit
 * decimals), with nulls, whose selected rows are picked from PLAIN pages' bytes and only those converted (and
 * decoded from DELTA_BINARY_PACKED pages). Every row returned equals the same row of a read without a filter, for
 * sparse, dense and whole selections.
 */
class ConvertedPlainPicksTest {
  private static final int ROWS = 30_000;

  @TempDir Path directory;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"V1", "V2"})
  void pickedRowsEqualTheRowsOfAWholeRead(String parquetVersion) throws Exception {
    Path file = directory.resolve("converted.parquet");
    DuckDbWriter.write("SELECT i::BIGINT AS id,"
        + " CASE WHEN i % 7 = 3 THEN NULL ELSE (((i * 7919) % 1000003 - 500000) / 100)::DECIMAL(15, 2) END AS d64,"
        + " CASE WHEN i % 5 = 1 THEN NULL ELSE (((i * 104729) % 999983 - 400000) / 100)::DECIMAL(9, 2) END AS d32,"
        + " ((i * 31) % 100000)::DECIMAL(18, 3) AS required64"
        + " FROM range(" + ROWS + ") t(i)", file,
        DuckDbWriter.Options.defaults().compression("zstd").rowGroupSize(12_288).parquetVersion(parquetVersion)
            .dictionarySizeLimit(0));
    try (ParquetFile parquet = ParquetFile.open(file)) {
      var chunk = parquet.metadata().rowGroup(0).column(1).columnMetaData();
      assertThat(chunk.type()).as("d64 stored").isEqualTo(Type.INT64);
      assertThat(parquet.metadata().rowGroup(0).column(2).columnMetaData().type()).as("d32 stored")
          .isEqualTo(Type.INT32);
      // V1 pages hold PLAIN values, the ones picked from the page; V2 pages DELTA_BINARY_PACKED ones, decoded.
      assertThat(chunk.encodings()).as("d64 encodings")
          .contains(parquetVersion.equals("V1") ? Encoding.PLAIN : Encoding.DELTA_BINARY_PACKED)
          .doesNotContain(Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY);
    }
    ScanStatistics[] statistics = new ScanStatistics[1];
    List<List<Object>> all = FilteredRowsAsText.read(file, ReadOptions.defaults(), statistics);
    assertThat(all).hasSize(ROWS);
    String[] filters = {"id = 0", "id = " + (ROWS - 1), "id IN (3, 4, 5, 700, 12287, 12288, 29001)",
        "id BETWEEN 1000 AND 1030", "id >= 20000 AND id < 26000", "id IN (10, 10000, 20000) OR id > 29990",
        "d32 < -3000", "d64 IS NULL AND id < 100", "required64 < 5"};
    for (String filter : filters) {
      List<List<Object>> expected = new ArrayList<>();
      List<List<Object>> actual = FilteredRowsAsText.read(file,
          ReadOptions.builder().batchRows(4096).filter(filter).build(), statistics);
      for (List<Object> row : all) {
        if (matches(filter, row)) {
          expected.add(row);
        }
      }
      assertThat(actual).as(filter).isEqualTo(expected);
      assertThat(actual.size()).as(filter).isLessThan(ROWS);
    }
  }

  /** The filters above, evaluated on a row of text values: id, d64, d32, required64. */
  private static boolean matches(String filter, List<Object> row) {
    long id = Long.parseLong((String) row.get(0));
    return switch (filter) {
      case "id = 0" -> id == 0;
      case "id = 29999" -> id == ROWS - 1;
      case "id IN (3, 4, 5, 700, 12287, 12288, 29001)" -> List.of(3L, 4L, 5L, 700L, 12287L, 12288L, 29001L)
          .contains(id);
      case "id BETWEEN 1000 AND 1030" -> id >= 1000 && id <= 1030;
      case "id >= 20000 AND id < 26000" -> id >= 20000 && id < 26000;
      case "id IN (10, 10000, 20000) OR id > 29990" -> id == 10 || id == 10000 || id == 20000 || id > 29990;
      case "d32 < -3000" -> row.get(2) != null && Double.parseDouble((String) row.get(2)) < -3000;
      case "d64 IS NULL AND id < 100" -> row.get(1) == null && id < 100;
      case "required64 < 5" -> Double.parseDouble((String) row.get(3)) < 5;
      default -> throw new IllegalArgumentException(filter);
    };
  }
}
