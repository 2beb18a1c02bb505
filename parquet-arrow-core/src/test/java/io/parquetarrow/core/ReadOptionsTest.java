package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReadOptionsTest {

  @Test
  void defaults() {
    ReadOptions options = ReadOptions.defaults();
    assertThat(options.columns()).as("all columns").isEmpty();
    assertThat(options.rowGroups()).as("all row groups").isNull();
    assertThat(options.batchRows()).as("batch rows").isEqualTo(65_536);
    assertThat(options.verifyChecksums()).as("checksums verified by default").isTrue();
    assertThat(options.dictionaryColumns()).as("no dictionary columns").isEmpty();
    assertThat(options.int96AsTimestamp()).as("INT96 as timestamp").isTrue();
  }

  @Test
  void builderKeepsValuesAndCopiesArrays() {
    int[] rowGroups = {2, 0};
    ReadOptions options = ReadOptions.builder().columns("a", "b.c").rowGroups(rowGroups).batchRows(7)
        .verifyChecksums(false).dictionaryColumns("a").int96AsTimestamp(false).build();
    rowGroups[0] = 99;
    assertThat(options.columns()).containsExactly("a", "b.c");
    assertThat(options.rowGroups()).as("row groups copied on build").containsExactly(2, 0);
    assertThat(options.batchRows()).isEqualTo(7);
    assertThat(options.verifyChecksums()).isFalse();
    assertThat(options.dictionaryColumns()).containsExactly("a");
    assertThat(options.int96AsTimestamp()).isFalse();
  }

  @Test
  void rejectsMisuse() {
    assertThatThrownBy(() -> ReadOptions.builder().batchRows(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("batchRows");
    assertThatThrownBy(() -> ReadOptions.builder().rowGroups(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row group");
    assertThatThrownBy(() -> ReadOptions.builder().columns("")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column names");
  }
}
