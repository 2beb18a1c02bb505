package io.parquetarrow.format;

import static io.parquetarrow.format.FormatSamples.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import io.parquetarrow.thrift.CompactType;
import io.parquetarrow.thrift.ThriftEnumList;
import io.parquetarrow.thrift.ThriftReadFunction;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bytes written by a later version of parquet.thrift: unknown fields of every type, unknown union members and
 * unknown enum values must not stop a footer from decoding.
 */
class ForwardCompatibilityTest {

  /** Writes, into the open struct, one unknown field of every compact type, from field id 1000 on. */
  static void writeUnknownFields(CompactProtocolWriter out) {
    int id = 1000;
    out.writeBoolField(id++, true);
    out.writeBoolField(id++, false);
    out.writeByteField(id++, (byte) -5);
    out.writeI16Field(id++, (short) -300);
    out.writeI32Field(id++, Integer.MIN_VALUE);
    out.writeI64Field(id++, Long.MAX_VALUE);
    out.writeDoubleField(id++, Math.PI);
    out.writeBinaryField(id++, new byte[] {0, 1, 2, (byte) 0xff});
    out.writeStringField(id++, "future");
    out.writeI32ListField(id++, List.of(1, 2, 3));
    out.writeBoolListField(id++, List.of(true, false, true));
    // a set<string>: same header layout as a list
    out.writeFieldBegin(CompactType.SET, id++);
    out.writeListBegin(CompactType.BINARY, 2);
    out.writeString("x");
    out.writeString("y");
    // a list of 20 doubles (long-form list header)
    out.writeFieldBegin(CompactType.LIST, id++);
    out.writeListBegin(CompactType.DOUBLE, 20);
    for (int i = 0; i < 20; i++) {
      out.writeDouble(i);
    }
    // map<string, i32>
    out.writeFieldBegin(CompactType.MAP, id++);
    out.writeMapBegin(CompactType.BINARY, CompactType.I32, 2);
    out.writeString("a");
    out.writeI32(1);
    out.writeString("b");
    out.writeI32(2);
    // empty map
    out.writeFieldBegin(CompactType.MAP, id++);
    out.writeMapBegin(CompactType.I32, CompactType.STRUCT, 0);
    // map<i32, struct> whose structs hold bools and a nested list of structs
    out.writeFieldBegin(CompactType.MAP, id++);
    out.writeMapBegin(CompactType.I32, CompactType.STRUCT, 1);
    out.writeI32(7);
    writeNestedStruct(out);
    // a struct holding a list of structs holding a map
    out.writeFieldBegin(CompactType.STRUCT, id++);
    writeNestedStruct(out);
    // a list of lists
    out.writeFieldBegin(CompactType.LIST, id++);
    out.writeListBegin(CompactType.LIST, 2);
    out.writeListBegin(CompactType.I64, 1);
    out.writeI64(-1);
    out.writeListBegin(CompactType.BOOLEAN_TRUE, 0);
  }

  private static void writeNestedStruct(CompactProtocolWriter out) {
    out.writeStructBegin();
    out.writeBoolField(1, true);
    out.writeFieldBegin(CompactType.LIST, 2);
    out.writeListBegin(CompactType.STRUCT, 2);
    for (int i = 0; i < 2; i++) {
      out.writeStructBegin();
      out.writeFieldBegin(CompactType.MAP, 3);
      out.writeMapBegin(CompactType.BINARY, CompactType.BINARY, 1);
      out.writeString("k");
      out.writeString("v");
      out.writeStructEnd();
    }
    out.writeI64Field(40, 12345);
    out.writeStructEnd();
  }

  /** {@code structBytes} (one encoded struct) with unknown fields inserted before its STOP byte. */
  static byte[] withUnknownFields(byte[] structBytes) {
    assertThat(structBytes[structBytes.length - 1]).as("encoded struct ends with STOP").isZero();
    CompactProtocolWriter tail = new CompactProtocolWriter();
    tail.writeStructBegin();
    writeUnknownFields(tail);
    tail.writeStructEnd();
    byte[] tailBytes = tail.toByteArray();
    byte[] result = Arrays.copyOf(structBytes, structBytes.length - 1 + tailBytes.length);
    System.arraycopy(tailBytes, 0, result, structBytes.length - 1, tailBytes.length);
    return result;
  }

  private static <T> T decode(byte[] bytes, ThriftReadFunction<T> reader) throws ParquetCorruptionException {
    CompactProtocolReader in = new CompactProtocolReader(bytes);
    T value = reader.read(in);
    assertThat(in.remaining()).as("bytes left after decoding").isZero();
    return value;
  }

  private static byte[] encode(java.util.function.Consumer<CompactProtocolWriter> writer) {
    CompactProtocolWriter out = new CompactProtocolWriter();
    writer.accept(out);
    return out.toByteArray();
  }

