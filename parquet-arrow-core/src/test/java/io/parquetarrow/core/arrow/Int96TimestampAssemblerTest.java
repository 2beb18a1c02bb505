package io.parquetarrow.core.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The INT96 (Impala/Spark) timestamp layout: nanoseconds of the day, then the Julian day number. */
class Int96TimestampAssemblerTest {

  private static byte[] int96(long nanosOfDay, int julianDay) {
    return ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putLong(nanosOfDay).putInt(julianDay).array();
  }

  @Test
  void unixEpochIsJulianDay2440588() {
    assertThat(Int96TimestampAssembler.toEpochNanos(int96(0, 2_440_588), 0)).as("1970-01-01T00:00").isZero();
  }

  @Test
  void combinesDayAndNanosOfDay() {
    long nanosOfDay = 3_723_000_000_123L; // 01:02:03.000000123
    long expected = Instant.parse("2009-02-13T01:02:03Z").getEpochSecond() * 1_000_000_000L + 123;
    // 2009-02-13 is Julian day 2454876.
    assertThat(Int96TimestampAssembler.toEpochNanos(int96(nanosOfDay, 2_454_876), 0))
        .as("2009-02-13T01:02:03.000000123").isEqualTo(expected);
  }

  @Test
  void daysBeforeTheEpochAreNegative() {
    assertThat(Int96TimestampAssembler.toEpochNanos(int96(0, 2_440_587), 0)).as("1969-12-31")
        .isEqualTo(-86_400L * 1_000_000_000L);
  }

  @Test
  void readsAtAnOffset() {
    byte[] two = new byte[24];
    System.arraycopy(int96(5, 2_440_589), 0, two, 12, 12);
    assertThat(Int96TimestampAssembler.toEpochNanos(two, 12)).isEqualTo(86_400L * 1_000_000_000L + 5);
  }
}
