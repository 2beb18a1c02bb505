package io.parquetarrow.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.ByteArrayOutputStream;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Bytes built to make a careless reader allocate, recurse or loop: each must fail cleanly and quickly. */
class CompactProtocolHostileInputTest {
  private static byte[] hex(String text) {
    return HexFormat.of().parseHex(text.replace(" ", ""));
  }

  private static void skipStruct(byte[] bytes) throws ParquetCorruptionException {
    CompactProtocolReader in = new CompactProtocolReader(bytes);
    in.readStructBegin("Hostile");
    while (in.readFieldBegin()) {
      in.skipField();
    }
    in.readStructEnd();
  }

  @Test
  void listClaimingTwoToTheThirtyOneElementsFailsBeforeAllocating() {
    // field 1 of type LIST; header 0xf5 = long size form, element type I32; size varint 0x7fffffff
    byte[] bytes = hex("19 f5 ff ff ff ff 07");
    assertThatThrownBy(() -> {
      CompactProtocolReader in = new CompactProtocolReader(bytes);
      in.readStructBegin("Hostile");
      in.readFieldBegin();
      in.readI32ListField();
    }).isInstanceOf(ThriftTruncatedException.class)
        .hasMessageContaining("Thrift struct Hostile field 1")
        .hasMessageContaining("claims 2147483647 elements");
    // size 2^31 does not fit an i32 list size at all
    assertThatThrownBy(() -> skipStruct(hex("19 f5 80 80 80 80 08")))
        .isInstanceOf(ParquetCorruptionException.class);
  }

  @Test
  void binaryLongerThanTheBufferIsTruncationNotAllocation() {
    assertThatThrownBy(() -> skipStruct(hex("18 ff ff ff ff 07 00")))
        .isInstanceOf(ThriftTruncatedException.class)
        .hasMessageContaining("binary of 2147483647 bytes");
  }

  @Test
  void mapClaimingManyEntriesFails() {
    assertThatThrownBy(() -> skipStruct(hex("1b ff ff ff ff 07 55 00")))
        .isInstanceOf(ThriftTruncatedException.class)
        .hasMessageContaining("map");
  }

  @Test
  void overlongVarintsAreRejected() {
    // an i32 field whose varint runs to six bytes
    assertThatThrownBy(() -> {
      CompactProtocolReader in = new CompactProtocolReader(hex("15 80 80 80 80 80 01 00"));
      in.readStructBegin("Hostile");
      in.readFieldBegin();
      in.readI32Field();
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("varint longer than 5 bytes");
    // five bytes, but more than 32 bits
    assertThatThrownBy(() -> new CompactProtocolReader(hex("ff ff ff ff 1f")).readI32())
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("does not fit an i32");
    // ten bytes whose last carries more than the 64th bit
    assertThatThrownBy(() -> new CompactProtocolReader(hex("ff ff ff ff ff ff ff ff ff 7f")).readI64())
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("overflows 64 bits");
  }

  @Test
  void nestedStructDepthBombIsRejected() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < 10_000; i++) {
      bytes.write(0x1c); // field 1, STRUCT
    }
    assertThatThrownBy(() -> skipStruct(bytes.toByteArray()))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("nested deeper than 64");
  }

  @Test
  void nestedListDepthBombIsRejected() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(0x19); // field 1, LIST
    for (int i = 0; i < 10_000; i++) {
      bytes.write(0x19); // list of one element of type LIST
    }
    assertThatThrownBy(() -> skipStruct(bytes.toByteArray()))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("nested deeper than 64");
  }

  @Test
  void invalidTypeCodesAreRejected() {
    assertThatThrownBy(() -> skipStruct(hex("1d 00")))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("invalid type code 13");
    assertThatThrownBy(() -> skipStruct(hex("10 00")))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("non-zero delta");
    assertThatThrownBy(() -> skipStruct(hex("19 1f 00")))
        .isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("invalid element type");
  }

  @Test
  void knownFieldWithAnotherWireTypeIsSkippedLikeThriftDoes() throws ParquetCorruptionException {
    // field 1 as an i64 (2), then field 2 as a string "x": asking for a string at field 1 skips the i64
    CompactProtocolReader in = new CompactProtocolReader(hex("16 04 18 01 78 00"));
    in.readStructBegin("KeyValue");
    in.readFieldBegin();
    assertThat(in.readStringField()).as("mismatched field 1").isNull();
    in.readFieldBegin();
    assertThat(in.readStringField()).isEqualTo("x");
    assertThat(in.readFieldBegin()).isFalse();
    in.readStructEnd();
    assertThatThrownBy(() -> in.require(null, "KeyValue", 1, "key"))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("KeyValue ending before byte 6 of 6 is missing required field 1 (key)");
  }

  @Test
  void malformedUtf8IsCorruption() {
    assertThatThrownBy(() -> {
      CompactProtocolReader in = new CompactProtocolReader(hex("18 02 c3 28 00"));
      in.readStructBegin("KeyValue");
      in.readFieldBegin();
      in.readStringField();
    }).isInstanceOf(ParquetCorruptionException.class).hasMessageContaining("not valid UTF-8");
  }

  @Test
  void emptyBufferIsTruncation() {
    assertThatThrownBy(() -> skipStruct(new byte[0])).isInstanceOf(ThriftTruncatedException.class);
  }
}