  @Test
  void unknownFieldsOfEveryTypeAreSkippedInEveryStruct() throws ParquetCorruptionException {
    assertThat(decode(withUnknownFields(fullFileMetaData().encode()), FileMetaData::read))
        .isEqualTo(fullFileMetaData());
    assertThat(decode(withUnknownFields(minimalFileMetaData().encode()), FileMetaData::read))
        .isEqualTo(minimalFileMetaData());
    assertThat(decode(withUnknownFields(fullColumnMetaData().encode()), ColumnMetaData::read))
        .isEqualTo(fullColumnMetaData());
    assertThat(decode(withUnknownFields(fullDataPageHeader().encode()), PageHeader::read))
        .isEqualTo(fullDataPageHeader());
    assertThat(decode(withUnknownFields(fullColumnIndex().encode()), ColumnIndex::read))
        .isEqualTo(fullColumnIndex());
    assertThat(decode(withUnknownFields(fullOffsetIndex().encode()), OffsetIndex::read))
        .isEqualTo(fullOffsetIndex());
    assertThat(decode(withUnknownFields(fullBloomFilterHeader().encode()), BloomFilterHeader::read))
        .isEqualTo(fullBloomFilterHeader());
    assertThat(decode(withUnknownFields(encode(fullSchemaElement()::write)), SchemaElement::read))
        .isEqualTo(fullSchemaElement());
    assertThat(decode(withUnknownFields(encode(fullRowGroup()::write)), RowGroup::read)).isEqualTo(fullRowGroup());
    assertThat(decode(withUnknownFields(encode(fullColumnChunk()::write)), ColumnChunk::read))
        .isEqualTo(fullColumnChunk());
    assertThat(decode(withUnknownFields(encode(fullStatistics()::write)), Statistics::read))
        .isEqualTo(fullStatistics());
    assertThat(decode(withUnknownFields(encode(fullSizeStatistics()::write)), SizeStatistics::read))
        .isEqualTo(fullSizeStatistics());
    assertThat(decode(withUnknownFields(encode(fullGeospatialStatistics()::write)), GeospatialStatistics::read))
        .isEqualTo(fullGeospatialStatistics());
    assertThat(decode(withUnknownFields(encode(new KeyValue("k", "v")::write)), KeyValue::read))
        .isEqualTo(new KeyValue("k", "v"));
    PageLocation location = new PageLocation(1, 2, 3);
    assertThat(decode(withUnknownFields(encode(location::write)), PageLocation::read)).isEqualTo(location);
    assertThat(decode(withUnknownFields(encode(new IndexPageHeader()::write)), IndexPageHeader::read))
        .isEqualTo(new IndexPageHeader());
  }

  @Test
  void unknownFieldsInsideNestedStructsAndUnionMembersAreSkipped() throws ParquetCorruptionException {
    byte[] element = withUnknownFields(encode(fullSchemaElement()::write));
    // the member struct of a union gets unknown fields too
    byte[] decimalMember = withUnknownFields(encode(out -> {
      out.writeStructBegin();
      out.writeI32Field(1, 2);
      out.writeI32Field(2, 9);
      out.writeStructEnd();
    }));
    byte[] decimal = encode(out -> {
      out.writeStructBegin();
      out.writeFieldBegin(CompactType.STRUCT, 5);
      out.writeRawBytes(decimalMember, 0, decimalMember.length);
      out.writeStructEnd();
    });
    assertThat(decode(decimal, LogicalType::read)).isEqualTo(new LogicalType.DecimalType(2, 9));

    byte[] footer = encode(out -> {
      out.writeStructBegin();
      out.writeI32Field(1, 1);
      out.writeFieldBegin(CompactType.LIST, 2);
      out.writeListBegin(CompactType.STRUCT, 2);
      out.writeRawBytes(element, 0, element.length);
      out.writeRawBytes(element, 0, element.length);
      out.writeI64Field(3, 5);
      out.writeStructListField(4, List.of(minimalRowGroup()), (w, v) -> v.write(w));
      writeUnknownFields(out);
      out.writeStructEnd();
    });
    FileMetaData decoded = decode(footer, FileMetaData::read);
    assertThat(decoded.schema()).containsExactly(fullSchemaElement(), fullSchemaElement());
    assertThat(decoded.numRows()).isEqualTo(5);
  }

  private static byte[] unionWithMember(int fieldId) {
    return encode(out -> {
      out.writeStructBegin();
      out.writeFieldBegin(CompactType.STRUCT, fieldId);
      writeNestedStruct(out);
      out.writeStructEnd();
    });
  }

  @Test
  void unknownUnionMembersDecodeAsUnrecognized() throws ParquetCorruptionException {
    assertThat(decode(unionWithMember(30), LogicalType::read)).isEqualTo(new LogicalType.Unrecognized(30));
    assertThat(decode(unionWithMember(9), LogicalType::read))
        .as("9 is reserved for INTERVAL").isEqualTo(new LogicalType.Unrecognized(9));
    assertThat(decode(unionWithMember(4), ColumnOrder::read)).isEqualTo(new ColumnOrder.Unrecognized(4));
    assertThat(decode(unionWithMember(3), EncryptionAlgorithm::read))
        .isEqualTo(new EncryptionAlgorithm.Unrecognized(3));
    assertThat(decode(unionWithMember(3), ColumnCryptoMetaData::read))
        .isEqualTo(new ColumnCryptoMetaData.Unrecognized(3));
    assertThat(decode(unionWithMember(2), BloomFilterAlgorithm::read))
        .isEqualTo(new BloomFilterAlgorithm.Unrecognized(2));
    assertThat(decode(unionWithMember(2), BloomFilterHash::read)).isEqualTo(new BloomFilterHash.Unrecognized(2));
    assertThat(decode(unionWithMember(2), BloomFilterCompression::read))
        .isEqualTo(new BloomFilterCompression.Unrecognized(2));
  }

