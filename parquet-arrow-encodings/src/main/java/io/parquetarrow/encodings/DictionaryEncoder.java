package io.parquetarrow.encodings;

import java.util.Arrays;
import java.util.Objects;

/**
 * Builds a column chunk's dictionary for dictionary encoding: maps each value put to its index in the dictionary
 * (adding values not seen before), and writes the dictionary page. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#dictionary-encoding-plain_dictionary--2-and-rle_dictionary--8">
 * Encodings.md, Dictionary Encoding (PLAIN_DICTIONARY = 2 and RLE_DICTIONARY = 8)</a>: "The dictionary page is
 * written first, before the data pages of the column chunk. Dictionary page format: the entries in the dictionary
 * using the plain encoding. Data page format: the bit width used to encode the entry ids stored as 1 byte (max bit
 * width = 32), followed by the values encoded using RLE/Bit packed described above (with the given bit width)."
 *
 * <p>This class does the first half (values → indices, and the PLAIN dictionary page); the writer turns the
 * indices of a data page into bytes with {@link RleBitPackedHybridEncoder#flushWithBitWidth()} at
 * {@link #indexBitWidth()}. Values are compared by their bytes: FLOAT and DOUBLE arrive as their IEEE bits, so
 * {@code -0.0} and {@code 0.0} (and NaNs with different payloads) stay distinct, as a lossless encoding must.
 * The hash table is open addressing with linear probing over a power-of-two table kept at most half full.
 *
 * @param <T> the values' form, as for {@link ValueEncoder}
 */
public abstract sealed class DictionaryEncoder<T> {
  private int[] slots = new int[64]; // dictionary index + 1, 0 = empty
  private int size;

  /**
   * Adds values {@code [offset, offset + count)} and writes their dictionary indices to
   * {@code indices[indicesOffset ...]}.
   */
  public abstract void encode(T values, int offset, int count, int[] indices, int indicesOffset);

  /** The number of distinct values so far. */
  public final int size() {
    return size;
  }

  /** The size in bytes of the dictionary page body (PLAIN) as it stands. */
  public abstract long dictionaryPageSize();

  /** The PLAIN-encoded dictionary page body; the array is the encoder's and changes with later puts. */
  public abstract ByteSlice dictionaryPage();

  /** Forgets every value: the next column chunk starts a new dictionary. */
  public void reset() {
    Arrays.fill(slots, 0);
    size = 0;
  }

