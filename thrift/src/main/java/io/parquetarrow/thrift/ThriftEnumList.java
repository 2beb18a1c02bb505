package io.parquetarrow.thrift;

import java.util.AbstractList;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * An unmodifiable {@code List<E>} of Thrift enum constants decoded from a {@code list<SomeEnum>} field that also
 * keeps the integers it was decoded from. A value this library does not know (say an encoding added by a future
 * format version) appears as the enum's {@code UNKNOWN} constant, so the footer still decodes, and
 * {@link CompactProtocolWriter#writeEnumList} writes the original integer back, so re-encoding loses nothing.
 *
 * <p>Equality follows the {@link java.util.List} contract (element by element), so two lists that hold
 * different unknown integers compare equal; {@link #rawValue(int)} tells them apart.
 */
public final class ThriftEnumList<E extends Enum<E> & ThriftEnumValue> extends AbstractList<E>
    implements RandomAccess {
  private final int[] rawValues;
  private final E[] constants;

  private ThriftEnumList(int[] rawValues, E[] constants) {
    this.rawValues = rawValues;
    this.constants = constants;
  }

  /** A list of the given wire integers, each mapped to a constant through {@code fromValue}. */
  public static <E extends Enum<E> & ThriftEnumValue> ThriftEnumList<E> of(
      int[] rawValues, IntFunction<E> fromValue, IntFunction<E[]> newArray) {
    int[] copy = rawValues.clone();
    E[] constants = newArray.apply(copy.length);
    for (int i = 0; i < copy.length; i++) {
      constants[i] = fromValue.apply(copy[i]);
    }
    return new ThriftEnumList<>(copy, constants);
  }

  @Override
  public E get(int index) {
    return constants[index];
  }

  @Override
  public int size() {
    return constants.length;
  }

  /** The integer that was on the wire for element {@code index}. */
  public int rawValue(int index) {
    return rawValues[index];
  }

  /** A copy of all wire integers. */
  public int[] rawValues() {
    return rawValues.clone();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("[");
    for (int i = 0; i < constants.length; i++) {
      if (i > 0) {
        text.append(", ");
      }
      text.append(constants[i].value() == rawValues[i] ? constants[i].name() : "UNKNOWN(" + rawValues[i] + ")");
    }
    return text.append(']').toString();
  }

  /** Whether any element is an unknown value. */
  public boolean hasUnknownValues() {
    for (int i = 0; i < constants.length; i++) {
      if (constants[i].value() != rawValues[i]) {
        return true;
      }
    }
    return false;
  }

  int[] rawValuesView() {
    return rawValues;
  }
}
