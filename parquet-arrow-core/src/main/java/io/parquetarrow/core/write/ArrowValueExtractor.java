package io.parquetarrow.core.write;

import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Type;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The seam between Arrow vectors and the byte-level encoders on the write path: copies the values of a row range
 * of one Arrow leaf vector into the page's {@link ValueBuffer}, converted to the Parquet physical type the
 * schema mapping chose ({@code ArrowToParquetSchema}). The caller names the vector indices that hold values
 * (non-null slots at the leaf's maximum definition level, found from validity bitmaps and, for nested columns,
 * by the level shredder), so extractors never look at nulls. One implementation per Arrow kind.
 *
 * <p>Conversions, as Arrow C++ writes them: int8/16 sign-extended and uint8/16 zero-extended to INT32, uint32
 * and uint64 stored as their bit patterns; date64 milliseconds → INT32 days; time32[s] → milliseconds;
 * timestamp[s] → milliseconds; decimal128/256 → big-endian two's complement of the FIXED_LEN_BYTE_ARRAY width;
 * float16 → its two little-endian bytes; floats and doubles as their IEEE bits; intervals → INTERVAL's twelve
 * bytes (little-endian unsigned 32-bit months, days, milliseconds), rejecting with
 * {@link IllegalArgumentException} a negative part, a month_day_nano whose nanoseconds are not whole
 * milliseconds, or a part above 2^32 - 1.
 */
interface ArrowValueExtractor {

  /** Appends the values at vector indices {@code positions[0 .. count)} of {@code vector} to {@code out}. */
  void append(FieldVector vector, int[] positions, int count, ValueBuffer out);

  /**
   * The extractor for an Arrow leaf of type {@code arrowType} stored as {@code physicalType}; {@code column}
   * (the dotted path) names the column in errors about values Parquet cannot hold.
   */
  static ArrowValueExtractor forType(ArrowType arrowType, Type physicalType, int typeLength, String column)
      throws UnsupportedParquetFeatureException {
    if (arrowType instanceof ArrowType.ExtensionType extension) {
      ArrowValueExtractor storage = forType(extension.storageType(), physicalType, typeLength, column);
      return (vector, positions, count, out) -> storage.append(
          ((ExtensionTypeVector<?>) vector).getUnderlyingVector(), positions, count, out);
    }
    switch (arrowType.getTypeID()) {
      case Null:
        return (vector, positions, count, out) -> { };
      case Bool:
        return Extractors::booleans;
      case Int: {
        ArrowType.Int integer = (ArrowType.Int) arrowType;
        int width = integer.getBitWidth();
        boolean signed = integer.getIsSigned();
        if (width == 64) {
          return Extractors.longs(1);
        }
        return Extractors.ints(width / 8, signed, 1);
      }
      case FloatingPoint:
        return switch (((ArrowType.FloatingPoint) arrowType).getPrecision()) {
          case HALF -> Extractors.fixedLength(2);
          case SINGLE -> Extractors.ints(4, true, 1);
          case DOUBLE -> Extractors.longs(1);
        };
      case Date:
        return ((ArrowType.Date) arrowType).getUnit() == DateUnit.DAY
            ? Extractors.ints(4, true, 1) : Extractors::date64AsDays;
      case Time: {
        ArrowType.Time time = (ArrowType.Time) arrowType;
        if (time.getBitWidth() == 32) {
          return Extractors.ints(4, true, time.getUnit() == TimeUnit.SECOND ? 1000 : 1);
        }
        return Extractors.longs(1);
      }
      case Timestamp:
        return Extractors.longs(
            ((ArrowType.Timestamp) arrowType).getUnit() == TimeUnit.SECOND ? 1000 : 1);
      case Duration:
        return Extractors.longs(1);
      case Decimal: {
        int arrowWidth = ((ArrowType.Decimal) arrowType).getBitWidth() / 8;
        return Extractors.decimal(arrowWidth, typeLength);
      }
      case Interval:
        return Extractors.interval(((ArrowType.Interval) arrowType).getUnit(), column);
      case FixedSizeBinary:
        return Extractors.fixedLength(((ArrowType.FixedSizeBinary) arrowType).getByteWidth());
      case Utf8:
      case Binary:
        return new Extractors.VariableWidth();
      case LargeUtf8:
      case LargeBinary:
        return Extractors::largeVariableWidth;
      default:
        throw new UnsupportedParquetFeatureException(
            "writing Arrow type " + arrowType + " as Parquet " + physicalType + " is not supported");
    }
  }

