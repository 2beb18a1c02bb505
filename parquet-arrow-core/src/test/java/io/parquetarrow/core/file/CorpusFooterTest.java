package io.parquetarrow.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Opens the footer of every file of the parquet-testing corpus: {@code data/} files must open (encrypted-footer
 * files must fail with {@link ParquetEncryptionException}) and agree with the corpus's FOOTERS.tsv on rows, row
 * groups and columns; every {@code bad_data/} file either fails here with a {@link ParquetCorruptionException}
 * naming it, or is listed in {@link #BAD_DATA_FOOTER_OK} as failing later, in the page or column readers.
 */
class CorpusFooterTest {

  /** bad_data files whose footer is sound: their damage is in pages, levels or values. */
  static final Map<String, String> BAD_DATA_FOOTER_OK = Map.of(
      "ARROW-GH-43605.parquet", "dictionary index page with RLE bit width 0: fails in the page/column reader",
      "ARROW-GH-45185.parquet", "repetition levels start with 1: fails in the column reader",
      "ARROW-GH-47662.parquet", "nulls in a required column: fails in the column reader");

  /** bad_data files whose footer is rejected here, with what the message must mention (alternatives: "|"). */
  static final Map<String, String> BAD_DATA_FOOTER_BROKEN = Map.of(
      "PARQUET-1481.parquet", "not a known Type",
      "ARROW-RS-GH-6229-DICTHEADER.parquet", "column data must lie within",
      // Row groups whose column chunks do not match the schema's leaves. Its ColumnMetaData also lists encodings
      // with Thrift element type I16, which the Thrift reader refuses today; Arrow C++ reads that list.
      "ARROW-GH-41317.parquet", "ColumnMetaData|column chunks but the schema has");

  @TestFactory
  Stream<DynamicTest> everyDataFileFooterOpens() throws IOException {
    Path data = CorpusFiles.dataDirectory();
    Map<String, long[]> expected = footerFacts(data.resolveSibling("FOOTERS.tsv"));
    List<Path> files = CorpusFiles.parquetFiles(data);
    assertThat(files).as("corpus files under %s", data).isNotEmpty();
    return files.stream().map(file -> DynamicTest.dynamicTest(data.relativize(file).toString(), () -> {
      if (CorpusFiles.hasEncryptedFooter(file)) {
        assertThatThrownBy(() -> ParquetFile.open(file))
            .as("encrypted footer of %s", file)
            .isInstanceOf(ParquetEncryptionException.class)
            .hasMessageContaining(file.toString())
            .hasMessageContaining("PARE");
        return;
      }
      try (ParquetFile parquet = ParquetFile.open(file)) {
        ParquetMetadata metadata = parquet.metadata();
        long rowGroupRows = metadata.rowGroups().stream().mapToLong(RowGroupMetadata::rowCount).sum();
        assertThat(rowGroupRows).as("sum of row group rows vs footer num_rows in %s", file)
            .isEqualTo(metadata.rowCount());
        long[] facts = expected.get("data/" + data.relativize(file));
        if (facts != null) {
          assertThat(metadata.rowCount()).as("rows of %s vs FOOTERS.tsv", file).isEqualTo(facts[0]);
          assertThat(metadata.rowGroups()).as("row groups of %s vs FOOTERS.tsv", file).hasSize((int) facts[1]);
          // FOOTERS.tsv counts the schema elements below the root (groups and leaves).
          assertThat(metadata.fileMetaData().schema().size() - 1).as("schema elements of %s vs FOOTERS.tsv", file)
              .isEqualTo((int) facts[2]);
        }
        for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
          for (ColumnChunkMetadata chunk : rowGroup.columns()) {
            if (chunk.isMetadataAvailable()) {
              assertThat(chunk.startOffset() + chunk.chunkLength())
                  .as("end of %s in %s", chunk, file).isLessThanOrEqualTo(Files.size(file));
            }
          }
        }
        if (file.getFileName().toString().startsWith("encrypt_columns_plaintext_footer")) {
          assertThat(metadata.isEncrypted()).as("plaintext footer with encryption_algorithm in %s", file).isTrue();
        } else {
          assertThat(metadata.isEncrypted()).as("isEncrypted of %s", file).isFalse();
        }
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> everyBadDataFileIsClassified() {
    Path badData = CorpusFiles.badDataDirectory();
    List<Path> files = CorpusFiles.parquetFiles(badData);
    List<String> unclassified = new ArrayList<>();
    for (Path file : files) {
      String name = file.getFileName().toString();
      if (!BAD_DATA_FOOTER_OK.containsKey(name) && !BAD_DATA_FOOTER_BROKEN.containsKey(name)) {
        unclassified.add(name);
      }
    }
    assertThat(unclassified).as("bad_data files with no expectation in CorpusFooterTest").isEmpty();
    return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
      String name = file.getFileName().toString();
      if (BAD_DATA_FOOTER_OK.containsKey(name)) {
        try (ParquetFile parquet = ParquetFile.open(file)) {
          assertThat(parquet.metadata().schema().columnCount()).as("leaf columns of %s", file).isPositive();
        }
      } else {
        assertThatThrownBy(() -> ParquetFile.open(file))
            .as("footer of %s", file)
            .isInstanceOf(ParquetCorruptionException.class)
            .hasMessageContaining(file.toString())
            .satisfies(thrown -> assertThat(List.of(BAD_DATA_FOOTER_BROKEN.get(name).split("\\|")))
                .as("message of %s: %s", file, thrown.getMessage())
                .anyMatch(thrown.getMessage()::contains));
      }
    }));
  }

  @Test
  void dictionaryPageOffsetZeroStartsAtTheDataPage() throws IOException {
    Path file = CorpusFiles.dataDirectory().resolve("dict-page-offset-zero.parquet");
    try (ParquetFile parquet = ParquetFile.open(file)) {
      ColumnChunkMetadata chunk = parquet.metadata().rowGroup(0).column(0);
      assertThat(chunk.dictionaryPageOffset()).as("dictionary offset 0 is unusable").isEmpty();
      assertThat(chunk.startOffset()).as("chunk start").isEqualTo(chunk.dataPageOffset());
    }
  }

  /** FOOTERS.tsv: path, then rows=, rowgroups=, cols= among tab-separated facts. */
  private static Map<String, long[]> footerFacts(Path tsv) throws IOException {
    Map<String, long[]> facts = new HashMap<>();
    if (!Files.exists(tsv)) {
      return facts;
    }
    for (String line : Files.readAllLines(tsv)) {
      String[] columns = line.split("\t");
      long[] values = {-1, -1, -1};
      for (String column : columns) {
        if (column.startsWith("rows=")) {
          values[0] = Long.parseLong(column.substring(5));
        } else if (column.startsWith("rowgroups=")) {
          values[1] = Long.parseLong(column.substring(10));
        } else if (column.startsWith("cols=")) {
          values[2] = Long.parseLong(column.substring(5));
        }
      }
      // Lines without counts describe files whose footer cannot be read (e.g. "magic=PARE").
      if (values[0] >= 0 && values[1] >= 0 && values[2] >= 0) {
        facts.put(columns[0], values);
      }
    }
    return facts;
  }
}
