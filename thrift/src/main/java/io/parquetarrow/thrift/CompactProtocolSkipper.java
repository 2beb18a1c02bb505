package io.parquetarrow.thrift;

import io.parquetarrow.errors.ParquetCorruptionException;

/**
 * Skips Thrift compact values that {@link CompactProtocolReader} was not asked to decode: fields with ids this
 * library does not know, and known fields that arrived with an unexpected wire type.
 *
 * <p>It lives apart from the reader because skipping is the cold path, taken only for such fields, while the
 * field and varint reading it builds on is the benchmarked hot path that the reader keeps in one place. The
 * methods are static and take the reader, so skipping costs no allocation, and they apply the same
 * hostile-input rules as decoding: sizes are checked against the bytes remaining before any loop starts, and
 * every list, map and struct counts towards {@link CompactProtocolReader#MAX_DEPTH}.
 */
final class CompactProtocolSkipper {
  private CompactProtocolSkipper() {}

  /** Skips one value of compact type {@code type} in element position (a boolean is one byte). */
  static void skipValue(CompactProtocolReader in, int type) throws ParquetCorruptionException {
    switch (type) {
      case CompactType.BOOLEAN_TRUE, CompactType.BOOLEAN_FALSE, CompactType.BYTE -> in.skipBytes(1, "byte");
      case CompactType.I16 -> in.readUnsignedVarint(CompactProtocolReader.MAX_VARINT_BYTES_16);
      case CompactType.I32 -> in.readUnsignedVarint(CompactProtocolReader.MAX_VARINT_BYTES_32);
      case CompactType.I64 -> in.readUnsignedVarint(CompactProtocolReader.MAX_VARINT_BYTES_64);
      case CompactType.DOUBLE -> in.skipBytes(8, "double");
      case CompactType.BINARY -> in.skipBytes(in.readLength("binary"), "binary");
      case CompactType.LIST, CompactType.SET -> skipList(in);
      case CompactType.MAP -> skipMap(in);
      case CompactType.STRUCT -> skipStruct(in);
      default -> throw in.corruption(in.position(), "cannot skip a value of %s", CompactType.name(type));
    }
  }

  private static void skipStruct(CompactProtocolReader in) throws ParquetCorruptionException {
    in.readStructBegin("(unknown struct)");
    while (in.readFieldBegin()) {
      in.skipField();
    }
    in.readStructEnd();
  }

  // Unlike CompactProtocolReader.readListHeader, any element type is accepted: the list's contents are unknown.
  private static void skipList(CompactProtocolReader in) throws ParquetCorruptionException {
    int headerOffset = in.position();
    int header = in.readRawByte() & 0xFF;
    int elementType = header & 0x0F;
    long size = header >>> 4;
    if (size == 15) {
      size = in.readUnsignedVarint(CompactProtocolReader.MAX_VARINT_BYTES_32) & 0xFFFFFFFFL;
    }
    if (elementType == CompactType.STOP || elementType > CompactType.STRUCT) {
      throw in.corruption(headerOffset, "list has invalid element type code %d", elementType);
    }
    in.checkElementsFit(headerOffset, size, CompactType.minimumElementBytes(elementType), "list");
    in.enterNesting("list");
    for (long i = 0; i < size; i++) {
      skipValue(in, elementType);
    }
    in.leaveNesting();
  }

  // An empty map is a single zero varint with no key/value type byte.
  private static void skipMap(CompactProtocolReader in) throws ParquetCorruptionException {
    int headerOffset = in.position();
    long size = in.readUnsignedVarint(CompactProtocolReader.MAX_VARINT_BYTES_32) & 0xFFFFFFFFL;
    if (size == 0) {
      return;
    }
    int types = in.readRawByte() & 0xFF;
    int keyType = types >>> 4;
    int valueType = types & 0x0F;
    if (keyType == CompactType.STOP || keyType > CompactType.STRUCT
        || valueType == CompactType.STOP || valueType > CompactType.STRUCT) {
      throw in.corruption(headerOffset, "map has invalid key/value type codes %d/%d", keyType, valueType);
    }
    int entryBytes = CompactType.minimumElementBytes(keyType) + CompactType.minimumElementBytes(valueType);
    in.checkElementsFit(headerOffset, size, entryBytes, "map");
    in.enterNesting("map");
    for (long i = 0; i < size; i++) {
      skipValue(in, keyType);
      skipValue(in, valueType);
    }
    in.leaveNesting();
  }
}