  /**
   * Bulk reads of fixed-width values: when the positions of a batch lie in a compact ascending range (always for
   * flat and nested columns; dictionary indices may not), the range is copied to the heap in one bounds-checked
   * call and read from there, instead of one bounds-checked {@code ArrowBuf} read per value.
   */
  final class Span {
    private Span() {}

    static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[8192]);

    /**
     * The bytes of values {@code positions[0] .. positions[count - 1]} of {@code width} bytes, or null when the
     * positions are not ascending (dictionary indices) or span more than twice the {@code count} values needed
     * (then per-value reads are cheaper).
     */
    static byte[] copy(ArrowBuf data, int[] positions, int count, int width) {
      int first = positions[0];
      int last = positions[count - 1];
      long span = (long) last - first + 1;
      if (span <= 0 || span > 2L * count + 64) {
        return null;
      }
      for (int i = 1; i < count; i++) {
        if (positions[i] <= positions[i - 1]) {
          return null;
        }
      }
      int length = (int) span * width;
      byte[] scratch = SCRATCH.get();
      if (scratch.length < length) {
        scratch = new byte[Math.max(length, 2 * scratch.length)];
        SCRATCH.set(scratch);
      }
      data.getBytes((long) first * width, scratch, 0, length);
      return scratch;
    }
  }

  /** The implementations, one static method or factory per Arrow kind. */
  final class Extractors {
    private Extractors() {}

    static void booleans(FieldVector vector, int[] positions, int count, ValueBuffer out) {
      ValueBuffer.Booleans booleans = (ValueBuffer.Booleans) out;
      ArrowBuf data = vector.getDataBuffer();
      for (int i = 0; i < count; i++) {
        int row = positions[i];
        booleans.add((data.getByte(row >>> 3) >>> (row & 7) & 1) != 0);
      }
    }

    /** Integers of {@code byteWidth} bytes (1, 2 or 4) to INT32, multiplied by {@code scale}. */
    static ArrowValueExtractor ints(int byteWidth, boolean signed, int scale) {
      return (vector, positions, count, out) -> {
        ValueBuffer.Ints ints = (ValueBuffer.Ints) out;
        ints.ensureAdditional(count);
        if (count == 0) {
          return;
        }
        int first = positions[0];
        byte[] bytes = Span.copy(vector.getDataBuffer(), positions, count, byteWidth);
        int[] values = ints.values;
        int size = ints.size;
        ArrowBuf data = vector.getDataBuffer();
        for (int i = 0; i < count; i++) {
          int value;
          if (bytes != null) {
            int at = (positions[i] - first) * byteWidth;
            value = switch (byteWidth) {
              case 1 -> signed ? bytes[at] : bytes[at] & 0xFF;
              case 2 -> signed ? (short) Span.SHORTS.get(bytes, at) : (short) Span.SHORTS.get(bytes, at) & 0xFFFF;
              default -> (int) Span.INTS.get(bytes, at);
            };
          } else {
            long index = (long) positions[i] * byteWidth;
            value = switch (byteWidth) {
              case 1 -> signed ? data.getByte(index) : data.getByte(index) & 0xFF;
              case 2 -> signed ? data.getShort(index) : data.getShort(index) & 0xFFFF;
              default -> data.getInt(index);
            };
          }
          values[size++] = scale == 1 ? value : Math.multiplyExact(value, scale);
        }
        ints.size = size;
      };
    }

    /** 64-bit values to INT64 (or DOUBLE bits), multiplied by {@code scale}. */
    static ArrowValueExtractor longs(int scale) {
      return (vector, positions, count, out) -> {
        ValueBuffer.Longs longs = (ValueBuffer.Longs) out;
        longs.ensureAdditional(count);
        if (count == 0) {
          return;
        }
        int first = positions[0];
        ArrowBuf data = vector.getDataBuffer();
        byte[] bytes = Span.copy(data, positions, count, 8);
        long[] values = longs.values;
        int size = longs.size;
        for (int i = 0; i < count; i++) {
          long value = bytes != null ? (long) Span.LONGS.get(bytes, (positions[i] - first) * 8)
              : data.getLong((long) positions[i] * 8);
          values[size++] = scale == 1 ? value : Math.multiplyExact(value, (long) scale);
        }
        longs.size = size;
      };
    }

    static void date64AsDays(FieldVector vector, int[] positions, int count, ValueBuffer out) {
      ValueBuffer.Ints ints = (ValueBuffer.Ints) out;
      ints.ensureAdditional(count);
      ArrowBuf data = vector.getDataBuffer();
      for (int i = 0; i < count; i++) {
        long milliseconds = data.getLong((long) positions[i] * 8);
        ints.values[ints.size++] = Math.toIntExact(Math.floorDiv(milliseconds, 86_400_000L));
      }
    }

    static ArrowValueExtractor fixedLength(int width) {
      return (vector, positions, count, out) -> {
        ValueBuffer.FixedLength fixed = (ValueBuffer.FixedLength) out;
        int at = fixed.ensureAdditional(count);
        ArrowBuf data = vector.getDataBuffer();
        int i = 0;
        while (i < count) {
          // Copy runs of consecutive positions at once: the common case of a column without nulls.
          int run = 1;
          while (i + run < count && positions[i + run] == positions[i] + run) {
            run++;
          }
          data.getBytes((long) positions[i] * width, fixed.bytes, at, run * width);
          at += run * width;
          i += run;
        }
        fixed.size += count;
      };
    }

    /**
     * Arrow decimals (little-endian two's complement of {@code arrowWidth} bytes) to the big-endian
     * {@code parquetWidth} low bytes the schema's FIXED_LEN_BYTE_ARRAY holds; the precision guarantees the
     * dropped high bytes are sign extension.
     */
    static ArrowValueExtractor decimal(int arrowWidth, int parquetWidth) {
      return (vector, positions, count, out) -> {
        ValueBuffer.FixedLength fixed = (ValueBuffer.FixedLength) out;
        int at = fixed.ensureAdditional(count);
        if (count == 0) {
          return;
        }
        ArrowBuf data = vector.getDataBuffer();
        byte[] bytes = fixed.bytes;
        int first = positions[0];
        byte[] span = Span.copy(data, positions, count, arrowWidth);
        if (span != null && parquetWidth <= 8) {
          // The low eight bytes hold every byte kept: read them as one little-endian long.
          for (int i = 0; i < count; i++) {
            long value = (long) Span.LONGS.get(span, (positions[i] - first) * arrowWidth);
            for (int k = 0, shift = 8 * (parquetWidth - 1); k < parquetWidth; k++, shift -= 8) {
              bytes[at + k] = (byte) (value >>> shift);
            }
            at += parquetWidth;
          }
        } else if (span != null) {
          for (int i = 0; i < count; i++) {
            int base = (positions[i] - first) * arrowWidth;
            for (int k = 0; k < parquetWidth; k++) {
              bytes[at + k] = span[base + parquetWidth - 1 - k];
            }
            at += parquetWidth;
          }
        } else {
          for (int i = 0; i < count; i++) {
            long base = (long) positions[i] * arrowWidth;
            for (int k = 0; k < parquetWidth; k++) {
              bytes[at + k] = data.getByte(base + parquetWidth - 1 - k);
            }
            at += parquetWidth;
          }
        }
        fixed.size += count;
      };
    }

    /**
     * Arrow intervals to Parquet INTERVAL: year_month is 4 bytes (months), day_time 8 (days, milliseconds),
     * month_day_nano 16 (months, days, 64-bit nanoseconds), all little-endian and signed; INTERVAL holds three
     * unsigned 32-bit parts, so negative parts and sub-millisecond nanoseconds cannot be stored.
     */
    static ArrowValueExtractor interval(IntervalUnit unit, String column) {
      return (vector, positions, count, out) -> {
        ValueBuffer.FixedLength fixed = (ValueBuffer.FixedLength) out;
        int at = fixed.ensureAdditional(count);
        ArrowBuf data = vector.getDataBuffer();
        byte[] bytes = fixed.bytes;
        for (int i = 0; i < count; i++) {
          int row = positions[i];
          long months;
          long days;
          long milliseconds;
          switch (unit) {
            case YEAR_MONTH -> {
              months = data.getInt((long) row * 4);
              days = 0;
              milliseconds = 0;
            }
            case DAY_TIME -> {
              months = 0;
              days = data.getInt((long) row * 8);
              milliseconds = data.getInt((long) row * 8 + 4);
            }
            default -> {
              months = data.getInt((long) row * 16);
              days = data.getInt((long) row * 16 + 4);
              long nanoseconds = data.getLong((long) row * 16 + 8);
              if (nanoseconds % 1_000_000L != 0) {
                throw new IllegalArgumentException("column '" + column + "' row " + row + ": interval "
                    + "nanoseconds " + nanoseconds + " are not a whole number of milliseconds, which Parquet "
                    + "INTERVAL cannot hold");
              }
              milliseconds = nanoseconds / 1_000_000L;
            }
          }
          checkUnsigned(column, row, "months", months);
          checkUnsigned(column, row, "days", days);
          checkUnsigned(column, row, "milliseconds", milliseconds);
          putUnsigned(bytes, at, months);
          putUnsigned(bytes, at + 4, days);
          putUnsigned(bytes, at + 8, milliseconds);
          at += fixed.width;
        }
        fixed.size += count;
      };
    }

    private static void checkUnsigned(String column, int row, String part, long value) {
      if (value < 0 || value > 0xFFFF_FFFFL) {
        throw new IllegalArgumentException("column '" + column + "' row " + row + ": interval " + part + " "
            + value + " is outside 0 .. 4294967295, the unsigned 32-bit range of Parquet INTERVAL");
      }
    }

    private static void putUnsigned(byte[] bytes, int at, long value) {
      bytes[at] = (byte) value;
      bytes[at + 1] = (byte) (value >>> 8);
      bytes[at + 2] = (byte) (value >>> 16);
      bytes[at + 3] = (byte) (value >>> 24);
    }

    /**
     * Utf8 and Binary: runs of consecutive positions (every run of non-null rows) are copied from Arrow's offset
     * and data buffers in one call each, instead of two bounds-checked off-heap reads per value.
     */
    static final class VariableWidth implements ArrowValueExtractor {
      /** Values per bulk copy: bounds the offset scratch; the data scratch grows with the values' sizes. */
      private static final int RUN_LIMIT = 1024;
      private final byte[] offsetScratch = new byte[(RUN_LIMIT + 1) * BaseVariableWidthVector.OFFSET_WIDTH];
      private byte[] dataScratch = new byte[16 * 1024];

      @Override
      public void append(FieldVector vector, int[] positions, int count, ValueBuffer out) {
        ValueBuffer.ByteArrays binary = (ValueBuffer.ByteArrays) out;
        ArrowBuf offsets = vector.getOffsetBuffer();
        ArrowBuf data = vector.getDataBuffer();
        int i = 0;
        while (i < count) {
          int row = positions[i];
          int run = 1;
          while (run < RUN_LIMIT && i + run < count && positions[i + run] == row + run) {
            run++;
          }
          offsets.getBytes((long) row * BaseVariableWidthVector.OFFSET_WIDTH, offsetScratch, 0,
              (run + 1) * BaseVariableWidthVector.OFFSET_WIDTH);
          int from = (int) Span.INTS.get(offsetScratch, 0);
          int to = (int) Span.INTS.get(offsetScratch, run * BaseVariableWidthVector.OFFSET_WIDTH);
          int length = to - from;
          if (length < 0) {
            throw new IllegalArgumentException("Arrow offsets of rows " + row + " to " + (row + run)
                + " decrease (" + from + " to " + to + ")");
          }
          if (dataScratch.length < length) {
            dataScratch = new byte[Math.max(length, 2 * dataScratch.length)];
          }
          data.getBytes(from, dataScratch, 0, length);
          int start = from;
          for (int k = 1; k <= run; k++) {
            int end = (int) Span.INTS.get(offsetScratch, k * BaseVariableWidthVector.OFFSET_WIDTH);
            binary.add(dataScratch, start - from, end - start);
            start = end;
          }
          i += run;
        }
      }
    }

    static void largeVariableWidth(FieldVector vector, int[] positions, int count, ValueBuffer out) {
      ValueBuffer.ByteArrays binary = (ValueBuffer.ByteArrays) out;
      ArrowBuf offsets = vector.getOffsetBuffer();
      ArrowBuf data = vector.getDataBuffer();
      byte[] scratch = new byte[64];
      for (int i = 0; i < count; i++) {
        int row = positions[i];
        long from = offsets.getLong((long) row * BaseLargeVariableWidthVector.OFFSET_WIDTH);
        long to = offsets.getLong((long) (row + 1) * BaseLargeVariableWidthVector.OFFSET_WIDTH);
        if (to - from > Integer.MAX_VALUE - 16) {
          throw new IllegalArgumentException("a value of " + (to - from)
              + " bytes is longer than a Parquet BYTE_ARRAY can hold");
        }
        scratch = copy(data, from, (int) (to - from), scratch);
        binary.add(scratch, 0, (int) (to - from));
      }
    }

    private static byte[] copy(ArrowBuf data, long from, int length, byte[] scratch) {
      byte[] target = scratch.length >= length ? scratch : new byte[Math.max(length, 2 * scratch.length)];
      data.getBytes(from, target, 0, length);
      return target;
    }
  }
}
