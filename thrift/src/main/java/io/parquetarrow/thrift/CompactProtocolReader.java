package io.parquetarrow.thrift;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Reads the Thrift Compact Protocol from a byte array slice: the first layer of the read path, below the
 * {@code io.parquetarrow.format} records whose {@code read} methods drive it field by field.
 *
 * <p>The reader never trusts a length from the bytes: every string, binary, list, set and map size is checked
 * against the bytes remaining before anything is allocated (each list element needs at least one byte, a
 * double eight), varints longer than their type allows are rejected, and structs, lists and maps may nest at
 * most {@link #MAX_DEPTH} deep. Every failure is a {@link ParquetCorruptionException} whose message names the
 * struct and field being read and the byte offset (counted from the start of the slice). When the bytes simply
 * ran out, the exception is a {@link ThriftTruncatedException}, so a caller that decoded from a prefix of
 * unknown length (a page header) can retry with more bytes.
 *
 * <p>The {@code read...Field} methods return null, having skipped the value, when a field arrives with a wire
 * type other than the one asked for: that is what Thrift's generated code does, and files exist whose writers
 * used a field id for another type (a required field read that way is then reported missing).
 *
 * <p>A struct is read like this:
 *
 * <pre>{@code
 * in.readStructBegin("KeyValue");
 * while (in.readFieldBegin()) {
 *   switch (in.fieldId()) {
 *     case 1 -> key = in.readStringField();
 *     case 2 -> value = in.readStringField();
 *     default -> in.skipField();
 *   }
 * }
 * in.readStructEnd();
 * }</pre>
 *
 * <p>Instances are not thread-safe; make one per decode.
 */
public final class CompactProtocolReader {
  /** How deep structs, lists, sets and maps may nest before the input is rejected as hostile. */
  public static final int MAX_DEPTH = 64;

  // Package-private, like the primitive helpers below, so that CompactProtocolSkipper can reuse them.
  static final int MAX_VARINT_BYTES_16 = 3;
  static final int MAX_VARINT_BYTES_32 = 5;
  static final int MAX_VARINT_BYTES_64 = 10;

  private final byte[] buffer;
  private final int start;
  private final int limit;
  private int position;

  // One entry per open struct: its name (for messages) and the last field id read (for delta headers).
  private final String[] structNames = new String[MAX_DEPTH + 1];
  private final short[] lastFieldIds = new short[MAX_DEPTH + 1];
  private int structDepth;
  private int depth;

  private int fieldId;
  private byte fieldType;

  // Created on first use and reused: strings are the most frequent values in a footer.
  private CharsetDecoder utf8;

  /** Reads {@code length} bytes of {@code buffer} starting at {@code offset}. */
  public CompactProtocolReader(byte[] buffer, int offset, int length) {
    if (offset < 0 || length < 0 || offset > buffer.length || length > buffer.length - offset) {
      throw new IllegalArgumentException(
          "slice [" + offset + ", " + offset + " + " + length + ") outside a buffer of " + buffer.length);
    }
    this.buffer = buffer;
    this.start = offset;
    this.limit = offset + length;
    this.position = offset;
  }

  /** Reads all of {@code buffer}. */
  public CompactProtocolReader(byte[] buffer) {
    this(buffer, 0, buffer.length);
  }

  /** The index in the buffer of the next byte to read (an absolute index, not relative to the slice). */
  public int position() {
    return position;
  }

  /** How many bytes of the slice have been consumed so far. */
  public int bytesConsumed() {
    return position - start;
  }

  /** How many bytes of the slice are left. */
  public int remaining() {
    return limit - position;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Structs and fields

  /** Opens a struct; {@code structName} names it in error messages. */
  public void readStructBegin(String structName) throws ParquetCorruptionException {
    enterNesting(structName);
    structDepth++;
    structNames[structDepth] = structName;
    lastFieldIds[structDepth] = 0;
  }

  /** Closes the struct opened last (its STOP byte was consumed by {@link #readFieldBegin()}). */
  public void readStructEnd() {
    structDepth--;
    depth--;
    fieldId = 0;
    fieldType = CompactType.STOP;
  }

  /**
   * Reads the next field header of the current struct. Returns false at the struct's STOP byte; otherwise the
   * field is described by {@link #fieldId()} and {@link #fieldType()} and must be consumed with one of the
   * {@code read...Field} methods or {@link #skipField()}.
   */
  public boolean readFieldBegin() throws ParquetCorruptionException {
    int headerOffset = position;
    int header = readRawByte() & 0xFF;
    int type = header & 0x0F;
    if (type == CompactType.STOP) {
      if (header != 0) {
        throw corruption(headerOffset, "field header byte 0x%02x has type STOP but a non-zero delta", header);
      }
      fieldId = 0;
      fieldType = CompactType.STOP;
      return false;
    }
    if (type > CompactType.STRUCT) {
      throw corruption(headerOffset, "field header has invalid type code %d", type);
    }
    int delta = header >>> 4;
    int id;
    if (delta != 0) {
      id = lastFieldIds[structDepth] + delta;
      if (id > Short.MAX_VALUE) {
        throw corruption(headerOffset, "field id %d (delta %d) exceeds the i16 range", id, delta);
      }
    } else {
      id = readI16();
    }
    lastFieldIds[structDepth] = (short) id;
    fieldId = id;
    fieldType = (byte) type;
    return true;
  }

  /** The id of the field whose header was read last. */
  public int fieldId() {
    return fieldId;
  }

  /** The compact type code of the field whose header was read last. */
  public byte fieldType() {
    return fieldType;
  }

  /** Skips the value of the current field (used for field ids this library does not know). */
  public void skipField() throws ParquetCorruptionException {
    if (fieldType == CompactType.BOOLEAN_TRUE || fieldType == CompactType.BOOLEAN_FALSE) {
      return;
    }
    skipValue(fieldType);
  }

  /** Skips one value of compact type {@code type} in element position (a boolean is one byte). */
  public void skipValue(int type) throws ParquetCorruptionException {
    CompactProtocolSkipper.skipValue(this, type);
  }

  /** Reads a {@code bool} field, whose value is the field header's type code. */
  public Boolean readBoolField() throws ParquetCorruptionException {
    if (fieldType == CompactType.BOOLEAN_TRUE) {
      return true;
    }
    if (fieldType == CompactType.BOOLEAN_FALSE) {
      return false;
    }
    return skipMismatched();
  }

  /** Reads an {@code i8} field. */
  public Byte readByteField() throws ParquetCorruptionException {
    if (fieldType != CompactType.BYTE) {
      return skipMismatched();
    }
    return readByte();
  }

  /** Reads an {@code i16} field. */
  public Short readI16Field() throws ParquetCorruptionException {
    if (fieldType != CompactType.I16) {
      return skipMismatched();
    }
    return readI16();
  }

  /** Reads an {@code i32} field (also enum fields, whose wire form is an i32). */
  public Integer readI32Field() throws ParquetCorruptionException {
    if (fieldType != CompactType.I32) {
      return skipMismatched();
    }
    return readI32();
  }

  /** Reads an {@code i64} field. */
  public Long readI64Field() throws ParquetCorruptionException {
    if (fieldType != CompactType.I64) {
      return skipMismatched();
    }
    return readI64();
  }

  /** Reads a {@code double} field. */
  public Double readDoubleField() throws ParquetCorruptionException {
    if (fieldType != CompactType.DOUBLE) {
      return skipMismatched();
    }
    return readDouble();
  }

  /** Reads a {@code binary} field. */
  public byte[] readBinaryField() throws ParquetCorruptionException {
    if (fieldType != CompactType.BINARY) {
      return skipMismatched();
    }
    return readBinary();
  }

  /** Reads a {@code string} field, which must be valid UTF-8. */
  public String readStringField() throws ParquetCorruptionException {
    if (fieldType != CompactType.BINARY) {
      return skipMismatched();
    }
    return readString();
  }

  /** Reads a struct (or union) field with {@code reader}, e.g. {@code in.readStructField(Statistics::read)}. */
  public <T> T readStructField(ThriftReadFunction<T> reader) throws ParquetCorruptionException {
    if (fieldType != CompactType.STRUCT) {
      return skipMismatched();
    }
    return reader.read(this);
  }

  /** Reads a {@code list<struct>} field. */
  public <T> List<T> readStructListField(ThriftReadFunction<T> reader) throws ParquetCorruptionException {
    return ListFieldReader.read(this, CompactType.STRUCT, reader);
  }

  /** Reads a {@code list<string>} field. */
  public List<String> readStringListField() throws ParquetCorruptionException {
    return ListFieldReader.read(this, CompactType.BINARY, CompactProtocolReader::readString);
  }

  /** Reads a {@code list<binary>} field. */
  public List<byte[]> readBinaryListField() throws ParquetCorruptionException {
    return ListFieldReader.read(this, CompactType.BINARY, CompactProtocolReader::readBinary);
  }

  /** Reads a {@code list<i64>} field. */
  public List<Long> readI64ListField() throws ParquetCorruptionException {
    return ListFieldReader.read(this, CompactType.I64, CompactProtocolReader::readI64);
  }

  /** Reads a {@code list<i32>} field. */
  public List<Integer> readI32ListField() throws ParquetCorruptionException {
    return ListFieldReader.read(this, CompactType.I32, CompactProtocolReader::readI32);
  }

  /** Reads a {@code list<bool>} field (one byte per element: 1 is true, 0 or 2 false). */
  public List<Boolean> readBoolListField() throws ParquetCorruptionException {
    return ListFieldReader.readBooleans(this);
  }

  /**
   * Reads an enum field (an i32 on the wire) through {@code fromValue}; null (value skipped) when the wire type
   * is not i32.
   */
  public <E> E readEnumField(IntFunction<E> fromValue) throws ParquetCorruptionException {
    Integer value = readI32Field();
    return value == null ? null : fromValue.apply(value);
  }

  /**
   * Reads a {@code list<SomeEnum>} field, keeping unknown integers (see {@link ThriftEnumList}). {@code
   * fromValue} must map unknown integers to the enum's {@code UNKNOWN} constant rather than throw.
   */
  public <E extends Enum<E> & ThriftEnumValue> ThriftEnumList<E> readEnumListField(
      IntFunction<E> fromValue, IntFunction<E[]> newArray) throws ParquetCorruptionException {
    return ListFieldReader.readEnums(this, fromValue, newArray);
  }

  /**
   * Returns {@code value}, or throws naming the missing required field when it is null. Call it after
   * {@link #readStructEnd()}, when the whole struct has been seen.
   */
  public <T> T require(T value, String structName, int id, String fieldName) throws ParquetCorruptionException {
    if (value == null) {
      throw ParquetCorruptionException.of(
          "Thrift struct %s ending before byte %d of %d is missing required field %d (%s)",
          structName, bytesConsumed(), limit - start, id, fieldName);
    }
    return value;
  }

  /** A corruption exception at the current field, for checks made by the format records. */
  public ParquetCorruptionException invalidField(String format, Object... args) {
    return corruption(position, format, args);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Lists, sets and maps

  /**
   * Reads a list (or set) header whose element type must be {@code expectedElementType} and returns its size,
   * already checked against the bytes remaining. Every call must be balanced by {@link #readListEnd()}.
   */
  public int readListHeader(byte expectedElementType) throws ParquetCorruptionException {
    int headerOffset = position;
    int header = readRawByte() & 0xFF;
    int elementType = header & 0x0F;
    long size = header >>> 4;
    if (size == 15) {
      size = readUnsignedVarint(MAX_VARINT_BYTES_32) & 0xFFFFFFFFL;
      if (size > Integer.MAX_VALUE) {
        throw corruption(headerOffset, "list size %d is negative as an i32", size);
      }
    }
    boolean typeMatches = elementType == expectedElementType
        || (expectedElementType == CompactType.BOOLEAN_TRUE && elementType == CompactType.BOOLEAN_FALSE);
    if (!typeMatches) {
      throw corruption(headerOffset, "list element type is %s, expected %s",
          CompactType.name(elementType), CompactType.name(expectedElementType));
    }
    checkElementsFit(headerOffset, size, CompactType.minimumElementBytes(elementType), "list");
    enterNesting("list");
    return (int) size;
  }

  /** Closes a list opened with {@link #readListHeader(byte)}. */
  public void readListEnd() {
    depth--;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Values

  /** Reads a one-byte {@code i8}. */
  public byte readByte() throws ParquetCorruptionException {
    return readRawByte();
  }

  /** Reads a zigzag varint {@code i16}. */
  public short readI16() throws ParquetCorruptionException {
    int offset = position;
    long raw = readUnsignedVarint(MAX_VARINT_BYTES_16);
    if (raw > 0xFFFF) {
      throw corruption(offset, "varint %d does not fit an i16", raw);
    }
    return (short) zigzagDecode((int) raw);
  }

  /** Reads a zigzag varint {@code i32}. */
  public int readI32() throws ParquetCorruptionException {
    int offset = position;
    long raw = readUnsignedVarint(MAX_VARINT_BYTES_32);
    if (raw > 0xFFFFFFFFL) {
      throw corruption(offset, "varint %d does not fit an i32", raw);
    }
    return zigzagDecode((int) raw);
  }

  /** Reads a zigzag varint {@code i64}. */
  public long readI64() throws ParquetCorruptionException {
    long raw = readUnsignedVarint(MAX_VARINT_BYTES_64);
    return (raw >>> 1) ^ -(raw & 1);
  }

  /** Reads an eight-byte little-endian {@code double}. */
  public double readDouble() throws ParquetCorruptionException {
    ensureAvailable(8, "double");
    long bits = 0;
    for (int i = 7; i >= 0; i--) {
      bits = (bits << 8) | (buffer[position + i] & 0xFFL);
    }
    position += 8;
    return Double.longBitsToDouble(bits);
  }

  /** Reads a length-prefixed {@code binary}. */
  public byte[] readBinary() throws ParquetCorruptionException {
    int length = readLength("binary");
    byte[] value = new byte[length];
    System.arraycopy(buffer, position, value, 0, length);
    position += length;
    return value;
  }

  /** Reads a length-prefixed UTF-8 {@code string}; malformed UTF-8 is corruption. */
  public String readString() throws ParquetCorruptionException {
    int offset = position;
    int length = readLength("string");
    try {
      String value = utf8Decoder().decode(ByteBuffer.wrap(buffer, position, length)).toString();
      position += length;
      return value;
    } catch (CharacterCodingException e) {
      throw corruption(offset, "string of %d bytes is not valid UTF-8", length);
    }
  }

  private CharsetDecoder utf8Decoder() {
    if (utf8 == null) {
      utf8 = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
    }
    return utf8.reset();
  }

  /** Reads one boolean list element: 1 is true; 0 and 2 are false (writers differ). */
  public boolean readBoolElement() throws ParquetCorruptionException {
    int offset = position;
    byte value = readRawByte();
    if (value == CompactType.BOOLEAN_TRUE) {
      return true;
    }
    if (value == CompactType.BOOLEAN_FALSE || value == 0) {
      return false;
    }
    throw corruption(offset, "boolean list element is %d, expected 0, 1 or 2", value);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Primitives

  byte readRawByte() throws ParquetCorruptionException {
    if (position >= limit) {
      throw truncated(1, "byte");
    }
    return buffer[position++];
  }

  long readUnsignedVarint(int maxBytes) throws ParquetCorruptionException {
    int offset = position;
    long result = 0;
    for (int i = 0; i < maxBytes; i++) {
      if (position >= limit) {
        throw truncated(1, "varint byte");
      }
      byte next = buffer[position++];
      result |= (long) (next & 0x7F) << (7 * i);
      if (next >= 0) {
        if (i == MAX_VARINT_BYTES_64 - 1 && (next & 0x7F) > 1) {
          throw corruption(offset, "varint overflows 64 bits");
        }
        return result;
      }
    }
    throw corruption(offset, "varint longer than %d bytes", maxBytes);
  }

  int readLength(String what) throws ParquetCorruptionException {
    int offset = position;
    long length = readUnsignedVarint(MAX_VARINT_BYTES_32) & 0xFFFFFFFFL;
    if (length > Integer.MAX_VALUE) {
      throw corruption(offset, "%s length %d is negative as an i32", what, length);
    }
    if (length > limit - position) {
      throw truncated(length, what + " of " + length + " bytes");
    }
    return (int) length;
  }

  void skipBytes(int count, String what) throws ParquetCorruptionException {
    ensureAvailable(count, what);
    position += count;
  }

  private void ensureAvailable(long count, String what) throws ParquetCorruptionException {
    if (count > limit - position) {
      throw truncated(count, what);
    }
  }

  void checkElementsFit(int headerOffset, long size, int bytesPerElement, String what)
      throws ParquetCorruptionException {
    if (size * bytesPerElement > limit - position) {
      throw new ThriftTruncatedException(String.format(
          "%s: %s at byte %d of %d claims %d elements, needing at least %d bytes, but only %d remain",
          location(), what, headerOffset - start, limit - start, size, size * bytesPerElement, limit - position));
    }
  }

  void enterNesting(String what) throws ParquetCorruptionException {
    if (depth >= MAX_DEPTH) {
      throw corruption(position, "%s nested deeper than %d levels", what, MAX_DEPTH);
    }
    depth++;
  }

  void leaveNesting() {
    depth--;
  }

  private static int zigzagDecode(int n) {
    return (n >>> 1) ^ -(n & 1);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Errors

  /**
   * A known field id arrived with a different wire type. Like Thrift's generated code, treat it as an unknown
   * field: skip it and report it absent (some writers reused field ids of unreleased format drafts).
   */
  <T> T skipMismatched() throws ParquetCorruptionException {
    skipField();
    return null;
  }

  private String location() {
    if (structDepth == 0) {
      return "Thrift value";
    }
    int currentField = lastFieldIds[structDepth];
    String struct = "Thrift struct " + structNames[structDepth];
    return currentField != 0 ? struct + " field " + currentField : struct;
  }

  ParquetCorruptionException corruption(int offset, String format, Object... args) {
    return new ParquetCorruptionException(String.format("%s at byte %d of %d: %s",
        location(), offset - start, limit - start, String.format(format, args)));
  }

  private ThriftTruncatedException truncated(long needed, String what) {
    return new ThriftTruncatedException(String.format(
        "%s at byte %d of %d: truncated, %s needs %d bytes but only %d remain",
        location(), position - start, limit - start, what, needed, limit - position));
  }
}
