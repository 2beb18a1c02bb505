package io.parquetarrow.core.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.filter.Filter;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Folding the columns constant in a file (partition values, missing columns) into a filter. */
class DatasetFilterFoldingTest {

  private static FilterFolding.Folded fold(String filter, Object... constants) {
    Map<String, Object> values = new HashMap<>();
    for (int i = 0; i < constants.length; i += 2) {
      values.put((String) constants[i], constants[i + 1]);
    }
    return FilterFolding.fold(Filter.parse(filter), values);
  }

  @Test
  void leavesTheFileColumnsAsTheResidual() {
    assertThat(fold("p = 1 AND x > 3", "p", 1).residual()).isEqualTo(Filter.parse("x > 3"));
    assertThat(fold("p = 1 AND x > 3", "p", 2).neverTrue()).isTrue();
    assertThat(fold("p = 1 OR x > 3", "p", 1).alwaysTrue()).isTrue();
    assertThat(fold("p = 1 OR x > 3", "p", 2).residual()).isEqualTo(Filter.parse("x > 3"));
    assertThat(fold("NOT (p = 1 AND x > 3)", "p", 1).residual()).isEqualTo(Filter.parse("NOT x > 3"));
    assertThat(fold("x > 3").residual()).isEqualTo(Filter.parse("x > 3"));
  }

  @Test
  void treatsNullsAsSqlDoes() {
    assertThat(fold("p = 1", "p", null).neverTrue()).isTrue();
    assertThat(fold("NOT (p = 1)", "p", null).neverTrue()).isTrue();
    assertThat(fold("NOT (NOT (p = 1))", "p", null).neverTrue()).isTrue();
    assertThat(fold("p IS NULL", "p", null).alwaysTrue()).isTrue();
    assertThat(fold("p IS NOT NULL", "p", null).neverTrue()).isTrue();
    assertThat(fold("NOT (p IS NULL)", "p", 3).alwaysTrue()).isTrue();
    // A column missing from the file is null: only IS NULL holds, and OR still looks at the rest.
    assertThat(fold("m > 1 OR x = 2", "m", null).residual()).isEqualTo(Filter.parse("x = 2"));
    assertThat(fold("m.inner = 1", "m", null).neverTrue()).isTrue();
  }

  @Test
  void comparesConstantsExactly() {
    assertThat(fold("p BETWEEN 1 AND 3", "p", 3L).alwaysTrue()).isTrue();
    assertThat(fold("p IN (1, 2.5)", "p", 2).neverTrue()).isTrue();
    assertThat(fold("p < 2.5", "p", 2).alwaysTrue()).isTrue();
    assertThat(fold("s >= 'b'", "s", "a b").neverTrue()).isTrue();
    assertThat(fold("s = 'x/y'", "s", "x/y").alwaysTrue()).isTrue();
    // UTF-8 byte order: U+FF5E sorts before U+1F600, unlike Java's UTF-16 order.
    assertThat(fold("s < '\uD83D\uDE00'", "s", "\uFF5E").alwaysTrue()).isTrue();
    assertThat(fold("d = DATE '2024-01-31'", "d", LocalDate.of(2024, 1, 31)).alwaysTrue()).isTrue();
    assertThat(fold("d < TIMESTAMP '2024-01-31 00:00:01'", "d", LocalDate.of(2024, 1, 31)).alwaysTrue()).isTrue();
    assertThat(fold("f != 1.0e0", "f", Double.NaN).alwaysTrue()).isTrue();
    assertThat(fold("f = 1.0e0", "f", Double.NaN).neverTrue()).isTrue();
    assertThat(fold("b = TRUE", "b", false).neverTrue()).isTrue();
  }
}
