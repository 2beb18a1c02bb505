package io.parquetarrow.cli.output;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * One value the command line shows — a statistics bound, a cell of {@code cat} — already decoded from Parquet
 * bytes, and kept as the kind of JSON value it becomes: a number, a string, raw bytes, a boolean. The text
 * forms ({@link #toText(int)}) are for people: strings quoted and escaped, long values cut with "…"; the JSON
 * forms ({@link #writeJson(JsonWriter)}) keep every character.
 */
public sealed interface DisplayValue {

  /** The readable form, strings and byte strings cut to about {@code maxLength} characters (0: no limit). */
  String toText(int maxLength);

  /** Writes the value as the JSON value it stands for. */
  void writeJson(JsonWriter json);

  /** A number, kept as its exact decimal text (a JSON number, or NaN / Infinity / -Infinity). */
  record Number(String text) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      return text;
    }

    @Override
    public void writeJson(JsonWriter json) {
      if (JsonWriter.isJsonNumber(text)) {
        json.numberText(text);
      } else {
        json.value(text);
      }
    }
  }

  /** Text decoded from UTF-8: quoted and escaped when shown to people. */
  record Text(String text) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      return TextEscaper.quote(text, maxLength);
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.value(text);
    }
  }

  /**
   * A value whose natural form is a fixed token rather than free text — an ISO date or timestamp, a UUID —
   * shown without quotes, written to JSON as a string.
   */
  record Literal(String text) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      return text;
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.value(text);
    }
  }

  /** Bytes with no text meaning: lowercase hex, two digits per byte. */
  record Bytes(byte[] bytes) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      return TextEscaper.hex(bytes, maxBytes(maxLength));
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.value(HexFormat.of().formatHex(bytes));
    }
  }

  /** A boolean. */
  record Bool(boolean value) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      return Boolean.toString(value);
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.value(value);
    }
  }

  /**
   * Bytes that cannot be what the column's type says (a 3-byte INT32 bound, say). Shown with the reason; in
   * JSON, as the hex of the bytes, so a consumer sees a string where it expected a number.
   */
  record Invalid(byte[] bytes, String reason) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      return "<invalid: " + reason + ": " + TextEscaper.hex(bytes, maxBytes(maxLength)) + ">";
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.value(HexFormat.of().formatHex(bytes));
    }
  }

  /** A null value (a null cell; never a statistics bound, whose absence is Java null). */
  record Null() implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      return "null";
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.nullValue();
    }
  }

  /** A list's elements: {@code [1, 2, 3]}; a JSON array. */
  record ListValue(List<DisplayValue> elements) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      StringBuilder text = new StringBuilder("[");
      for (int i = 0; i < elements.size(); i++) {
        if (i > 0) {
          text.append(", ");
        }
        text.append(elements.get(i).toText(maxLength));
      }
      return text.append(']').toString();
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.beginArray();
      for (DisplayValue element : elements) {
        element.writeJson(json);
      }
      json.endArray();
    }
  }

  /** A struct's fields in order: {@code {a: 1, b: "x"}}; a JSON object. */
  record StructValue(List<Map.Entry<String, DisplayValue>> fields) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      StringBuilder text = new StringBuilder("{");
      for (int i = 0; i < fields.size(); i++) {
        if (i > 0) {
          text.append(", ");
        }
        text.append(TextEscaper.escape(fields.get(i).getKey(), maxLength)).append(": ")
            .append(fields.get(i).getValue().toText(maxLength));
      }
      return text.append('}').toString();
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.beginObject();
      for (Map.Entry<String, DisplayValue> field : fields) {
        json.name(field.getKey());
        field.getValue().writeJson(json);
      }
      json.endObject();
    }
  }

  /**
   * A map's entries in order: {@code {"k": 1}} as text. In JSON an array of {@code {"key": ..., "value": ...}}
   * objects, since map keys need not be strings and may repeat.
   */
  record MapValue(List<Map.Entry<DisplayValue, DisplayValue>> entries) implements DisplayValue {
    @Override
    public String toText(int maxLength) {
      StringBuilder text = new StringBuilder("{");
      for (int i = 0; i < entries.size(); i++) {
        if (i > 0) {
          text.append(", ");
        }
        text.append(entries.get(i).getKey().toText(maxLength)).append(": ")
            .append(entries.get(i).getValue().toText(maxLength));
      }
      return text.append('}').toString();
    }

    @Override
    public void writeJson(JsonWriter json) {
      json.beginArray();
      for (Map.Entry<DisplayValue, DisplayValue> entry : entries) {
        json.beginObject();
        json.name("key");
        entry.getKey().writeJson(json);
        json.name("value");
        entry.getValue().writeJson(json);
        json.endObject();
      }
      json.endArray();
    }
  }

  /** How many bytes of hex fit in {@code maxLength} characters; no limit when it is zero or less. */
  private static int maxBytes(int maxLength) {
    return maxLength <= 0 ? 0 : Math.max(1, maxLength / 2);
  }
}
