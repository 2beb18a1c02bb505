package io.parquetarrow.core.filter;

import static io.parquetarrow.core.filter.Columns.bytes;
import static io.parquetarrow.core.filter.Columns.column;
import static io.parquetarrow.core.filter.Columns.float32;
import static io.parquetarrow.core.filter.Columns.float64;
import static io.parquetarrow.core.filter.Columns.int32;
import static io.parquetarrow.core.filter.Columns.int64;
import static io.parquetarrow.core.filter.Columns.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.TimeUnit;
import io.parquetarrow.format.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Plain values against literals, per column type, and literals as plain values. */
class PlainValueOrderTest {

  private static OptionalInt compare(ColumnDescriptor column, byte[] value, Object literal) {
    return PlainValueOrder.of(column).compare(value, Literal.of(literal));
  }

  private static void assertSign(ColumnDescriptor column, byte[] value, Object literal, int expected) {
    assertThat(compare(column, value, literal)).as("%s against %s in %s", Arrays.toString(value),
        literal, column).hasValue(expected);
  }

  private static byte[] encode(ColumnDescriptor column, Object literal) {
    PlainValueOrder order = PlainValueOrder.of(column);
    Literal value = Literal.of(literal);
    assertThat(order.canEncode(value)).as("can encode %s in %s", literal, column).isTrue();
    return order.plainValue(value).orElse(null);
  }

  @Test
  void int32ComparesExactlyWithEveryKindOfNumber() {
    ColumnDescriptor x = column(Type.INT32);
    assertSign(x, int32(5), 5, 0);
    assertSign(x, int32(5), 5.5, -1);
    assertSign(x, int32(6), 5.5, 1);
    assertSign(x, int32(5), new BigDecimal("5.000"), 0);
    assertSign(x, int32(5), new BigDecimal("4.999999999999999999999"), 1);
    assertSign(x, int32(-7), -6, -1);
    assertSign(x, int32(Integer.MIN_VALUE), Long.MIN_VALUE, 1);
    assertSign(x, int32(3), Double.POSITIVE_INFINITY, -1);
    assertSign(x, int32(3), Double.NEGATIVE_INFINITY, 1);
    assertThat(compare(x, int32(3), Double.NaN)).as("NaN is unordered").isEmpty();
    assertThat(compare(x, int32(3), "3")).as("a string does not compare with a number").isEmpty();
    assertThat(compare(x, bytes(1, 2), 3)).as("two bytes cannot hold an INT32").isEmpty();
  }

  @Test
  void unsignedIntegersCompareAboveTheSignedRange() {
    ColumnDescriptor u32 = column(Type.INT32, new LogicalType.IntType(32, false));
    assertSign(u32, int32(-1), 4_294_967_295L, 0);
    assertSign(u32, int32(-1), 0, 1);
    assertSign(u32, int32(Integer.MIN_VALUE), 2_147_483_647, 1);
    ColumnDescriptor u64 = Columns.legacy(Type.INT64, ConvertedType.UINT_64);
    assertSign(u64, int64(-1), new BigInteger("18446744073709551615"), 0);
    assertSign(u64, int64(Long.MIN_VALUE), Long.MAX_VALUE, 1);
    assertThat(encode(u32, 4_294_967_295L)).isEqualTo(int32(-1));
    assertThat(encode(u32, -1)).as("no unsigned value is negative").isNull();
    assertThat(encode(u32, 4_294_967_296L)).isNull();
    assertThat(encode(u64, new BigInteger("18446744073709551615"))).isEqualTo(int64(-1));
  }

