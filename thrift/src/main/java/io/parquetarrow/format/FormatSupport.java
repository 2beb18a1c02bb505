package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import io.parquetarrow.thrift.CompactType;
import io.parquetarrow.thrift.ThriftEnumList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.IntFunction;

/** Helpers shared by the format records: enum fields, empty structs, immutable lists, byte[] equality. */
final class FormatSupport {
  private FormatSupport() {}

  /**
   * Reads an i32 enum field that has no UNKNOWN constant: an unknown value is corruption; null when the field
   * had another wire type (and was skipped).
   */
  static <E> E readStrictEnum(CompactProtocolReader in, IntFunction<E> findByValue, String enumName)
      throws ParquetCorruptionException {
    Integer value = in.readI32Field();
    if (value == null) {
      return null;
    }
    E constant = findByValue.apply(value);
    if (constant == null) {
      throw in.invalidField("%d is not a known %s", value, enumName);
    }
    return constant;
  }

  /** Reads an empty struct (a union member or annotation), skipping any fields a later version added. */
  static void readEmptyStruct(CompactProtocolReader in, String structName) throws ParquetCorruptionException {
    in.readStructBegin(structName);
    while (in.readFieldBegin()) {
      in.skipField();
    }
    in.readStructEnd();
  }

  /**
   * Reads the current field as an empty union member and returns {@code member}; returns null (field skipped)
   * when the field is not a struct on the wire.
   */
  static <T> T readEmptyMember(CompactProtocolReader in, String structName, T member)
      throws ParquetCorruptionException {
    if (in.fieldType() != CompactType.STRUCT) {
      in.skipField();
      return null;
    }
    readEmptyStruct(in, structName);
    return member;
  }

  /** Writes field {@code id} holding an empty struct. */
  static void writeEmptyStructField(CompactProtocolWriter out, int id) {
    out.writeFieldBegin(CompactType.STRUCT, id);
    out.writeStructBegin();
    out.writeStructEnd();
  }

  /** Writes a union whose one member, field {@code id}, is an empty struct. */
  static void writeEmptyUnionMember(CompactProtocolWriter out, int id) {
    out.writeStructBegin();
    writeEmptyStructField(out, id);
    out.writeStructEnd();
  }

  /** An unmodifiable copy of {@code list} (null stays null; decoded lists are kept as they are). */
  static <T> List<T> immutable(List<T> list) {
    if (list == null || list instanceof ThriftEnumList<?>) {
      return list;
    }
    return List.copyOf(list);
  }

  static boolean bytesListEquals(List<byte[]> left, List<byte[]> right) {
    if (left == right) {
      return true;
    }
    if (left == null || right == null || left.size() != right.size()) {
      return false;
    }
    for (int i = 0; i < left.size(); i++) {
      if (!Arrays.equals(left.get(i), right.get(i))) {
        return false;
      }
    }
    return true;
  }

  static int bytesListHash(List<byte[]> list) {
    if (list == null) {
      return 0;
    }
    int hash = 1;
    for (byte[] value : list) {
      hash = 31 * hash + Arrays.hashCode(value);
    }
    return hash;
  }

  static String hex(byte[] value) {
    return value == null ? "null" : "0x" + HexFormat.of().formatHex(value);
  }

  static String hexList(List<byte[]> list) {
    if (list == null) {
      return "null";
    }
    StringBuilder text = new StringBuilder("[");
    for (int i = 0; i < list.size(); i++) {
      text.append(i > 0 ? ", " : "").append(hex(list.get(i)));
    }
    return text.append(']').toString();
  }
}
