package io.parquetarrow.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Hand-computed Compact Protocol bytes, written and read back. */
class CompactProtocolGoldenBytesTest {
  private static byte[] hex(String text) {
    return HexFormat.of().parseHex(text.replace(" ", ""));
  }

  private static String hex(byte[] bytes) {
    return HexFormat.ofDelimiter(" ").formatHex(bytes);
  }

  @Test
  void shortFieldHeaderCarriesDeltaAndType() throws ParquetCorruptionException {
    CompactProtocolWriter out = new CompactProtocolWriter();
    out.writeStructBegin();
    out.writeStringField(1, "a");
    out.writeStringField(2, "b");
    out.writeStructEnd();
    // 0x18 = delta 1, type BINARY (8); length 1; 'a'; again for field 2; STOP.
    assertThat(hex(out.toByteArray())).as("KeyValue(a, b)").isEqualTo("18 01 61 18 01 62 00");

    CompactProtocolReader in = new CompactProtocolReader(out.toByteArray());
    in.readStructBegin("Test");
    assertThat(in.readFieldBegin()).isTrue();
    assertThat(in.fieldId()).isEqualTo(1);
    assertThat(in.readStringField()).isEqualTo("a");
    assertThat(in.readFieldBegin()).isTrue();
    assertThat(in.fieldId()).isEqualTo(2);
    assertThat(in.readStringField()).isEqualTo("b");
    assertThat(in.readFieldBegin()).as("STOP").isFalse();
    in.readStructEnd();
    assertThat(in.bytesConsumed()).isEqualTo(7);
  }

  @Test
  void longFieldHeaderWhenDeltaExceedsFifteenOrGoesBackwards() throws ParquetCorruptionException {
    CompactProtocolWriter out = new CompactProtocolWriter();
    out.writeStructBegin();
    out.writeI32Field(20, 1); // delta 20 > 15: type byte 0x05, then zigzag i16 20 = 40 = 0x28
    out.writeI32Field(21, 1); // delta 1: 0x15
    out.writeI32Field(5, 1); // backwards: long form, zigzag 5 = 10 = 0x0a
    out.writeStructEnd();
    assertThat(hex(out.toByteArray())).isEqualTo("05 28 02 15 02 05 0a 02 00");

    CompactProtocolReader in = new CompactProtocolReader(out.toByteArray());
    in.readStructBegin("Test");
    int[] expectedIds = {20, 21, 5};
    for (int expectedId : expectedIds) {
      assertThat(in.readFieldBegin()).isTrue();
      assertThat(in.fieldId()).as("field id").isEqualTo(expectedId);
      assertThat(in.readI32Field()).isEqualTo(1);
    }
    assertThat(in.readFieldBegin()).isFalse();
  }

  @Test
  void booleanFieldsLiveInTheTypeNibble() throws ParquetCorruptionException {
    CompactProtocolWriter out = new CompactProtocolWriter();
    out.writeStructBegin();
    out.writeI32Field(1, 3);
    out.writeBoolField(2, true);
    out.writeBoolField(3, false);
    out.writeStructEnd();
    // SortingColumn(3, true, false): 0x15 06 | 0x11 (delta 1, TRUE) | 0x12 (delta 1, FALSE) | STOP
    assertThat(hex(out.toByteArray())).isEqualTo("15 06 11 12 00");

    CompactProtocolReader in = new CompactProtocolReader(out.toByteArray());
    in.readStructBegin("Test");
    in.readFieldBegin();
    assertThat(in.readI32Field()).isEqualTo(3);
    in.readFieldBegin();
    assertThat(in.readBoolField()).isTrue();
    in.readFieldBegin();
    assertThat(in.readBoolField()).isFalse();
    assertThat(in.readFieldBegin()).isFalse();
  }

  @Test
  void zigzagVarintsForNegativeAndExtremeValues() throws ParquetCorruptionException {
    CompactProtocolWriter out = new CompactProtocolWriter();
    out.writeI32(-1); // zigzag 1
    out.writeI32(-64); // zigzag 127
    out.writeI32(64); // zigzag 128: 80 01
    out.writeI32(Integer.MIN_VALUE); // zigzag 0xffffffff
    out.writeI64(Long.MIN_VALUE); // zigzag 2^64 - 1: ten bytes
    out.writeI16((short) -2); // zigzag 3
    assertThat(hex(out.toByteArray()))
        .isEqualTo("01 7f 80 01 ff ff ff ff 0f ff ff ff ff ff ff ff ff ff 01 03");

    CompactProtocolReader in = new CompactProtocolReader(out.toByteArray());
    assertThat(in.readI32()).isEqualTo(-1);
    assertThat(in.readI32()).isEqualTo(-64);
    assertThat(in.readI32()).isEqualTo(64);
    assertThat(in.readI32()).isEqualTo(Integer.MIN_VALUE);
    assertThat(in.readI64()).isEqualTo(Long.MIN_VALUE);
    assertThat(in.readI16()).isEqualTo((short) -2);
    assertThat(in.remaining()).isZero();
  }

  @Test
  void listHeadersShortAndLongForm() throws ParquetCorruptionException {
    CompactProtocolWriter out = new CompactProtocolWriter();
    out.writeListBegin(CompactType.I32, 14);
    out.writeListBegin(CompactType.I32, 15);
    out.writeListBegin(CompactType.STRUCT, 300);
    assertThat(hex(out.toByteArray())).isEqualTo("e5 f5 0f fc ac 02");
  }

  @Test
  void doublesAreLittleEndian() throws ParquetCorruptionException {
    CompactProtocolWriter out = new CompactProtocolWriter();
    out.writeDouble(1.0);
    assertThat(hex(out.toByteArray())).isEqualTo("00 00 00 00 00 00 f0 3f");
    assertThat(new CompactProtocolReader(out.toByteArray()).readDouble()).isEqualTo(1.0);
  }

  @Test
  void readerWorksOnASliceAndReportsAbsolutePosition() throws ParquetCorruptionException {
    byte[] buffer = hex("ff ff 15 06 11 12 00 ee");
    CompactProtocolReader in = new CompactProtocolReader(buffer, 2, 5);
    in.readStructBegin("SortingColumn");
    while (in.readFieldBegin()) {
      in.skipField();
    }
    in.readStructEnd();
    assertThat(in.position()).as("absolute position").isEqualTo(7);
    assertThat(in.bytesConsumed()).isEqualTo(5);
  }
}
