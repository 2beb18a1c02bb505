package io.parquetarrow.thrift;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Writes the Thrift Compact Protocol into a growable byte array: the last layer of the write path, driven by the
 * {@code write} methods of the {@code io.parquetarrow.format} records. Field headers use the one-byte delta form
 * when the field id is 1 to 15 above the previous one in the same struct and the long form otherwise; booleans
 * in fields travel in the header's type code.
 *
 * <p>Misuse (unbalanced structs, an unknown enum constant without its wire value) throws
 * {@link IllegalStateException} / {@link IllegalArgumentException}. Not thread-safe.
 */
public final class CompactProtocolWriter {
  private byte[] bytes;
  private int size;

  private short[] lastFieldIds = new short[16];
  private int structDepth;

  public CompactProtocolWriter() {
    this(256);
  }

  public CompactProtocolWriter(int initialCapacity) {
    bytes = new byte[Math.max(16, initialCapacity)];
  }

  /** The number of bytes written so far. */
  public int size() {
    return size;
  }

  /** A copy of the bytes written so far. */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  /** Writes the bytes written so far to {@code out}. */
  public void writeTo(OutputStream out) throws IOException {
    out.write(bytes, 0, size);
  }

  /** Forgets everything written, keeping the buffer for reuse. */
  public void reset() {
    size = 0;
    structDepth = 0;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Structs and fields

  /** Opens a struct (or union). */
  public void writeStructBegin() {
    structDepth++;
    if (structDepth == lastFieldIds.length) {
      lastFieldIds = Arrays.copyOf(lastFieldIds, lastFieldIds.length * 2);
    }
    lastFieldIds[structDepth] = 0;
  }

  /** Writes the STOP byte and closes the struct opened last. */
  public void writeStructEnd() {
    if (structDepth == 0) {
      throw new IllegalStateException("writeStructEnd without writeStructBegin");
    }
    writeRawByte(CompactType.STOP);
    structDepth--;
  }

  /** Writes a field header of compact type {@code type} for field {@code id} of the open struct. */
  public void writeFieldBegin(byte type, int id) {
    if (structDepth == 0) {
      throw new IllegalStateException("field " + id + " written outside a struct");
    }
    if (id < Short.MIN_VALUE || id > Short.MAX_VALUE) {
      throw new IllegalArgumentException("field id " + id + " outside the i16 range");
    }
    int delta = id - lastFieldIds[structDepth];
    if (delta > 0 && delta <= 15) {
      writeRawByte((byte) ((delta << 4) | type));
    } else {
      writeRawByte(type);
      writeI16((short) id);
    }
    lastFieldIds[structDepth] = (short) id;
  }

  public void writeBoolField(int id, boolean value) {
    writeFieldBegin(value ? CompactType.BOOLEAN_TRUE : CompactType.BOOLEAN_FALSE, id);
  }

  public void writeByteField(int id, byte value) {
    writeFieldBegin(CompactType.BYTE, id);
    writeByte(value);
  }

  public void writeI16Field(int id, short value) {
    writeFieldBegin(CompactType.I16, id);
    writeI16(value);
  }

  public void writeI32Field(int id, int value) {
    writeFieldBegin(CompactType.I32, id);
    writeI32(value);
  }

  public void writeI64Field(int id, long value) {
    writeFieldBegin(CompactType.I64, id);
    writeI64(value);
  }

  public void writeDoubleField(int id, double value) {
    writeFieldBegin(CompactType.DOUBLE, id);
    writeDouble(value);
  }

  public void writeBinaryField(int id, byte[] value) {
    writeFieldBegin(CompactType.BINARY, id);
    writeBinary(value);
  }

  public void writeStringField(int id, String value) {
    writeFieldBegin(CompactType.BINARY, id);
    writeString(value);
  }

  /** Writes an enum field as its i32 wire value; an {@code UNKNOWN} constant cannot be written. */
  public void writeEnumField(int id, ThriftEnumValue value) {
    writeI32Field(id, enumValue(value));
  }

  /** Writes a struct field with {@code writer}, e.g. {@code out.writeStructField(12, statistics, Statistics::write)}. */
  public <T> void writeStructField(int id, T value, ThriftWriteFunction<T> writer) {
    writeFieldBegin(CompactType.STRUCT, id);
    writer.write(this, value);
  }

  public <T> void writeStructListField(int id, List<T> values, ThriftWriteFunction<T> writer) {
    writeFieldBegin(CompactType.LIST, id);
    writeListBegin(CompactType.STRUCT, values.size());
    for (T value : values) {
      writer.write(this, value);
    }
  }

  public void writeStringListField(int id, List<String> values) {
    writeFieldBegin(CompactType.LIST, id);
    writeListBegin(CompactType.BINARY, values.size());
    for (String value : values) {
      writeString(value);
    }
  }

  public void writeBinaryListField(int id, List<byte[]> values) {
    writeFieldBegin(CompactType.LIST, id);
    writeListBegin(CompactType.BINARY, values.size());
    for (byte[] value : values) {
      writeBinary(value);
    }
  }

  public void writeI64ListField(int id, List<Long> values) {
    writeFieldBegin(CompactType.LIST, id);
    writeListBegin(CompactType.I64, values.size());
    for (long value : values) {
      writeI64(value);
    }
  }

  public void writeI32ListField(int id, List<Integer> values) {
    writeFieldBegin(CompactType.LIST, id);
    writeListBegin(CompactType.I32, values.size());
    for (int value : values) {
      writeI32(value);
    }
  }

  /** Writes a {@code list<bool>} field, one byte (1 or 2) per element as Thrift's own writers do. */
  public void writeBoolListField(int id, List<Boolean> values) {
    writeFieldBegin(CompactType.LIST, id);
    writeListBegin(CompactType.BOOLEAN_TRUE, values.size());
    for (boolean value : values) {
      writeRawByte(value ? CompactType.BOOLEAN_TRUE : CompactType.BOOLEAN_FALSE);
    }
  }

  /**
   * Writes a {@code list<SomeEnum>} field. A {@link ThriftEnumList} is written with the integers it was decoded
   * from, so unknown values survive a round trip; any other list must not contain {@code UNKNOWN}.
   */
  public void writeEnumListField(int id, List<? extends ThriftEnumValue> values) {
    writeFieldBegin(CompactType.LIST, id);
    writeListBegin(CompactType.I32, values.size());
    if (values instanceof ThriftEnumList<?> decoded) {
      for (int value : decoded.rawValuesView()) {
        writeI32(value);
      }
    } else {
      for (ThriftEnumValue value : values) {
        writeI32(enumValue(value));
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Headers and values

  /** Writes a list header: the size in the high nibble when below 15, else 0xF and a varint size. */
  public void writeListBegin(byte elementType, int count) {
    if (count < 0) {
      throw new IllegalArgumentException("negative list size " + count);
    }
    if (count < 15) {
      writeRawByte((byte) ((count << 4) | elementType));
    } else {
      writeRawByte((byte) (0xF0 | elementType));
      writeUnsignedVarint(count & 0xFFFFFFFFL);
    }
  }

  /** Writes a map header: a varint size, then (if not empty) key type and value type in one byte. */
  public void writeMapBegin(byte keyType, byte valueType, int count) {
    if (count < 0) {
      throw new IllegalArgumentException("negative map size " + count);
    }
    writeUnsignedVarint(count);
    if (count > 0) {
      writeRawByte((byte) ((keyType << 4) | valueType));
    }
  }

  public void writeByte(byte value) {
    writeRawByte(value);
  }

  public void writeI16(short value) {
    writeUnsignedVarint(((value << 1) ^ (value >> 31)) & 0xFFFFFFFFL);
  }

  public void writeI32(int value) {
    writeUnsignedVarint(((value << 1) ^ (value >> 31)) & 0xFFFFFFFFL);
  }

  public void writeI64(long value) {
    writeUnsignedVarint((value << 1) ^ (value >> 63));
  }

  /**
   * Copies bytes that already hold encoded Thrift (for example a struct encoded earlier) into the output as
   * they are; the caller is responsible for them forming a valid value at this point.
   */
  public void writeRawBytes(byte[] source, int offset, int length) {
    ensureCapacity(length);
    System.arraycopy(source, offset, bytes, size, length);
    size += length;
  }

  /** Writes eight little-endian bytes. */
  public void writeDouble(double value) {
    long bits = Double.doubleToRawLongBits(value);
    ensureCapacity(8);
    for (int i = 0; i < 8; i++) {
      bytes[size++] = (byte) (bits >>> (8 * i));
    }
  }

  public void writeBinary(byte[] value) {
    writeUnsignedVarint(value.length);
    ensureCapacity(value.length);
    System.arraycopy(value, 0, bytes, size, value.length);
    size += value.length;
  }

  public void writeString(String value) {
    writeBinary(value.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes a boolean in element position (inside a list): one byte, 1 for true and 2 for false. */
  public void writeBoolElement(boolean value) {
    writeRawByte(value ? CompactType.BOOLEAN_TRUE : CompactType.BOOLEAN_FALSE);
  }

  /** Writes an unsigned LEB128 varint of the 64-bit pattern {@code value}. */
  public void writeUnsignedVarint(long value) {
    ensureCapacity(10);
    while ((value & ~0x7FL) != 0) {
      bytes[size++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    bytes[size++] = (byte) value;
  }

  private static int enumValue(ThriftEnumValue value) {
    int wire = value.value();
    if (wire < 0) {
      throw new IllegalArgumentException(
          "cannot encode " + value + ": its wire value was not kept (decode it inside a list to keep it)");
    }
    return wire;
  }

  private void writeRawByte(byte value) {
    ensureCapacity(1);
    bytes[size++] = value;
  }

  private void ensureCapacity(int extra) {
    if (extra > bytes.length - size) {
      long wanted = Math.max((long) bytes.length * 2, (long) size + extra);
      if (wanted > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("Thrift output exceeds 2 GiB");
      }
      bytes = Arrays.copyOf(bytes, (int) wanted);
    }
  }
}