  @Test
  void decimalsCompareByValueWhateverTheirStorageAndScale() {
    ColumnDescriptor d32 = Columns.decimal(Type.INT32, null, 9, 2);
    assertSign(d32, int32(550), 5.5, 0);
    assertSign(d32, int32(550), 5, 1);
    assertSign(d32, int32(-550), new BigDecimal("-5.49"), -1);
    ColumnDescriptor d64 = Columns.decimal(Type.INT64, null, 18, 4);
    assertSign(d64, int64(-12_345), new BigDecimal("-1.2345"), 0);
    ColumnDescriptor fixed = Columns.decimal(Type.FIXED_LEN_BYTE_ARRAY, 5, 10, 3);
    assertSign(fixed, bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x85), new BigDecimal("-0.123"), 0);
    assertSign(fixed, bytes(0, 0, 0, 0x30, 0x39), new BigDecimal("12.345"), 0);
    // The double nearest 12.345 is 12.3450000000000006394884621840901672840118408203125.
    assertSign(fixed, bytes(0, 0, 0, 0x30, 0x39), 12.345, -1);
    assertSign(fixed, bytes(0, 0, 0, 0x30, 0x39), 12, 1);
    assertThat(compare(fixed, bytes(0x30, 0x39), 12)).as("a FIXED decimal of the wrong length").isEmpty();
    ColumnDescriptor binary = Columns.decimal(Type.BYTE_ARRAY, null, 30, 1);
    assertSign(binary, bytes(0x80), new BigDecimal("-12.8"), 0);
    assertSign(binary, bytes(0x00, 0x80), new BigDecimal("12.8"), 0);
    assertThat(encode(d32, 5.5)).isEqualTo(int32(550));
    assertThat(encode(d32, new BigDecimal("5.555"))).as("more digits than the scale").isNull();
    assertThat(encode(fixed, new BigDecimal("-0.123"))).isEqualTo(bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x85));
    assertThat(encode(fixed, new BigDecimal("1e12"))).as("beyond five bytes").isNull();
    assertThat(PlainValueOrder.of(binary).canEncode(Literal.of(1))).as("BYTE_ARRAY decimals may be padded")
        .isFalse();
  }

  @Test
  void int32EncodesOnlyTheIntegersItHolds() {
    ColumnDescriptor x = column(Type.INT32);
    assertThat(encode(x, 5)).isEqualTo(int32(5));
    assertThat(encode(x, 5.0)).isEqualTo(int32(5));
    assertThat(encode(x, 5.5)).isNull();
    assertThat(encode(x, 1L << 31)).isNull();
    assertThat(encode(x, -(1L << 31))).isEqualTo(int32(Integer.MIN_VALUE));
    assertThat(encode(x, Double.POSITIVE_INFINITY)).isNull();
    assertThatThrownBy(() -> PlainValueOrder.of(x).plainValue(Literal.of("5")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void floatingPointComparesByExactBinaryValue() {
    ColumnDescriptor f = column(Type.FLOAT);
    assertSign(f, float32(0.1f), 0.1, 1);
    assertSign(f, float32(0.5f), 0.5, 0);
    assertSign(f, float32(-0.0f), 0, 0);
    assertSign(f, float32(Float.POSITIVE_INFINITY), Double.POSITIVE_INFINITY, 0);
    assertSign(f, float32(Float.POSITIVE_INFINITY), Long.MAX_VALUE, 1);
    assertThat(compare(f, float32(Float.NaN), 1)).isEmpty();
    ColumnDescriptor d = column(Type.DOUBLE);
    assertSign(d, float64(0.1), new BigDecimal("0.1"), 1);
    assertSign(d, float64(-2.5), -2, -1);
    assertThat(encode(f, 0.5)).isEqualTo(float32(0.5f));
    assertThat(encode(f, 0.1)).as("0.1 is no float").isNull();
    assertThat(encode(d, 0.1)).isEqualTo(float64(0.1));
    assertThat(encode(d, Double.NEGATIVE_INFINITY)).isEqualTo(float64(Double.NEGATIVE_INFINITY));
    assertThat(PlainValueOrder.of(d).canEncode(Literal.of(0))).as("0.0 and -0.0 both equal 0").isFalse();
    assertThat(PlainValueOrder.of(d).canEncode(Literal.of(Double.NaN))).isFalse();
  }

  @Test
  void float16WidensExactly() {
    ColumnDescriptor h = Columns.fixed(2, new LogicalType.Float16Type());
    byte[] onePointFive = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 0x3E00).array();
    byte[] minusTwo = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 0xC000).array();
    byte[] nan = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) 0x7E00).array();
    assertSign(h, onePointFive, 1.5, 0);
    assertSign(h, minusTwo, -1.9, -1);
    assertThat(compare(h, nan, 0)).isEmpty();
    assertThat(PlainValueOrder.of(h).isFloatingPoint()).isTrue();
  }

  @Test
  void stringsCompareAsUnsignedUtf8Bytes() {
    ColumnDescriptor s = column(Type.BYTE_ARRAY, new LogicalType.StringType());
    assertSign(s, utf8("abc"), "abd", -1);
    assertSign(s, utf8("abc"), "ab", 1);
    assertSign(s, utf8("é"), "z", 1);
    assertSign(s, utf8(""), "", 0);
    assertSign(column(Type.BYTE_ARRAY), bytes(0xFF), "a", 1);
    assertThat(compare(s, utf8("a"), "\uD800")).as("an unpaired surrogate has no UTF-8").isEmpty();
    assertThat(encode(s, "héllo")).isEqualTo(utf8("héllo"));
    ColumnDescriptor fixed = Columns.fixed(3, null);
    assertThat(encode(fixed, "abc")).isEqualTo(utf8("abc"));
    assertThat(encode(fixed, "ab")).as("another length").isNull();
  }

  @Test
  void booleansOrderFalseFirst() {
    ColumnDescriptor b = column(Type.BOOLEAN);
    assertSign(b, bytes(0), true, -1);
    assertSign(b, bytes(1), true, 0);
    assertSign(b, bytes(1), false, 1);
    assertThat(encode(b, true)).isEqualTo(bytes(1));
  }

  @Test
  void datesCompareWithDatesAndTimestampsAsMidnightUtc() {
    ColumnDescriptor date = column(Type.INT32, new LogicalType.DateType());
    int day = (int) LocalDate.of(2024, 1, 31).toEpochDay();
    assertSign(date, int32(day), LocalDate.of(2024, 1, 31), 0);
    assertSign(date, int32(day), LocalDate.of(2024, 2, 1), -1);
    assertSign(date, int32(day), LocalDateTime.of(2024, 1, 31, 0, 0), 0);
    assertSign(date, int32(day), LocalDateTime.of(2024, 1, 31, 0, 0, 0, 1), -1);
    assertSign(date, int32(-1), LocalDate.of(1969, 12, 31), 0);
    assertThat(compare(date, int32(day), 5)).isEmpty();
    assertThat(encode(date, LocalDateTime.of(2024, 1, 31, 0, 0))).isEqualTo(int32(day));
    assertThat(encode(date, LocalDateTime.of(2024, 1, 31, 12, 0))).isNull();
  }

  @Test
  void timestampsCompareInEveryUnit() {
    LocalDateTime noon = LocalDateTime.of(2024, 1, 31, 12, 0, 0, 123_456_789);
    long seconds = noon.toEpochSecond(ZoneOffset.UTC);
    ColumnDescriptor millis = column(Type.INT64, new LogicalType.TimestampType(true, TimeUnit.MILLIS));
    ColumnDescriptor micros = Columns.legacy(Type.INT64, ConvertedType.TIMESTAMP_MICROS);
    ColumnDescriptor nanos = column(Type.INT64, new LogicalType.TimestampType(false, TimeUnit.NANOS));
    assertSign(millis, int64(seconds * 1000 + 123), noon, -1);
    assertSign(millis, int64(seconds * 1000 + 124), noon, 1);
    assertSign(micros, int64(seconds * 1_000_000 + 123_456), noon, -1);
    assertSign(micros, int64(seconds * 1_000_000 + 123_457), noon, 1);
    assertSign(nanos, int64(seconds * 1_000_000_000 + 123_456_789), noon, 0);
    assertSign(millis, int64(-1), LocalDate.of(1970, 1, 1), -1);
    assertSign(millis, int64(0), LocalDate.of(1970, 1, 1), 0);
    assertThat(encode(nanos, noon)).isEqualTo(int64(seconds * 1_000_000_000 + 123_456_789));
    assertThat(encode(millis, noon)).as("between two milliseconds").isNull();
    assertThat(encode(micros, LocalDate.of(1970, 1, 2))).isEqualTo(int64(86_400_000_000L));
    assertThat(encode(nanos, LocalDateTime.of(3000, 1, 1, 0, 0))).as("beyond INT64 nanoseconds").isNull();
  }

  @Test
  void int96TimestampsCompareButDoNotEncode() {
    ColumnDescriptor legacy = column(Type.INT96);
    byte[] value = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
        .putLong(3_600_000_000_000L).putInt(2_440_589).array(); // 1970-01-02T01:00
    assertSign(legacy, value, LocalDateTime.of(1970, 1, 2, 1, 0), 0);
    assertSign(legacy, value, LocalDate.of(1970, 1, 2), 1);
    assertThat(PlainValueOrder.of(legacy).canEncode(Literal.of(LocalDate.of(1970, 1, 2)))).isFalse();
  }

  @Test
  void typesWithoutOrderCompareWithNothing() {
    assertThat(PlainValueOrder.of(Columns.interval()).isOrdered()).isFalse();
    assertThat(PlainValueOrder.of(Columns.fixed(16, new LogicalType.UuidType())).isOrdered()).isFalse();
    assertThat(PlainValueOrder.of(column(Type.INT32, new LogicalType.TimeType(true, TimeUnit.MILLIS))).isOrdered())
        .isFalse();
    assertThat(compare(Columns.interval(), new byte[12], "x")).isEmpty();
  }
}
