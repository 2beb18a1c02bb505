package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Objects;

/**
 * One entry of application key/value metadata on a file or column chunk (parquet.thrift {@code struct KeyValue}).
 *
 * @param key required
 * @param value optional; null when absent
 */
public record KeyValue(String key, String value) {
  public KeyValue {
    Objects.requireNonNull(key, "key");
  }

  public static KeyValue read(CompactProtocolReader in) throws ParquetCorruptionException {
    String key = null;
    String value = null;
    in.readStructBegin("KeyValue");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> key = in.readStringField();
        case 2 -> value = in.readStringField();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new KeyValue(in.require(key, "KeyValue", 1, "key"), value);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeStringField(1, key);
    if (value != null) {
      out.writeStringField(2, value);
    }
    out.writeStructEnd();
  }
}
