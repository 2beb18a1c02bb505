package io.parquetarrow.encodings;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
 * The hash table is open addressing with linear probing over a power-of-two table kept at most half full; each
 * type probes in its own loop (no virtual call per probe) and entries keep their hash, so growing the table
 * rehashes no value. Fixed-length values of at most eight bytes (decimals, float16) are compared as one
 * {@code long}, byte arrays by a hash that reads eight bytes at a time.
 *
 * @param <T> the values' form, as for {@link ValueEncoder}
 */
public abstract sealed class DictionaryEncoder<T> {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(
      long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(
      int[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * The hash table, a power of two long: each slot holds an entry's (unmixed) hash in its high 32 bits and its
   * dictionary index + 1 in its low 32 bits, 0 when empty. Keeping the hash in the slot lets a probe reject a
   * different value without touching the entries, and lets the table grow without rehashing any value.
   */
  long[] slots = new long[64]; // small: a writer holds one per column, and wide schemas have thousands
  int size;

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

  /**
   * Records a new entry of hash {@code hash} in the empty slot {@code slot} and returns its index; the subclass
   * stores the value itself at that index.
   */
  final int insert(int slot, int hash) {
    int index = size;
    slots[slot] = ((long) hash << 32) | (index + 1);
    size = index + 1;
    if (2L * size > slots.length) {
      rehash();
    }
    return index;
  }

  private void rehash() {
    if (slots.length >= 1 << 30) {
      throw new IllegalStateException("dictionary holds too many values: " + size);
    }
    long[] grown = new long[slots.length * 2];
    int mask = grown.length - 1;
    for (long occupied : slots) {
      if (occupied != 0) {
        int slot = mix((int) (occupied >>> 32)) & mask;
        while (grown[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        grown[slot] = occupied;
      }
    }
    slots = grown;
  }

  static int mix(int hash) {
    int h = hash * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  static int hashLong(long value) {
    long h = value * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  /**
   * The hash of {@code data[offset, offset + length)}, eight bytes at a time; only equal byte strings need equal
   * hashes, so the form is free (it is never written).
   */
  static int hashBytes(byte[] data, int offset, int length) {
    long h = length * 0x9E3779B97F4A7C15L;
    int i = offset;
    int end = offset + length;
    for (; i + 8 <= end; i += 8) {
      h = Long.rotateLeft((h ^ (long) LONGS.get(data, i)) * 0xC2B2AE3D27D4EB4FL, 29);
    }
    long tail = 0;
    for (int shift = 0; i < end; i++, shift += 8) {
      tail |= (data[i] & 0xFFL) << shift;
    }
    h = (h ^ tail) * 0x165667B19E3779F9L;
    return (int) (h ^ (h >>> 32));
  }

  /** Whether {@code a[aFrom, aFrom + length)} equals {@code b[bFrom, bFrom + length)}, eight bytes at a time. */
  static boolean equalBytes(byte[] a, int aFrom, byte[] b, int bFrom, int length) {
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      if ((long) LONGS.get(a, aFrom + i) != (long) LONGS.get(b, bFrom + i)) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (a[aFrom + i] != b[bFrom + i]) {
        return false;
      }
    }
    return true;
  }

  /** INT32 and FLOAT (as bits) values. */
  public static final class Int32 extends DictionaryEncoder<int[]> {
    private int[] entries = new int[64];

    @Override
    public void encode(int[] values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, count, values.length);
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      for (int i = 0; i < count; i++) {
        int value = values[offset + i];
        long[] table = slots;
        int mask = table.length - 1;
        int slot = mix(value) & mask;
        int index;
        while (true) {
          long occupied = table[slot];
          if (occupied == 0) {
            if (size == entries.length) {
              entries = Arrays.copyOf(entries, size * 2);
            }
            entries[size] = value;
            index = insert(slot, value);
            break;
          }
          if ((int) (occupied >>> 32) == value) { // an INT32's hash is the value itself
            index = (int) occupied - 1;
            break;
          }
          slot = (slot + 1) & mask;
        }
        indices[indicesOffset + i] = index;
      }
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
    private long[] entries = new long[64];

    @Override
    public void encode(long[] values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, count, values.length);
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      // Sorted or clustered columns repeat the previous value often (an order key per line item): skip the probe.
      long previous = 0;
      int previousIndex = -1;
      for (int i = 0; i < count; i++) {
        long value = values[offset + i];
        if (value != previous || previousIndex < 0) {
          previousIndex = find(value);
          previous = value;
        }
        indices[indicesOffset + i] = previousIndex;
      }
    }

    private int find(long value) {
      int hash = hashLong(value);
      long[] table = slots;
      int mask = table.length - 1;
      int slot = mix(hash) & mask;
      while (true) {
        long occupied = table[slot];
        if (occupied == 0) {
          if (size == entries.length) {
            entries = Arrays.copyOf(entries, size * 2);
          }
          entries[size] = value;
          return insert(slot, hash);
        }
        if ((int) (occupied >>> 32) == hash && entries[(int) occupied - 1] == value) {
          return (int) occupied - 1;
        }
        slot = (slot + 1) & mask;
      }
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
    /** For widths up to eight bytes, each entry's bytes as a little-endian {@code long}, compared in one step. */
    private long[] keys;

    public FixedLength(int width) {
      if (width <= 0) {
        throw new IllegalArgumentException("fixed length must be positive, was " + width);
      }
      this.width = width;
      this.entries = new byte[32 * width];
      this.keys = width <= 8 ? new long[32] : null;
    }

    @Override
    public void encode(byte[] values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, (long) count * width, values.length);
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      if (offset % width != 0) {
        throw new IllegalArgumentException("byte offset " + offset + " is not a multiple of the width " + width);
      }
      if (keys != null) {
        long previous = 0;
        int previousIndex = -1;
        for (int i = 0, at = offset; i < count; i++, at += width) {
          long key = 0;
          for (int b = width - 1; b >= 0; b--) {
            key = (key << 8) | (values[at + b] & 0xFFL);
          }
          if (key != previous || previousIndex < 0) {
            previousIndex = findKey(key, values, at);
            previous = key;
          }
          indices[indicesOffset + i] = previousIndex;
        }
      } else {
        for (int i = 0, at = offset; i < count; i++, at += width) {
          indices[indicesOffset + i] = findBytes(values, at);
        }
      }
    }

    private int findKey(long key, byte[] values, int at) {
      int hash = hashLong(key);
      long[] table = slots;
      int mask = table.length - 1;
      int slot = mix(hash) & mask;
      while (true) {
        long occupied = table[slot];
        if (occupied == 0) {
          if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
          }
          keys[size] = key;
          appendBytes(values, at);
          return insert(slot, hash);
        }
        if ((int) (occupied >>> 32) == hash && keys[(int) occupied - 1] == key) {
          return (int) occupied - 1;
        }
        slot = (slot + 1) & mask;
      }
    }

    private int findBytes(byte[] values, int at) {
      int hash = hashBytes(values, at, width);
      long[] table = slots;
      int mask = table.length - 1;
      int slot = mix(hash) & mask;
      while (true) {
        long occupied = table[slot];
        if (occupied == 0) {
          appendBytes(values, at);
          return insert(slot, hash);
        }
        if ((int) (occupied >>> 32) == hash
            && equalBytes(entries, ((int) occupied - 1) * width, values, at, width)) {
          return (int) occupied - 1;
        }
        slot = (slot + 1) & mask;
      }
    }

    /** Stores the value at {@code values[at ...]} as entry {@link #size()}. */
    private void appendBytes(byte[] values, int at) {
      long needed = (long) (size + 1) * width;
      if (needed > entries.length) {
        if (needed > BinaryBuffer.MAXIMUM_DATA_LENGTH) {
          throw new IllegalStateException("dictionary exceeds " + BinaryBuffer.MAXIMUM_DATA_LENGTH + " bytes");
        }
        entries = Arrays.copyOf(entries, (int) Math.min(BinaryBuffer.MAXIMUM_DATA_LENGTH,
            Math.max(needed, 2L * entries.length)));
      }
      System.arraycopy(values, at, entries, size * width, width);
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
    private int[] entryOffsets = new int[65];
    private byte[] entryData = new byte[1024];

    @Override
    public void encode(BinaryBuffer values, int offset, int count, int[] indices, int indicesOffset) {
      Objects.checkFromIndexSize(offset, count, values.size());
      Objects.checkFromIndexSize(indicesOffset, count, indices.length);
      int[] offsets = values.offsets();
      byte[] data = values.data();
      for (int i = 0; i < count; i++) {
        int value = offset + i;
        int start = offsets[value];
        int length = offsets[value + 1] - start;
        indices[indicesOffset + i] = find(data, start, length);
      }
    }

    private int find(byte[] data, int start, int length) {
      int hash = hashBytes(data, start, length);
      long[] table = slots;
      int mask = table.length - 1;
      int slot = mix(hash) & mask;
      while (true) {
        long occupied = table[slot];
        if (occupied == 0) {
          appendEntry(data, start, length);
          return insert(slot, hash);
        }
        if ((int) (occupied >>> 32) == hash) {
          int index = (int) occupied - 1;
          int entryStart = entryOffsets[index];
          if (entryOffsets[index + 1] - entryStart == length
              && equalBytes(entryData, entryStart, data, start, length)) {
            return index;
          }
        }
        slot = (slot + 1) & mask;
      }
    }

    private void appendEntry(byte[] data, int start, int length) {
      int entry = size;
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
      System.arraycopy(data, start, entryData, entryOffsets[entry], length);
      entryOffsets[entry + 1] = entryOffsets[entry] + length;
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
      int at = sink.reserve(dictionaryPageSize());
      byte[] buffer = sink.buffer();
      for (int entry = 0; entry < size(); entry++) {
        int length = entryOffsets[entry + 1] - entryOffsets[entry];
        INTS.set(buffer, at, length);
        System.arraycopy(entryData, entryOffsets[entry], buffer, at + 4, length);
        at += 4 + length;
      }
      return sink.slice();
    }
  }
}
