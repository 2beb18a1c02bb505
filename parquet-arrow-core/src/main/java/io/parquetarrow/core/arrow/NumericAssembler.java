package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.ValueConversion;
import io.parquetarrow.simd.ParquetKernels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Integer-like and floating point Arrow vectors (int8–64, uint8–64, float32/64, date32/64, time32/64,
 * timestamp, duration) from INT32 or INT64 (FLOAT and DOUBLE arrive as their raw bits in the same arrays).
 * When source and target width match and no unit conversion applies, the values are copied in one bulk copy;
 * otherwise they are converted on the heap first: narrowing truncates (as Arrow C++ does for INT(8) and INT(16)
 * annotated INT32), widening sign-extends (or zero-extends for unsigned sources), and a unit change multiplies
 * or divides (date32 days to date64 milliseconds, timestamp units restored from {@code ARROW:schema}).
 */
final class NumericAssembler extends FixedWidthAssembler implements ValueConversion {
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  private final boolean sourceIsLong;
  private final boolean sourceUnsigned;
  private final int targetWidth;
  private final long multiplier;
  private final long divisor;
  private long[] wide = new long[0];
  private int[] intScratch = new int[0];
  private short[] shorts = new short[0];
  private byte[] narrow = new byte[0];

  /**
   * @param sourceIsLong INT64/DOUBLE (values in {@code longs()}) rather than INT32/FLOAT ({@code ints()})
   * @param sourceUnsigned whether an INT32 source widens with zero extension (UINT_32)
   * @param targetWidth the Arrow value width in bytes: 1, 2, 4 or 8
   * @param multiplier applied to each value, 1 for none
   * @param divisor each value is divided by it (floor), 1 for none
   */
  NumericAssembler(
      ParquetKernels kernels, int maxDefinitionLevel, boolean sourceIsLong, boolean sourceUnsigned, int targetWidth,
      long multiplier, long divisor) {
    super(kernels, maxDefinitionLevel);
    if (targetWidth != 1 && targetWidth != 2 && targetWidth != 4 && targetWidth != 8) {
      throw new IllegalArgumentException("target width " + targetWidth);
    }
    this.sourceIsLong = sourceIsLong;
    this.sourceUnsigned = sourceUnsigned;
    this.targetWidth = targetWidth;
    this.multiplier = multiplier;
    this.divisor = divisor;
  }

  @Override
  boolean copiesDirectly() {
    return multiplier == 1 && divisor == 1 && targetWidth == (sourceIsLong ? 8 : 4);
  }

  /**
   * This assembler as the conversion a flat column's reader applies while decoding (widening, narrowing, a unit
   * change), so that the values reach the vector in its layout; null when the values are Arrow's as stored.
   */
  ValueConversion conversion() {
    return copiesDirectly() ? null : this;
  }

  @Override
  public int width() {
    return targetWidth;
  }

  @Override
  public void convertInts(int[] values, int from, int count, byte[] out, int outOffset) {
    for (int i = 0; i < count; i++) {
      int value = values[from + i];
      put(out, outOffset + i * targetWidth, sourceUnsigned ? Integer.toUnsignedLong(value) : value);
    }
  }

  @Override
  public void convertLongs(long[] values, int from, int count, byte[] out, int outOffset) {
    for (int i = 0; i < count; i++) {
      put(out, outOffset + i * targetWidth, values[from + i]);
    }
  }

  @Override
  public void convertFixed(byte[] values, int from, int count, byte[] out, int outOffset) {
    throw new IllegalStateException("numbers are read from INT32 or INT64");
  }

  /** Writes {@code value}, scaled and cut to the target width as {@link #writeData} does, little-endian. */
  private void put(byte[] out, int offset, long value) {
    long scaled = multiplier == 1 && divisor == 1 ? value : Math.floorDiv(value * multiplier, divisor);
    switch (targetWidth) {
      case 8 -> LONG_LE.set(out, offset, scaled);
      case 4 -> INT_LE.set(out, offset, (int) scaled);
      case 2 -> SHORT_LE.set(out, offset, (short) scaled);
      default -> out[offset] = (byte) scaled;
    }
  }

  @Override
  void writeData(ColumnBatch batch, int rows, ArrowBuf data) {
    if (batch.valuesConverted()) {
      writeConverted(batch, rows, targetWidth, data);
      return;
    }
    boolean converts = multiplier != 1 || divisor != 1;
    if (!converts && batch.valueView() != null && targetWidth == (sourceIsLong ? 8 : 4)
        && !validity.hasNulls() && batch.valueCount() == rows) {
      // A nested leaf's values still in the page's bytes, one per slot: Arrow's layout already.
      ArrowBuffers.copyBytes(batch.valueView(), batch.valueViewOffset(), rows * targetWidth, data, 0);
      return;
    }
    if (!converts && !sourceIsLong && targetWidth == 4) {
      int[] values = batch.ints();
      if (validity.hasNulls()) {
        validity.spreadInts(values);
      }
      ArrowBuffers.copyInts(values, 0, rows, data, 0);
      return;
    }
    if (!converts && sourceIsLong && targetWidth == 8) {
      long[] values = batch.longs();
      if (validity.hasNulls()) {
        validity.spreadLongs(values);
      }
      ArrowBuffers.copyLongs(values, 0, rows, data, 0);
      return;
    }
    long[] values = widen(batch, rows);
    if (converts) {
      for (int row = 0; row < rows; row++) {
        values[row] = Math.floorDiv(values[row] * multiplier, divisor);
      }
    }
    switch (targetWidth) {
      case 8 -> ArrowBuffers.copyLongs(values, 0, rows, data, 0);
      case 4 -> {
        if (intScratch.length < rows) {
          intScratch = new int[rows];
        }
        int[] ints = intScratch;
        for (int row = 0; row < rows; row++) {
          ints[row] = (int) values[row];
        }
        ArrowBuffers.copyInts(ints, 0, rows, data, 0);
      }
      case 2 -> {
        if (shorts.length < rows) {
          shorts = new short[rows];
        }
        for (int row = 0; row < rows; row++) {
          shorts[row] = (short) values[row];
        }
        ArrowBuffers.copyShorts(shorts, rows, data);
      }
      default -> {
        if (narrow.length < rows) {
          narrow = new byte[rows];
        }
        for (int row = 0; row < rows; row++) {
          narrow[row] = (byte) values[row];
        }
        ArrowBuffers.copyBytes(narrow, 0, rows, data, 0);
      }
    }
  }

  /** The batch's values spread to their rows as longs in a reused heap array. */
  private long[] widen(ColumnBatch batch, int rows) {
    if (wide.length < rows) {
      wide = new long[rows];
    }
    if (sourceIsLong) {
      System.arraycopy(batch.longs(), 0, wide, 0, batch.valueCount());
      if (validity.hasNulls()) {
        validity.spreadLongs(wide);
      }
    } else {
      int[] ints = batch.ints();
      int count = batch.valueCount();
      if (sourceUnsigned) {
        for (int i = 0; i < count; i++) {
          wide[i] = Integer.toUnsignedLong(ints[i]);
        }
      } else {
        for (int i = 0; i < count; i++) {
          wide[i] = ints[i];
        }
      }
      if (validity.hasNulls()) {
        validity.spreadLongs(wide);
      }
    }
    return wide;
  }
}
