package io.parquetarrow.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The filter API: factories, parsing, printing that parses back, and the checks against a schema. */
class FilterTest {
  private static final Schema LINEITEM = new Schema(List.of(
      Field.nullable("l_orderkey", new ArrowType.Int(64, true)),
      Field.nullable("l_quantity", new ArrowType.Decimal(15, 2, 128)),
      Field.nullable("l_discount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("l_returnflag", ArrowType.Utf8.INSTANCE),
      Field.nullable("l_shipdate", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("l_ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
      Field.nullable("flag", ArrowType.Bool.INSTANCE),
      new Field("address", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
          Field.nullable("city", ArrowType.Utf8.INSTANCE),
          Field.nullable("zip", new ArrowType.Int(32, true))))));

  @Test
  void factoriesAndParsingAgree() {
    Filter built = Filter.and(Filter.gt("l_quantity", 10), Filter.eq("l_returnflag", "R"));
    assertThat(Filter.parse("l_quantity > 10 AND l_returnflag = 'R'")).isEqualTo(built);
    assertThat(Filter.parse("  (L_QUANTITY > 10) and l_returnflag='R'  ").toString())
        .isEqualTo("L_QUANTITY > 10 AND l_returnflag = 'R'");
  }

  @Test
  void precedenceIsNotThenAndThenOr() {
    Filter parsed = Filter.parse("a = 1 OR b = 2 AND NOT c = 3");
    assertThat(parsed).isEqualTo(Filter.or(Filter.eq("a", 1),
        Filter.and(Filter.eq("b", 2), Filter.not(Filter.eq("c", 3)))));
    assertThat(Filter.parse("(a = 1 OR b = 2) AND c = 3")).isEqualTo(
        Filter.and(Filter.or(Filter.eq("a", 1), Filter.eq("b", 2)), Filter.eq("c", 3)));
  }

  @Test
  void everyPredicateAndLiteral() {
    assertThat(Filter.parse("x BETWEEN 1 AND 5")).isEqualTo(Filter.between("x", 1, 5));
    assertThat(Filter.parse("x NOT BETWEEN 1.5 AND 2.5e0")).isEqualTo(
        Filter.not(Filter.between("x", new BigDecimal("1.5"), 2.5)));
    assertThat(Filter.parse("x IN ('a', 'it''s')")).isEqualTo(Filter.in("x", "a", "it's"));
    assertThat(Filter.parse("x NOT IN (1, -2)")).isEqualTo(Filter.not(Filter.in("x", 1, -2)));
    assertThat(Filter.parse("x IS NULL")).isEqualTo(Filter.isNull("x"));
    assertThat(Filter.parse("x is not null")).isEqualTo(Filter.isNotNull("x"));
    assertThat(Filter.parse("d >= DATE '1995-03-15'")).isEqualTo(Filter.ge("d", LocalDate.of(1995, 3, 15)));
    assertThat(Filter.parse("t < TIMESTAMP '2024-01-31 12:30:00.25'"))
        .isEqualTo(Filter.lt("t", LocalDateTime.of(2024, 1, 31, 12, 30, 0, 250_000_000)));
    assertThat(Filter.parse("b = TRUE")).isEqualTo(Filter.eq("b", true));
    assertThat(Filter.parse("x <> 3")).isEqualTo(Filter.ne("x", 3));
    assertThat(Filter.parse("5 < x")).isEqualTo(Filter.gt("x", 5));
    assertThat(Filter.parse("a.b.\"c d\" = 1")).isEqualTo(Filter.eq("a.b.c d", 1));
    assertThat(Filter.parse("x = 99999999999999999999")).isEqualTo(
        Filter.eq("x", new BigDecimal("99999999999999999999")));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "a = 1 OR b = 2 AND NOT c = 3", "x NOT BETWEEN 1.5 AND 2.5e0", "x IN ('a', 'it''s')",
      "d >= DATE '1995-03-15' AND t < TIMESTAMP '2024-01-31 12:30:00.25'", "\"and\" = 1", "a.\"b c\" IS NOT NULL",
      "x = -0.125", "x > 1e300", "NOT (a = 1 AND b = 2)"})
  void printedFiltersParseBack(String text) {
    Filter filter = Filter.parse(text);
    assertThat(Filter.parse(filter.toString())).as(filter.toString()).isEqualTo(filter);
  }

  @Test
  void notANumberPrintsAndParsesBack() {
    Filter filter = Filter.gt("x", Double.NaN);
    assertThat(Filter.parse(filter.toString())).isEqualTo(filter);
  }

  @Test
  void decimalsAndNegativeZeroPrintAndParseBack() {
    for (String text : List.of("x = 5.", "x = 5.00", "x = -0.", "x = 123456789012345678901234567890",
        "x = -0.0e0", "x > 0e0")) {
      Filter filter = Filter.parse(text);
      assertThat(Filter.parse(filter.toString())).as("%s printed as %s", text, filter).isEqualTo(filter);
    }
    assertThat(Filter.parse("x = 5.")).isEqualTo(Filter.parse("x = 5.000"));
    assertThat(Filter.parse("x = -0.0e0").toString()).isEqualTo("x = -0.0E0");
  }

  @Test
  void quotedColumnPartsHoldNoDotAndAreNotEmpty() {
    assertThat(Filter.parse("\"a b\".\"c\" = 1")).isEqualTo(Filter.eq("a b.c", 1));
    assertThatThrownBy(() -> Filter.parse("\"a.b\" = 1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'.'");
    assertThatThrownBy(() -> Filter.parse("a.\"\" = 1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> Filter.eq("a..b", 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty part");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "", "x", "x =", "x = 'open", "x BETWEEN 1", "x IN ()", "= 3", "x = 1 AND", "(x = 1", "x = 1)",
      "x = DATE '2024-13-01'", "x IS 3", "and = 1", "x = 1 y = 2", "x == 1"})
  void malformedTextNamesWhereItStops(String text) {
    assertThatThrownBy(() -> Filter.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at offset").hasMessageContaining("filter:");
  }

  @Test
  void columnsAreCheckedAgainstTheSchema() {
    Filter filter = Filter.parse("l_quantity < 5 AND l_discount > 0.05 AND l_orderkey IN (1, 2.5) "
        + "AND l_shipdate BETWEEN DATE '1994-01-01' AND TIMESTAMP '1995-01-01 00:00' AND address.city = 'Oslo' "
        + "AND flag = FALSE AND address.zip IS NULL");
    Map<String, Field> columns = FilterBinding.bind(filter, LINEITEM);
    assertThat(columns.keySet()).containsExactly("l_quantity", "l_discount", "l_orderkey", "l_shipdate",
        "address.city", "flag", "address.zip");
    assertThat(columns.get("address.city").getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "missing = 1", "address.street = 'x'", "address = 1", "l_returnflag = 1", "l_quantity = 'R'",
      "flag = 1", "l_shipdate > 3", "l_ts = 'now'"})
  void aFilterThatCannotApplyFailsBeforeAnyRead(String text) {
    assertThatThrownBy(() -> FilterBinding.bind(Filter.parse(text), LINEITEM))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("filter column");
  }
}
