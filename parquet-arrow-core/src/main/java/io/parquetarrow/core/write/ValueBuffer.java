package io.parquetarrow.core.write;

import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.encodings.DictionaryEncoder;
import io.parquetarrow.encodings.ValueEncoder;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import java.util.Arrays;

/**
 * The non-null values of the data page being assembled, in the form the encoders take (see
 * {@link ValueEncoder}): {@code byte[]} 0/1 for BOOLEAN, {@code int[]} for INT32 and FLOAT bits, {@code long[]}
 * for INT64 and DOUBLE bits, back-to-back bytes for FIXED_LEN_BYTE_ARRAY, a {@link BinaryBuffer} for BYTE_ARRAY.
 * Filled by an {@link ArrowValueExtractor}; read by the column chunk writer for statistics, the dictionary and
 * the page's encoder; cleared after each page.
 */
abstract sealed class ValueBuffer {
  /** The number of values held. */
  abstract int size();

  /** The size of the values in PLAIN encoding: the page-size estimate before encoding. */
  abstract long plainSize();

  abstract void clear();

  /** Puts every value into {@code encoder}, whose value form must match this buffer's. */
  abstract void putAll(ValueEncoder<?> encoder);

  /** Maps values {@code [from, from + count)} to dictionary indices written to {@code indices[at ...]}. */
  abstract void dictionaryIndices(DictionaryEncoder<?> dictionary, int from, int count, int[] indices, int at);

  /** The buffer for values of physical type {@code type}. */
  static ValueBuffer forType(Type type, int typeLength) {
    return switch (type) {
      case BOOLEAN -> new Booleans();
      case INT32, FLOAT -> new Ints();
      case INT64, DOUBLE -> new Longs();
      case FIXED_LEN_BYTE_ARRAY -> new FixedLength(typeLength);
      case INT96 -> new FixedLength(PhysicalTypes.INT96_BYTES);
      case BYTE_ARRAY -> new ByteArrays();
    };
  }

  static int grow(int current, long needed) {
    if (needed > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("a data page would hold more than 2 GiB; lower the page size");
    }
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, 2L * current));
  }

  /** BOOLEAN values as 0/1 bytes. */
  static final class Booleans extends ValueBuffer {
    byte[] values = new byte[1024];
    int size;

    void add(boolean value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, grow(values.length, size + 1L));
      }
      values[size++] = (byte) (value ? 1 : 0);
    }

    @Override
    int size() {
      return size;
    }

    @Override
    long plainSize() {
      return (size + 7) / 8;
    }

    @Override
    void clear() {
      size = 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    void putAll(ValueEncoder<?> encoder) {
      ((ValueEncoder<byte[]>) encoder).put(values, 0, size);
    }

    @Override
    void dictionaryIndices(DictionaryEncoder<?> dictionary, int from, int count, int[] indices, int at) {
      throw new IllegalStateException("booleans are not dictionary encoded");
    }
  }

  /** INT32 values and FLOAT bits. */
  static final class Ints extends ValueBuffer {
    int[] values = new int[1024];
    int size;

    void ensureAdditional(int count) {
      if (size + count > values.length) {
        values = Arrays.copyOf(values, grow(values.length, (long) size + count));
      }
    }

    @Override
    int size() {
      return size;
    }

    @Override
    long plainSize() {
      return 4L * size;
    }

    @Override
    void clear() {
      size = 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    void putAll(ValueEncoder<?> encoder) {
      ((ValueEncoder<int[]>) encoder).put(values, 0, size);
    }

    @Override
    @SuppressWarnings("unchecked")
    void dictionaryIndices(DictionaryEncoder<?> dictionary, int from, int count, int[] indices, int at) {
      ((DictionaryEncoder<int[]>) dictionary).encode(values, from, count, indices, at);
    }
  }

  /** INT64 values and DOUBLE bits. */
  static final class Longs extends ValueBuffer {
    long[] values = new long[1024];
    int size;

    void ensureAdditional(int count) {
      if (size + count > values.length) {
        values = Arrays.copyOf(values, grow(values.length, (long) size + count));
      }
    }

    @Override
    int size() {
      return size;
    }

    @Override
    long plainSize() {
      return 8L * size;
    }

    @Override
    void clear() {
      size = 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    void putAll(ValueEncoder<?> encoder) {
      ((ValueEncoder<long[]>) encoder).put(values, 0, size);
    }

    @Override
    @SuppressWarnings("unchecked")
    void dictionaryIndices(DictionaryEncoder<?> dictionary, int from, int count, int[] indices, int at) {
      ((DictionaryEncoder<long[]>) dictionary).encode(values, from, count, indices, at);
    }
  }

  /** FIXED_LEN_BYTE_ARRAY values of {@link #width} bytes, back to back. */
  static final class FixedLength extends ValueBuffer {
    final int width;
    byte[] bytes;
    int size;

    FixedLength(int width) {
      this.width = width;
      this.bytes = new byte[Math.max(1, width) * 256];
    }

    /** Makes room for {@code count} more values and returns the byte offset where the next value goes. */
    int ensureAdditional(int count) {
      long needed = (long) (size + count) * width;
      if (needed > bytes.length) {
        bytes = Arrays.copyOf(bytes, grow(bytes.length, needed));
      }
      return size * width;
    }

    @Override
    int size() {
      return size;
    }

    @Override
    long plainSize() {
      return (long) width * size;
    }

    @Override
    void clear() {
      size = 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    void putAll(ValueEncoder<?> encoder) {
      ((ValueEncoder<byte[]>) encoder).put(bytes, 0, size);
    }

    @Override
    @SuppressWarnings("unchecked")
    void dictionaryIndices(DictionaryEncoder<?> dictionary, int from, int count, int[] indices, int at) {
      ((DictionaryEncoder<byte[]>) dictionary).encode(bytes, from * width, count, indices, at);
    }
  }

  /** BYTE_ARRAY values. */
  static final class ByteArrays extends ValueBuffer {
    final BinaryBuffer values = new BinaryBuffer(1024, 16 * 1024);

    void add(byte[] source, int offset, int length) {
      try {
        values.append(source, offset, length);
      } catch (ParquetCorruptionException e) {
        // BinaryBuffer reports overflow as corruption because its usual producer is a decoder; here it means
        // the page was asked to hold more than a Java array can.
        throw new IllegalStateException("a data page would hold more than 2 GiB of byte array values", e);
      }
    }

    @Override
    int size() {
      return values.size();
    }

    @Override
    long plainSize() {
      return 4L * values.size() + values.dataLength();
    }

    @Override
    void clear() {
      values.reset();
    }

    @Override
    @SuppressWarnings("unchecked")
    void putAll(ValueEncoder<?> encoder) {
      ((ValueEncoder<BinaryBuffer>) encoder).put(values, 0, values.size());
    }

    @Override
    @SuppressWarnings("unchecked")
    void dictionaryIndices(DictionaryEncoder<?> dictionary, int from, int count, int[] indices, int at) {
      ((DictionaryEncoder<BinaryBuffer>) dictionary).encode(values, from, count, indices, at);
    }
  }
}
