package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FlatJsonTest {

  @Test
  void readsStringsBooleansNullsAndNumbersInOrder() throws Exception {
    Map<String, Object> fields = FlatJson.parseObject(
        " { \"a\" : \"x\", \"b\":true,\"c\":false , \"d\":null, \"e\": -12.5e3 } ", "test");
    assertThat(fields.keySet()).containsExactly("a", "b", "c", "d", "e");
    assertThat(fields.values()).containsExactly("x", true, false, null, "-12.5e3");
  }

  @Test
  void readsEscapes() throws Exception {
    Map<String, Object> fields = FlatJson.parseObject(
        "{\"k\":\"q\\\" b\\\\ s\\/ n\\n t\\t u\\u00e9\\u0041\"}", "test");
    assertThat(fields.get("k")).isEqualTo("q\" b\\ s/ n\n t\t u\u00e9A");
  }

  @Test
  void writesWhatItReads() throws Exception {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("plain", "abc+/=");
    fields.put("quoted", "{\"nested\":\"json\"}\n\u0001");
    fields.put("flag", Boolean.TRUE);
    fields.put("skipped", null);
    String json = FlatJson.writeObject(fields);
    assertThat(json).isEqualTo(
        "{\"plain\":\"abc+/=\",\"quoted\":\"{\\\"nested\\\":\\\"json\\\"}\\n\\u0001\",\"flag\":true}");
    fields.remove("skipped");
    assertThat(FlatJson.parseObject(json, "test")).isEqualTo(fields);
  }

  @Test
  void emptyObject() throws Exception {
    assertThat(FlatJson.parseObject("{}", "test")).isEmpty();
    assertThat(FlatJson.writeObject(Map.of())).isEqualTo("{}");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "[]", "{", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{\"a\":{}}", "{\"a\":[1]}",
      "{\"a\":\"x\"} x", "{\"a\":\"x\",\"a\":\"y\"}", "{\"a\":\"\\q\"}", "{\"a\":\"\\u12\"}", "{\"a\":yes}",
      "{a:\"x\"}", "{\"a\":\"x\" \"b\":\"y\"}"})
  void rejectsWhatIsNotAFlatObject(String text) {
    assertThatThrownBy(() -> FlatJson.parseObject(text, "the thing"))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageStartingWith("the thing is not valid key tools JSON");
  }

  @Test
  void errorsDoNotQuoteTheText() {
    assertThatThrownBy(() -> FlatJson.parseObject("{\"wrappedDEK\":\"SECRETISH\",}", "key material"))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageNotContaining("SECRETISH")
        .hasMessageContaining("at character");
  }
}
