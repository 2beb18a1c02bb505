package io.parquetarrow.cli.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.cli.output.DisplayValue;
import io.parquetarrow.format.Statistics;
import io.parquetarrow.format.Type;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class StatisticsValueDecoderTest {

  private static final int NO_LENGTH = -1;

  @Test
  void decodesSignedAndUnsignedIntegers() {
    assertThat(text(int32(-1), Type.INT32, null)).as("INT32 without annotation is signed").isEqualTo("-1");
    assertThat(text(int32(-1), Type.INT32, TypeAnnotation.integer(32, false))).as("UINT_32")
        .isEqualTo("4294967295");
    assertThat(text(int32(-1), Type.INT32, TypeAnnotation.fromConvertedType("UINT_8", 0, 0))).as("UINT_8")
        .isEqualTo("4294967295");
    assertThat(text(int64(-1), Type.INT64, TypeAnnotation.integer(64, false))).as("UINT_64")
        .isEqualTo("18446744073709551615");
    assertThat(text(int64(Long.MIN_VALUE), Type.INT64, TypeAnnotation.integer(64, true))).as("INT_64")
        .isEqualTo("-9223372036854775808");
  }

  @Test
  void decodesDecimalsFromTheirUnscaledValue() {
    TypeAnnotation decimal = TypeAnnotation.decimal(10, 2);
    assertThat(text(int32(-12345), Type.INT32, decimal)).as("INT32 decimal").isEqualTo("-123.45");
    assertThat(text(int64(5), Type.INT64, decimal)).as("INT64 decimal").isEqualTo("0.05");
    assertThat(text(new byte[] {(byte) 0xff, (byte) 0x85}, Type.BYTE_ARRAY, decimal)).as("big-endian -123")
        .isEqualTo("-1.23");
    byte[] fixed = HexFormat.of().parseHex("000000000000000000000000000004d2");
    assertThat(text(fixed, Type.FIXED_LEN_BYTE_ARRAY, 16, TypeAnnotation.decimal(38, 3))).as("FLBA decimal")
        .isEqualTo("1.234");
    DisplayValue number = StatisticsValueDecoder.decode(int32(7), Type.INT32, NO_LENGTH, decimal);
    assertThat(number).as("decimals are numbers").isInstanceOf(DisplayValue.Number.class);
  }

  @Test
  void decodesDatesTimesAndTimestamps() {
    assertThat(text(int32(19_723), Type.INT32, TypeAnnotation.of(TypeAnnotation.Kind.DATE))).as("DATE")
        .isEqualTo("2024-01-01");
    assertThat(text(int32(-1), Type.INT32, TypeAnnotation.of(TypeAnnotation.Kind.DATE))).as("DATE before epoch")
        .isEqualTo("1969-12-31");
    TypeAnnotation micros = TypeAnnotation.timestamp(TypeAnnotation.TimeUnit.MICROS, false);
    assertThat(text(int64(1_704_067_200_000_001L), Type.INT64, micros)).as("local micros")
        .isEqualTo("2024-01-01T00:00:00.000001");
    TypeAnnotation millisUtc = TypeAnnotation.timestamp(TypeAnnotation.TimeUnit.MILLIS, true);
    assertThat(text(int64(-1), Type.INT64, millisUtc)).as("UTC millis before epoch")
        .isEqualTo("1969-12-31T23:59:59.999Z");
    TypeAnnotation nanos = TypeAnnotation.timestamp(TypeAnnotation.TimeUnit.NANOS, true);
    assertThat(text(int64(Long.MAX_VALUE), Type.INT64, nanos)).as("largest nanos")
        .isEqualTo("2262-04-11T23:47:16.854775807Z");
    TypeAnnotation timeMillis = TypeAnnotation.time(TypeAnnotation.TimeUnit.MILLIS, true);
    assertThat(text(int32(3_723_004), Type.INT32, timeMillis)).as("TIME millis").isEqualTo("01:02:03.004Z");
    TypeAnnotation timeNanos = TypeAnnotation.time(TypeAnnotation.TimeUnit.NANOS, false);
    assertThat(text(int64(1L), Type.INT64, timeNanos)).as("TIME nanos").isEqualTo("00:00:00.000000001");
    assertThat(text(int64(-5L), Type.INT64, timeNanos)).as("TIME outside a day").isEqualTo("-5");
  }

  @Test
  void decodesInt96AsNanosecondTimestamp() {
    ByteBuffer bytes = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    bytes.putLong(1_000L).putInt(2_440_588 + 1);
    assertThat(text(bytes.array(), Type.INT96, null)).as("INT96").isEqualTo("1970-01-02T00:00:00.000001000");
  }

  @Test
  void decodesFloatsAndFloat16() {
    assertThat(text(little(4).putFloat(1.5f).array(), Type.FLOAT, null)).as("FLOAT").isEqualTo("1.5");
    assertThat(text(little(8).putDouble(-0.25).array(), Type.DOUBLE, null)).as("DOUBLE").isEqualTo("-0.25");
    assertThat(text(little(8).putDouble(Double.NaN).array(), Type.DOUBLE, null)).as("NaN").isEqualTo("NaN");
    TypeAnnotation float16 = TypeAnnotation.of(TypeAnnotation.Kind.FLOAT16);
    assertThat(text(new byte[] {0x00, 0x3c}, Type.FIXED_LEN_BYTE_ARRAY, 2, float16)).as("1.0 as binary16")
        .isEqualTo("1.0");
    assertThat(text(new byte[] {0x00, (byte) 0xc0}, Type.FIXED_LEN_BYTE_ARRAY, 2, float16)).as("-2.0")
        .isEqualTo("-2.0");
    assertThat(text(new byte[] {0x01, 0x00}, Type.FIXED_LEN_BYTE_ARRAY, 2, float16)).as("smallest subnormal")
        .isEqualTo(Float.toString(0x1p-24f));
    assertThat(text(new byte[] {0x00, 0x7c}, Type.FIXED_LEN_BYTE_ARRAY, 2, float16)).as("infinity")
        .isEqualTo("Infinity");
  }

  @Test
  void decodesTextUuidAndBinary() {
    TypeAnnotation string = TypeAnnotation.of(TypeAnnotation.Kind.STRING);
    assertThat(text("héllo\n".getBytes(StandardCharsets.UTF_8), Type.BYTE_ARRAY, string)).as("escaped UTF-8")
        .isEqualTo("\"héllo\\n\"");
    assertThat(text(new byte[] {(byte) 0xc3}, Type.BYTE_ARRAY, string)).as("invalid UTF-8 shown as hex")
        .isEqualTo("c3");
    assertThat(text(new byte[] {1, 2, (byte) 0xff}, Type.BYTE_ARRAY, null)).as("binary").isEqualTo("0102ff");
    byte[] uuid = HexFormat.of().parseHex("00112233445566778899aabbccddeeff");
    assertThat(text(uuid, Type.FIXED_LEN_BYTE_ARRAY, 16, TypeAnnotation.of(TypeAnnotation.Kind.UUID)))
        .as("UUID").isEqualTo("00112233-4455-6677-8899-aabbccddeeff");
    String longText = "x".repeat(100);
    assertThat(StatisticsValueDecoder.decode(longText.getBytes(StandardCharsets.UTF_8), Type.BYTE_ARRAY,
        NO_LENGTH, string).toText(10)).as("cut").isEqualTo("\"xxxxxxxxxx…\"");
    assertThat(new DisplayValue.Bytes(new byte[40]).toText(8)).as("cut hex").isEqualTo("00000000…");
  }

  @Test
  void showsWrongLengthsAsInvalid() {
    DisplayValue value = StatisticsValueDecoder.decode(new byte[] {1, 2, 3}, Type.INT32, NO_LENGTH, null);
    assertThat(value).as("3-byte INT32").isInstanceOf(DisplayValue.Invalid.class);
    assertThat(value.toText(48)).as("text").isEqualTo("<invalid: 3 bytes cannot hold INT32: 010203>");
    assertThat(StatisticsValueDecoder.decode(new byte[3], Type.FIXED_LEN_BYTE_ARRAY, 4, null))
        .as("FLBA(4) bound of 3 bytes").isInstanceOf(DisplayValue.Invalid.class);
  }

  @Test
  void prefersMinValueAndUsesDeprecatedBoundsOnlyForSignedOrders() {
    Statistics both = new Statistics(int32(9), int32(-9), 1L, null, int32(5), int32(-5), true, false);
    StatisticsView view = StatisticsView.of(both, Type.INT32, NO_LENGTH, null, true);
    assertThat(view.min().toText(48)).as("min_value preferred").isEqualTo("-5");
    assertThat(view.max().toText(48)).as("max_value preferred").isEqualTo("5");
    assertThat(view.minExact()).as("min exact").isFalse();
    assertThat(view.deprecatedBounds()).as("deprecated").isFalse();

    Statistics deprecatedOnly = new Statistics(int32(9), int32(-9), null, null, null, null, null, null);
    StatisticsView signed = StatisticsView.of(deprecatedOnly, Type.INT32, NO_LENGTH, null, true);
    assertThat(signed.min().toText(48)).as("deprecated min for signed INT32").isEqualTo("-9");
    assertThat(signed.deprecatedBounds()).as("marked deprecated").isTrue();
    StatisticsView unsigned =
        StatisticsView.of(deprecatedOnly, Type.INT32, NO_LENGTH, TypeAnnotation.integer(32, false), true);
    assertThat(unsigned.min()).as("no deprecated bound for UINT_32").isNull();
    Statistics binary = new Statistics(new byte[] {1}, new byte[] {0}, 0L, null, null, null, null, null);
    assertThat(StatisticsView.of(binary, Type.BYTE_ARRAY, NO_LENGTH, null, true).max())
        .as("no deprecated bound for BYTE_ARRAY").isNull();

    StatisticsView unknownOrder = StatisticsView.of(both, Type.INT32, NO_LENGTH, null, false);
    assertThat(unknownOrder.min().toText(48)).as("unknown column order: min_value ignored, deprecated used")
        .isEqualTo("-9");
  }

  private static String text(byte[] bytes, Type type, TypeAnnotation annotation) {
    return text(bytes, type, NO_LENGTH, annotation);
  }

  private static String text(byte[] bytes, Type type, int typeLength, TypeAnnotation annotation) {
    return StatisticsValueDecoder.decode(bytes, type, typeLength, annotation).toText(48);
  }

  private static byte[] int32(int value) {
    return little(4).putInt(value).array();
  }

  private static byte[] int64(long value) {
    return little(8).putLong(value).array();
  }

  private static ByteBuffer little(int size) {
    return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
  }
}
