package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.cli.output.JsonWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonWriterTest {

  @Test
  void writesCompactDocument() {
    StringBuilder out = new StringBuilder();
    JsonWriter json = JsonWriter.compact(out);
    json.beginObject()
        .name("a").value(1L)
        .name("b").beginArray().value("x").nullValue().value(true).endArray()
        .name("c").beginObject().endObject()
        .name("d").beginArray().endArray()
        .endObject()
        .finish();
    assertThat(out.toString()).as("compact output").isEqualTo("{\"a\":1,\"b\":[\"x\",null,true],\"c\":{},\"d\":[]}");
  }

  @Test
  void writesIndentedDocumentThatParsesBack() {
    StringBuilder out = new StringBuilder();
    JsonWriter json = JsonWriter.indented(out);
    json.beginObject()
        .name("n").value(-5L)
        .name("list").beginArray().value(1.5).value(new BigDecimal("123.4500")).endArray()
        .name("empty").beginObject().endObject()
        .endObject()
        .finish();
    assertThat(out.toString()).as("indented output").isEqualTo(
        "{\n  \"n\": -5,\n  \"list\": [\n    1.5,\n    123.4500\n  ],\n  \"empty\": {}\n}");
    Map<String, Object> parsed = JsonTestParser.parseObject(out.toString());
    assertThat(parsed).as("parsed back").containsEntry("n", new BigDecimal("-5"));
    assertThat(parsed.get("list")).as("list").isEqualTo(List.of(new BigDecimal("1.5"), new BigDecimal("123.4500")));
  }

  @Test
  void escapesStrings() {
    String tricky = "quote\" backslash\\ newline\n tab\t nul\u0000 del\u007f sep\u2028 é 😀 lone\ud800 end";
    StringBuilder out = new StringBuilder();
    JsonWriter.compact(out).value(tricky).finish();
    String text = out.toString();
    assertThat(text).as("escaped text").contains("\\\"", "\\\\", "\\n", "\\t", "\\u0000", "\\u007f", "\\u2028",
        "\\ud800", "é", "😀");
    assertThat(text.chars().filter(c -> c < 0x20).count()).as("raw control characters in %s", text).isZero();
    assertThat(JsonTestParser.parse(text)).as("parsed back").isEqualTo(tricky);
  }

  @Test
  void randomStringsRoundTrip() {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (int round = 0; round < 500; round++) {
      StringBuilder value = new StringBuilder();
      int length = random.nextInt(20);
      for (int i = 0; i < length; i++) {
        // Mostly low code points (where the escapes are), some anywhere in the BMP.
        value.append((char) (random.nextBoolean() ? random.nextInt(0x80) : random.nextInt(0xD800)));
      }
      StringBuilder out = new StringBuilder();
      JsonWriter.compact(out).value(value.toString()).finish();
      assertThat(JsonTestParser.parse(out.toString())).as("seed %d, round %d: %s", seed, round, out)
          .isEqualTo(value.toString());
    }
  }

  @Test
  void writesNumbersAsNumbersAndNonFiniteAsStrings() {
    StringBuilder out = new StringBuilder();
    JsonWriter.compact(out).beginArray()
        .value(Long.MIN_VALUE)
        .value(new BigInteger("18446744073709551615"))
        .value(-0.0)
        .value(Double.NaN)
        .value(Double.NEGATIVE_INFINITY)
        .numberText("1.0E10")
        .value((Long) null)
        .endArray().finish();
    assertThat(out.toString()).as("numbers").isEqualTo(
        "[-9223372036854775808,18446744073709551615,-0.0,\"NaN\",\"-Infinity\",1.0E10,null]");
  }

  @Test
  void rejectsMisuse() {
    assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginObject().value(1L))
        .as("value without a name").isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginArray().name("a"))
        .as("name inside an array").isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginArray().endObject())
        .as("mismatched close").isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).beginArray().finish())
        .as("unclosed array").isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).value(1L).value(2L))
        .as("two top-level values").isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> JsonWriter.compact(new StringBuilder()).numberText("01"))
        .as("leading zero").isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void recognizesJsonNumberGrammar() {
    for (String good : List.of("0", "-0", "12", "1.5", "-1.5e3", "1E+2", "0.001")) {
      assertThat(JsonWriter.isJsonNumber(good)).as(good).isTrue();
    }
    for (String bad : List.of("", "-", "01", "1.", ".5", "1e", "NaN", "Infinity", "+1", "1 ")) {
      assertThat(JsonWriter.isJsonNumber(bad)).as(bad).isFalse();
    }
  }
}
