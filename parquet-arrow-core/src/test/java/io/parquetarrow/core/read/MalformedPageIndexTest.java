package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.CorpusFiles;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The parquet-testing files parquet-java 1.13 wrote with statistics off carry column indexes that call every page
 * of their required columns a null page (null counts -1); a filtered read must not take them at their word. The
 * value and its 40 rows are pyarrow's answer for column {@code a} of these files.
 */
class MalformedPageIndexTest {
  @ParameterizedTest
  @ValueSource(strings = {"datapage_v1-snappy-compressed-checksum.parquet",
      "datapage_v1-uncompressed-checksum.parquet"})
  void nullPagesOfARequiredColumnDoNotPruneItsRows(String name) throws Exception {
    Path file = CorpusFiles.dataDirectory().resolve(name);
    try (BufferAllocator allocator = TestAllocators.root()) {
      FilterOracles.Rows rows = FilterOracles.read(file, allocator,
          ReadOptions.builder().filter("a = -404298268").build());
      assertThat(rows.rows()).hasSize(40);
      assertThat(rows.statistics().rowGroupsPrunedByPageIndex()).isZero();
      assertThat(FilterOracles.read(file, allocator, ReadOptions.builder().filter("a IS NULL").build()).rows())
          .isEmpty();
    }
  }
}
