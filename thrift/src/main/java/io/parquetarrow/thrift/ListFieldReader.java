package io.parquetarrow.thrift;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Reads list-valued fields into immutable lists, for the {@code read...ListField} methods of
 * {@link CompactProtocolReader}, which delegate here. Like the reader's other field methods, each returns null,
 * having skipped the value, when the field's wire type is neither list nor set.
 *
 * <p>It sits on top of the reader's public list and value methods (plus its rule for mismatched fields), which
 * is why it can live apart and keep the reader down to the protocol's primitives. The methods are static and
 * take the reader, so a list field costs no allocation beyond the list it returns.
 */
final class ListFieldReader {
  private ListFieldReader() {}

  /** Reads a list field whose elements have compact type {@code elementType}, each decoded by {@code reader}. */
  static <T> List<T> read(CompactProtocolReader in, byte elementType, ThriftReadFunction<T> reader)
      throws ParquetCorruptionException {
    if (!isListField(in)) {
      return in.skipMismatched();
    }
    int size = in.readListHeader(elementType);
    List<T> values = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      values.add(reader.read(in));
    }
    in.readListEnd();
    return Collections.unmodifiableList(values);
  }

  /** Reads a {@code list<bool>} field, one byte per element. */
  static List<Boolean> readBooleans(CompactProtocolReader in) throws ParquetCorruptionException {
    if (!isListField(in)) {
      return in.skipMismatched();
    }
    int size = in.readListHeader(CompactType.BOOLEAN_TRUE);
    Boolean[] values = new Boolean[size];
    for (int i = 0; i < size; i++) {
      values[i] = in.readBoolElement();
    }
    in.readListEnd();
    return Collections.unmodifiableList(Arrays.asList(values));
  }

  /** Reads a {@code list<SomeEnum>} field, keeping wire integers so unknown values survive (see ThriftEnumList). */
  static <E extends Enum<E> & ThriftEnumValue> ThriftEnumList<E> readEnums(
      CompactProtocolReader in, IntFunction<E> fromValue, IntFunction<E[]> newArray)
      throws ParquetCorruptionException {
    if (!isListField(in)) {
      return in.skipMismatched();
    }
    int size = in.readListHeader(CompactType.I32);
    int[] values = new int[size];
    for (int i = 0; i < size; i++) {
      values[i] = in.readI32();
    }
    in.readListEnd();
    return ThriftEnumList.of(values, fromValue, newArray);
  }

  private static boolean isListField(CompactProtocolReader in) {
    return in.fieldType() == CompactType.LIST || in.fieldType() == CompactType.SET;
  }
}
