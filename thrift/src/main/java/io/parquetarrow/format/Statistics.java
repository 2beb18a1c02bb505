package io.parquetarrow.format;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.CompactProtocolWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Column chunk or page statistics (parquet.thrift {@code struct Statistics}); every field is optional and null
 * when absent. Bounds are PLAIN-encoded values without a length prefix; {@code max}/{@code min} are the
 * deprecated signed-order bounds, {@code maxValue}/{@code minValue} follow the column's {@link ColumnOrder}.
 * Equality compares the byte arrays by content.
 */
public record Statistics(
    byte[] max,
    byte[] min,
    Long nullCount,
    Long distinctCount,
    byte[] maxValue,
    byte[] minValue,
    Boolean isMaxValueExact,
    Boolean isMinValueExact,
    Long nanCount) {

  /** Statistics without a NaN count (the fields before format field 9). */
  public Statistics(byte[] max, byte[] min, Long nullCount, Long distinctCount, byte[] maxValue, byte[] minValue,
      Boolean isMaxValueExact, Boolean isMinValueExact) {
    this(max, min, nullCount, distinctCount, maxValue, minValue, isMaxValueExact, isMinValueExact, null);
  }

  public static Statistics read(CompactProtocolReader in) throws ParquetCorruptionException {
    byte[] max = null;
    byte[] min = null;
    Long nullCount = null;
    Long distinctCount = null;
    byte[] maxValue = null;
    byte[] minValue = null;
    Boolean isMaxValueExact = null;
    Boolean isMinValueExact = null;
    Long nanCount = null;
    in.readStructBegin("Statistics");
    while (in.readFieldBegin()) {
      switch (in.fieldId()) {
        case 1 -> max = in.readBinaryField();
        case 2 -> min = in.readBinaryField();
        case 3 -> nullCount = in.readI64Field();
        case 4 -> distinctCount = in.readI64Field();
        case 5 -> maxValue = in.readBinaryField();
        case 6 -> minValue = in.readBinaryField();
        case 7 -> isMaxValueExact = in.readBoolField();
        case 8 -> isMinValueExact = in.readBoolField();
        case 9 -> nanCount = in.readI64Field();
        default -> in.skipField();
      }
    }
    in.readStructEnd();
    return new Statistics(max, min, nullCount, distinctCount, maxValue, minValue, isMaxValueExact,
        isMinValueExact, nanCount);
  }

  public void write(CompactProtocolWriter out) {
    out.writeStructBegin();
    if (max != null) {
      out.writeBinaryField(1, max);
    }
    if (min != null) {
      out.writeBinaryField(2, min);
    }
    if (nullCount != null) {
      out.writeI64Field(3, nullCount);
    }
    if (distinctCount != null) {
      out.writeI64Field(4, distinctCount);
    }
    if (maxValue != null) {
      out.writeBinaryField(5, maxValue);
    }
    if (minValue != null) {
      out.writeBinaryField(6, minValue);
    }
    if (isMaxValueExact != null) {
      out.writeBoolField(7, isMaxValueExact);
    }
    if (isMinValueExact != null) {
      out.writeBoolField(8, isMinValueExact);
    }
    if (nanCount != null) {
      out.writeI64Field(9, nanCount);
    }
    out.writeStructEnd();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Statistics that
        && Arrays.equals(max, that.max)
        && Arrays.equals(min, that.min)
        && Objects.equals(nullCount, that.nullCount)
        && Objects.equals(distinctCount, that.distinctCount)
        && Arrays.equals(maxValue, that.maxValue)
        && Arrays.equals(minValue, that.minValue)
        && Objects.equals(isMaxValueExact, that.isMaxValueExact)
        && Objects.equals(isMinValueExact, that.isMinValueExact)
        && Objects.equals(nanCount, that.nanCount);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(max), Arrays.hashCode(min), nullCount, distinctCount,
        Arrays.hashCode(maxValue), Arrays.hashCode(minValue), isMaxValueExact, isMinValueExact, nanCount);
  }

  @Override
  public String toString() {
    return "Statistics[max=" + FormatSupport.hex(max) + ", min=" + FormatSupport.hex(min)
        + ", nullCount=" + nullCount + ", distinctCount=" + distinctCount
        + ", maxValue=" + FormatSupport.hex(maxValue) + ", minValue=" + FormatSupport.hex(minValue)
        + ", isMaxValueExact=" + isMaxValueExact + ", isMinValueExact=" + isMinValueExact
        + ", nanCount=" + nanCount + "]";
  }
}
