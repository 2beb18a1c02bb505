package io.parquetarrow.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every footer of the parquet-testing corpus through {@link SummaryStatistics#ofStatistics}: no column type or
 * statistics layout makes it fail, and a chunk's own bounds never rule out its null tests wrongly.
 */
class SummaryStatisticsCorpusTest {

  @Test
  void everyCorpusChunkHasASummary() throws Exception {
    int chunks = 0;
    for (Path path : CorpusFiles.parquetFiles(CorpusFiles.dataDirectory())) {
      ParquetMetadata metadata;
      try (ParquetFile file = ParquetFile.open(path)) {
        metadata = file.metadata();
      } catch (ParquetException unreadable) {
        continue; // Encrypted or unsupported footers are other tests' business.
      }
      for (RowGroupMetadata group : metadata.rowGroups()) {
        for (ColumnDescriptor column : metadata.schema().columns()) {
          ColumnSummary summary = SummaryStatistics.ofStatistics(group.column(column.leafIndex()), metadata);
          Map<String, ColumnDescriptor> leaves = Map.of("c", column);
          boolean isNull = SummaryFilter.mightMatch(Filter.isNull("c"), leaves, c -> summary);
          boolean isNotNull = SummaryFilter.mightMatch(Filter.isNotNull("c"), leaves, c -> summary);
          assertThat(isNull || isNotNull || group.rowCount() == 0)
              .as("%s row group %d column %s: some row is null or not", path.getFileName(), group.index(),
                  column.dottedPath())
              .isTrue();
          if (summary.min() != null) {
            assertThat(PlainValueOrder.of(column).isOrdered()).as("%s: bounds of an unordered column %s",
                path.getFileName(), column.dottedPath()).isTrue();
          }
          chunks++;
        }
      }
    }
    assertThat(chunks).as("corpus chunks summarized").isPositive();
  }
}
