package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.ValueConversion;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.ParquetKernels;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Arrow {@code decimal128} / {@code decimal256} from any of the four DECIMAL storages: INT32 and INT64
 * (the unscaled value, sign-extended to the Arrow width), and FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY (the unscaled
 * value as big-endian two's complement, reversed into Arrow's little-endian layout and sign-extended). A
 * big-endian value longer than the Arrow width is accepted only when its extra leading bytes are pure sign
 * extension; otherwise it cannot be represented and is reported as corrupt.
 *
 * <p>For INT32, INT64 and FIXED_LEN_BYTE_ARRAY of at most 8 bytes it is also the {@link ValueConversion} a flat
 * column's reader applies as it decodes ({@link #conversion()}): a dictionary's entries are then converted once and
 * gathered as Arrow values, and a batch arrives here converted ({@link ColumnBatch#valuesConverted()}).
 */
final class DecimalAssembler extends FixedWidthAssembler implements ValueConversion {
  /** Where the unscaled values come from. */
  enum Source { INT32, INT64, FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY }

  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final Source source;
  private final int typeLength;
  private final int width;
  private byte[] image = new byte[0];
  /** The value whose Arrow bytes start the image (see {@link #convert}). */
  private int imageBase;

  DecimalAssembler(ParquetKernels kernels, int maxDefinitionLevel, Source source, int typeLength, int width) {
    super(kernels, maxDefinitionLevel);
    this.source = source;
    this.typeLength = typeLength;
    this.width = width;
  }

  /**
   * Values converted per step when a batch has no nulls: their Arrow image (32 KiB for decimal128) is copied into
   * the vector while it is still in the cache, instead of a whole batch's image (1 MiB for 65,536 rows) being
   * written to memory and read back.
   */
  private static final int CHUNK = 2048;

  /**
   * This assembler as the conversion a flat column's reader applies while decoding, for the sources whose every
   * value has an Arrow image (INT32, INT64, FIXED_LEN_BYTE_ARRAY up to 8 bytes); null for the others, whose
   * values are checked here (a longer big-endian value may not fit).
   */
  ValueConversion conversion() {
    return switch (source) {
      case INT32, INT64 -> this;
      case FIXED_LEN_BYTE_ARRAY -> typeLength <= 8 ? this : null;
      case BYTE_ARRAY -> null;
    };
  }

  @Override
  public int width() {
    return width;
  }

  @Override
  public void convertInts(int[] values, int from, int count, byte[] out, int outOffset) {
    for (int i = 0; i < count; i++) {
      putLong(out, outOffset + i * width, values[from + i]);
    }
  }

  @Override
  public void convertLongs(long[] values, int from, int count, byte[] out, int outOffset) {
    for (int i = 0; i < count; i++) {
      putLong(out, outOffset + i * width, values[from + i]);
    }
  }

  @Override
  public void convertFixed(byte[] values, int from, int count, byte[] out, int outOffset) {
    putShortBigEndian(values, from, from + count, out, outOffset - from * width);
  }

  @Override
  void writeData(ColumnBatch batch, int rows, ArrowBuf data) throws ParquetCorruptionException {
    int count = batch.valueCount();
    if (batch.valuesConverted()) {
      writeConverted(batch, rows, width, data);
      return;
    }
    if (validity.hasNulls()) {
      // The values are dense and spread to their rows afterwards, in place: the whole batch at once.
      ensureImage(Math.multiplyExact(rows, width));
      imageBase = 0;
      convert(batch, 0, count);
      validity.spreadFixed(image, width);
      ArrowBuffers.copyBytes(image, 0, rows * width, data, 0);
      return;
    }
    ensureImage(Math.multiplyExact(Math.min(count, CHUNK), width));
    for (int from = 0; from < count; from += CHUNK) {
      int to = Math.min(count, from + CHUNK);
      imageBase = from;
      convert(batch, from, to);
      ArrowBuffers.copyBytes(image, 0, (to - from) * width, data, (long) from * width);
    }
  }

  private void ensureImage(int length) {
    if (image.length < length) {
      image = new byte[Math.max(length, image.length * 2)];
    }
  }

  /** Converts values {@code [from, to)} into the image, value {@code i} at {@code (i - imageBase) * width}. */
  private void convert(ColumnBatch batch, int from, int to) throws ParquetCorruptionException {
    int imageOffset = (from - imageBase) * width;
    switch (source) {
      case INT32 -> convertInts(batch.ints(), from, to - from, image, imageOffset);
      case INT64 -> convertLongs(batch.longs(), from, to - from, image, imageOffset);
      case FIXED_LEN_BYTE_ARRAY -> {
        byte[] values = batch.bytes();
        if (typeLength <= 8) {
          convertFixed(values, from, to - from, image, imageOffset);
        } else {
          for (int i = from; i < to; i++) {
            putBigEndian(i, values, i * typeLength, typeLength);
          }
        }
      }
      case BYTE_ARRAY -> {
        BinaryBuffer values = batch.binary();
        int[] offsets = values.offsets();
        for (int i = from; i < to; i++) {
          putBigEndian(i, values.data(), offsets[i], offsets[i + 1] - offsets[i]);
        }
      }
    }
  }

  /** Writes {@code value} sign-extended to the Arrow width at {@code out[at]}. */
  private void putLong(byte[] out, int at, long value) {
    // Whole little-endian words, sign-extended: an Arrays.fill of 8 or 24 bytes per value cost more than the
    // value itself (lineitem's four decimal columns).
    long sign = value >> 63;
    LONG_LE.set(out, at, value);
    LONG_LE.set(out, at + 8, sign);
    if (width == 32) {
      LONG_LE.set(out, at + 16, sign);
      LONG_LE.set(out, at + 24, sign);
    }
  }

  /**
   * FIXED_LEN_BYTE_ARRAY values of at most 8 bytes (every precision up to 18, e.g. lineitem's DECIMAL(15,2) in 7
   * bytes), which always fit the Arrow width: each is loaded as one big-endian long whose first {@code typeLength}
   * bytes are the value, and an arithmetic shift drops the rest and sign-extends it. Values whose 8-byte load
   * would run past the array take the byte loop. Byte by byte with a fill of the sign bytes this was a sixth of
   * lineitem's read time. Value {@code i} goes to {@code out[base + i * width]}.
   */
  private void putShortBigEndian(byte[] values, int from, int to, byte[] out, int base) {
    int shift = 64 - 8 * typeLength;
    int wordLoads = values.length < 8 ? from : Math.max(from, Math.min(to, (values.length - 8) / typeLength + 1));
    for (int i = from; i < wordLoads; i++) {
      putLong(out, base + i * width, (long) LONG_BE.get(values, i * typeLength) >> shift);
    }
    for (int i = wordLoads; i < to; i++) {
      long value = 0;
      for (int k = 0, at = i * typeLength; k < typeLength; k++) {
        value = value << 8 | (values[at + k] & 0xFF);
      }
      putLong(out, base + i * width, value << shift >> shift);
    }
  }

  private void putBigEndian(int index, byte[] source, int offset, int length) throws ParquetCorruptionException {
    int at = (index - imageBase) * width;
    if (length == 0) {
      // Arrow C++ rejects zero-length decimals; there is no value to take.
      throw ParquetCorruptionException.of("decimal value %d is a zero-length byte array", index);
    }
    byte sign = source[offset] < 0 ? (byte) -1 : 0;
    int skip = 0;
    if (length > width) {
      skip = length - width;
      for (int k = 0; k < skip; k++) {
        if (source[offset + k] != sign || (source[offset + skip] < 0) != (sign < 0)) {
          throw ParquetCorruptionException.of(
              "decimal value %d has %d bytes and does not fit in %d bytes", index, length, width);
        }
      }
    }
    int significant = length - skip;
    int last = offset + length - 1;
    for (int k = 0; k < significant; k++) {
      image[at + k] = source[last - k];
    }
    Arrays.fill(image, at + significant, at + width, sign);
  }
}