  @Test
  void timestampWithUnknownTimeUnitDecodesAsUnrecognizedLogicalType() throws ParquetCorruptionException {
    byte[] bytes = encode(out -> {
      out.writeStructBegin();
      out.writeFieldBegin(CompactType.STRUCT, 8);
      out.writeStructBegin();
      out.writeBoolField(1, true);
      out.writeFieldBegin(CompactType.STRUCT, 2);
      out.writeStructBegin();
      out.writeFieldBegin(CompactType.STRUCT, 4); // a future PicoSeconds member
      out.writeStructBegin();
      out.writeStructEnd();
      out.writeStructEnd();
      out.writeStructEnd();
      out.writeStructEnd();
    });
    assertThat(decode(bytes, LogicalType::read)).isEqualTo(new LogicalType.Unrecognized(8));
  }

  @Test
  void unknownEncodingInEncodingsListDecodesAndReEncodesLosslessly() throws ParquetCorruptionException {
    byte[] bytes = encode(out -> {
      out.writeStructBegin();
      out.writeI32Field(1, Type.INT32.value());
      out.writeFieldBegin(CompactType.LIST, 2);
      out.writeListBegin(CompactType.I32, 3);
      out.writeI32(0);
      out.writeI32(42); // an encoding from the future
      out.writeI32(8);
      out.writeStringListField(3, List.of("c"));
      out.writeI32Field(4, 99); // a codec from the future
      out.writeI64Field(5, 1);
      out.writeI64Field(6, 1);
      out.writeI64Field(7, 1);
      out.writeI64Field(9, 4);
      out.writeFieldBegin(CompactType.LIST, 13);
      out.writeListBegin(CompactType.STRUCT, 1);
      out.writeStructBegin();
      out.writeI32Field(1, 17); // a page type from the future
      out.writeI32Field(2, 42);
      out.writeI32Field(3, 1);
      out.writeStructEnd();
      out.writeStructEnd();
    });
    ColumnMetaData column = ColumnMetaData.decode(bytes, 0, bytes.length);
    assertThat(column.encodings()).containsExactly(Encoding.PLAIN, Encoding.UNKNOWN, Encoding.RLE_DICTIONARY);
    assertThat(((ThriftEnumList<Encoding>) column.encodings()).rawValue(1)).isEqualTo(42);
    assertThat(column.encodings().toString()).contains("UNKNOWN(42)");
    assertThat(column.codec()).isEqualTo(CompressionCodec.UNKNOWN);
    assertThat(column.encodingStats()).containsExactly(
        new PageEncodingStats(PageType.UNKNOWN, Encoding.UNKNOWN, 1));

    // the encodings list keeps its integers; single UNKNOWN values cannot be written back
    ColumnMetaData writable = new ColumnMetaData(column.type(), column.encodings(), column.pathInSchema(),
        CompressionCodec.SNAPPY, 1, 1, 1, null, 4, null, null, null, null, null, null, null, null);
    ColumnMetaData again = ColumnMetaData.decode(writable.encode(), 0, writable.encode().length);
    assertThat(((ThriftEnumList<Encoding>) again.encodings()).rawValues()).containsExactly(0, 42, 8);
    assertThatThrownBy(column::encode).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("UNKNOWN");
  }

  @Test
  void unknownEncodingInPageHeaderDecodes() throws ParquetCorruptionException {
    PageHeader header = new PageHeader(PageType.DATA_PAGE, 1, 1, null,
        new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null), null, null, null);
    byte[] bytes = header.encode();
    // inside the nested DataPageHeader: num_values 1 is "15 02", then encoding PLAIN is "15 00"
    int index = indexOf(bytes, new byte[] {0x15, 0x02, 0x15, 0x00});
    bytes[index + 3] = 0x54; // zigzag 42
    PageHeader decoded = PageHeader.decode(bytes, 0, bytes.length);
    assertThat(decoded.dataPageHeader().encoding()).isEqualTo(Encoding.UNKNOWN);
  }

  @Test
  void unknownPhysicalTypeIsCorruptionNamingTheField() {
    byte[] bytes = encode(out -> {
      out.writeStructBegin();
      out.writeI32Field(1, -7);
      out.writeStringField(4, "x");
      out.writeStructEnd();
    });
    assertThatThrownBy(() -> decode(bytes, SchemaElement::read))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("Thrift struct SchemaElement field 1")
        .hasMessageContaining("-7 is not a known Type");
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("pattern not found");
  }
}