  /**
   * The bit width of the indices of a data page written now: enough for {@code size() - 1}, at least 1 (a width
   * of 0 is legal, but not every reader accepts it).
   */
  public final int indexBitWidth() {
    return Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(0, size - 1)));
  }

  /** Returns the index of the entry whose hash is {@code hash} and which {@link #matches}, adding it if absent. */
  final int findOrInsert(int hash, int valueIndex, Object values) {
    int mask = slots.length - 1;
    int slot = mix(hash) & mask;
    while (true) {
      int entry = slots[slot];
      if (entry == 0) {
        int index = size;
        append(values, valueIndex);
        size++;
        slots[slot] = index + 1;
        if (2L * size > slots.length) {
          rehash();
        }
        return index;
      }
      if (matches(entry - 1, values, valueIndex)) {
        return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Whether dictionary entry {@code entry} equals value {@code valueIndex} of {@code values}. */
  abstract boolean matches(int entry, Object values, int valueIndex);

  /** Appends value {@code valueIndex} of {@code values} as entry {@link #size()}. */
  abstract void append(Object values, int valueIndex);

  /** The hash of dictionary entry {@code entry} (used when the table grows). */
  abstract int entryHash(int entry);

  private void rehash() {
    if (slots.length >= 1 << 30) {
      throw new IllegalStateException("dictionary holds too many values: " + size);
    }
    int[] grown = new int[slots.length * 2];
    int mask = grown.length - 1;
    for (int entry = 0; entry < size; entry++) {
      int slot = mix(entryHash(entry)) & mask;
      while (grown[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      grown[slot] = entry + 1;
    }
    slots = grown;
  }

  private static int mix(int hash) {
    int h = hash * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  static int hashBytes(byte[] data, int offset, int length) {
    int hash = 1;
    for (int i = offset; i < offset + length; i++) {
      hash = 31 * hash + data[i];
    }
    return hash;
  }

  /** INT32 and FLOAT (as bits) values. */
  public static final class Int32 extends DictionaryEncoder<int[]> {
    private int[] entries = new int[32];

    @Override
    public void encode(int[] values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, count, values.length);
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      for (int i = 0; i < count; i++) {
        indices[indicesOffset + i] = findOrInsert(values[offset + i], offset + i, values);
      }
    }

    @Override
    boolean matches(int entry, Object values, int valueIndex) {
      return entries[entry] == ((int[]) values)[valueIndex];
    }

    @Override
    void append(Object values, int valueIndex) {
      if (size() == entries.length) {
        entries = Arrays.copyOf(entries, entries.length * 2);
      }
      entries[size()] = ((int[]) values)[valueIndex];
    }

    @Override
    int entryHash(int entry) {
      return entries[entry];
    }

    @Override
    public long dictionaryPageSize() {
      return 4L * size();
    }

    @Override
    public ByteSlice dictionaryPage() {
      PlainEncoder.IntValues plain = new PlainEncoder.IntValues();
      plain.put(entries, 0, size());
      return plain.flush();
    }
  }

  /** INT64 and DOUBLE (as bits) values. */
  public static final class Int64 extends DictionaryEncoder<long[]> {
    private long[] entries = new long[32];

    @Override
    public void encode(long[] values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, count, values.length);
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      for (int i = 0; i < count; i++) {
        long value = values[offset + i];
        indices[indicesOffset + i] = findOrInsert(Long.hashCode(value), offset + i, values);
      }
    }

    @Override
    boolean matches(int entry, Object values, int valueIndex) {
      return entries[entry] == ((long[]) values)[valueIndex];
    }

    @Override
    void append(Object values, int valueIndex) {
      if (size() == entries.length) {
        entries = Arrays.copyOf(entries, entries.length * 2);
      }
      entries[size()] = ((long[]) values)[valueIndex];
    }

    @Override
    int entryHash(int entry) {
      return Long.hashCode(entries[entry]);
    }

    @Override
    public long dictionaryPageSize() {
      return 8L * size();
    }

    @Override
    public ByteSlice dictionaryPage() {
      PlainEncoder.LongValues plain = new PlainEncoder.LongValues();
      plain.put(entries, 0, size());
      return plain.flush();
    }
  }

  /**
   * FIXED_LEN_BYTE_ARRAY values of one width, given back to back in a {@code byte[]}; as for the other
   * fixed-length encoders, {@code offset} is a byte offset and {@code count} a number of values.
   */
  public static final class FixedLength extends DictionaryEncoder<byte[]> {
    private final int width;
    private byte[] entries;

    public FixedLength(int width) {
      if (width <= 0) {
        throw new IllegalArgumentException("fixed length must be positive, was " + width);
      }
      this.width = width;
      this.entries = new byte[32 * width];
    }

    @Override
    public void encode(byte[] values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, (long) count * width, values.length);
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      if (offset % width != 0) {
        throw new IllegalArgumentException("byte offset " + offset + " is not a multiple of the width " + width);
      }
      for (int i = 0; i < count; i++) {
        int value = offset / width + i;
        indices[indicesOffset + i] = findOrInsert(hashBytes(values, value * width, width), value, values);
      }
    }

    @Override
    boolean matches(int entry, Object values, int valueIndex) {
      return Arrays.equals(entries, entry * width, entry * width + width,
          (byte[]) values, valueIndex * width, valueIndex * width + width);
    }

    @Override
    void append(Object values, int valueIndex) {
      long needed = (long) (size() + 1) * width;
      if (needed > entries.length) {
        if (needed > BinaryBuffer.MAXIMUM_DATA_LENGTH) {
          throw new IllegalStateException("dictionary exceeds " + BinaryBuffer.MAXIMUM_DATA_LENGTH + " bytes");
        }
        entries = Arrays.copyOf(entries, (int) Math.min(BinaryBuffer.MAXIMUM_DATA_LENGTH,
            Math.max(needed, 2L * entries.length)));
      }
      System.arraycopy((byte[]) values, valueIndex * width, entries, size() * width, width);
    }

    @Override
    int entryHash(int entry) {
      return hashBytes(entries, entry * width, width);
    }

    @Override
    public long dictionaryPageSize() {
      return (long) width * size();
    }

    @Override
    public ByteSlice dictionaryPage() {
      return new ByteSlice(entries, 0, size() * width);
    }
  }

  /** BYTE_ARRAY values. */
  public static final class ByteArray extends DictionaryEncoder<BinaryBuffer> {
    private int[] entryOffsets = new int[33];
    private byte[] entryData = new byte[256];

    @Override
    public void encode(BinaryBuffer values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, count, values.size());
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      int[] offsets = values.offsets();
      byte[] data = values.data();
      for (int i = 0; i < count; i++) {
        int value = offset + i;
        int hash = hashBytes(data, offsets[value], offsets[value + 1] - offsets[value]);
        indices[indicesOffset + i] = findOrInsert(hash, value, values);
      }
    }

    @Override
    boolean matches(int entry, Object values, int valueIndex) {
      BinaryBuffer buffer = (BinaryBuffer) values;
      int[] offsets = buffer.offsets();
      return Arrays.equals(entryData, entryOffsets[entry], entryOffsets[entry + 1],
          buffer.data(), offsets[valueIndex], offsets[valueIndex + 1]);
    }

    @Override
    void append(Object values, int valueIndex) {
      BinaryBuffer buffer = (BinaryBuffer) values;
      int start = buffer.offsets()[valueIndex];
      int length = buffer.offsets()[valueIndex + 1] - start;
      int entry = size();
      if (entry + 2 > entryOffsets.length) {
        entryOffsets = Arrays.copyOf(entryOffsets, entryOffsets.length * 2);
      }
      long needed = (long) entryOffsets[entry] + length;
      if (needed > entryData.length) {
        if (needed > BinaryBuffer.MAXIMUM_DATA_LENGTH) {
          throw new IllegalStateException("dictionary exceeds " + BinaryBuffer.MAXIMUM_DATA_LENGTH + " bytes");
        }
        entryData = Arrays.copyOf(entryData, (int) Math.min(BinaryBuffer.MAXIMUM_DATA_LENGTH,
            Math.max(needed, 2L * entryData.length)));
      }
      System.arraycopy(buffer.data(), start, entryData, entryOffsets[entry], length);
      entryOffsets[entry + 1] = entryOffsets[entry] + length;
    }

    @Override
    int entryHash(int entry) {
      return hashBytes(entryData, entryOffsets[entry], entryOffsets[entry + 1] - entryOffsets[entry]);
    }

    @Override
    public void reset() {
      super.reset();
      entryOffsets[0] = 0;
    }

    @Override
    public long dictionaryPageSize() {
      return 4L * size() + entryOffsets[size()];
    }

    @Override
    public ByteSlice dictionaryPage() {
      ByteSink sink = new ByteSink((int) Math.min(BinaryBuffer.MAXIMUM_DATA_LENGTH, dictionaryPageSize()));
      for (int entry = 0; entry < size(); entry++) {
        int length = entryOffsets[entry + 1] - entryOffsets[entry];
        sink.writeIntLittleEndian(length);
        sink.writeBytes(entryData, entryOffsets[entry], length);
      }
      return sink.slice();
    }
  }
}
