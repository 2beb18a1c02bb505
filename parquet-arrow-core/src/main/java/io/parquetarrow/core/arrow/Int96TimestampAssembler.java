package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.ValueConversion;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.simd.ParquetKernels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Arrow {@code timestamp[ns]} (or a coarser unit from {@code ARROW:schema}) from the deprecated INT96
 * timestamps of Impala and Spark: 8 little-endian bytes of nanoseconds within the day followed by 4
 * little-endian bytes of Julian day number. As in Arrow C++, the result is
 * {@code (julianDay - 2440588) * 86400 * 10^9 + nanosOfDay} in wrapping 64-bit arithmetic, then divided
 * (floor) for coarser units.
 */
final class Int96TimestampAssembler extends FixedWidthAssembler implements ValueConversion {
  /** The Julian day number of 1970-01-01. */
  static final long JULIAN_DAY_OF_UNIX_EPOCH = 2_440_588L;
  static final long NANOS_PER_DAY = 86_400L * 1_000_000_000L;
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private final long divisor;
  private long[] nanos = new long[0];

  /** @param divisor 1 for nanoseconds, 1,000 for micro, 1,000,000 for milli, 10^9 for seconds */
  Int96TimestampAssembler(ParquetKernels kernels, int maxDefinitionLevel, long divisor) {
    super(kernels, maxDefinitionLevel);
    this.divisor = divisor;
  }

  static long toEpochNanos(byte[] bytes, int offset) {
    long nanosOfDay = (long) LONG_LE.get(bytes, offset);
    long julianDay = Integer.toUnsignedLong((int) INT_LE.get(bytes, offset + 8));
    return (julianDay - JULIAN_DAY_OF_UNIX_EPOCH) * NANOS_PER_DAY + nanosOfDay;
  }

  /** This assembler as the conversion a flat column's reader applies while decoding. */
  ValueConversion conversion() {
    return this;
  }

  @Override
  public int width() {
    return Long.BYTES;
  }

  @Override
  public void convertInts(int[] values, int from, int count, byte[] out, int outOffset) {
    throw new IllegalStateException("INT96 timestamps are read from INT96");
  }

  @Override
  public void convertLongs(long[] values, int from, int count, byte[] out, int outOffset) {
    throw new IllegalStateException("INT96 timestamps are read from INT96");
  }

  @Override
  public void convertFixed(byte[] values, int from, int count, byte[] out, int outOffset) {
    for (int i = 0; i < count; i++) {
      long value = toEpochNanos(values, (from + i) * PhysicalTypes.INT96_BYTES);
      LONG_LE.set(out, outOffset + i * Long.BYTES, divisor == 1 ? value : Math.floorDiv(value, divisor));
    }
  }

  @Override
  void writeData(ColumnBatch batch, int rows, ArrowBuf data) {
    if (batch.valuesConverted()) {
      writeConverted(batch, rows, Long.BYTES, data);
      return;
    }
    if (nanos.length < rows) {
      nanos = new long[rows];
    }
    byte[] values = batch.bytes();
    int count = batch.valueCount();
    for (int i = 0; i < count; i++) {
      long value = toEpochNanos(values, i * PhysicalTypes.INT96_BYTES);
      nanos[i] = divisor == 1 ? value : Math.floorDiv(value, divisor);
    }
    if (validity.hasNulls()) {
      validity.spreadLongs(nanos);
    }
    ArrowBuffers.copyLongs(nanos, 0, rows, data, 0);
  }
}
