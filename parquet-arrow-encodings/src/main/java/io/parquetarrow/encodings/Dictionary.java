package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import io.parquetarrow.simd.ScalarKernels;
import java.util.Arrays;
import java.util.Objects;

/**
 * The decoded entries of one column chunk's dictionary page, in the form {@code parquet-arrow-core} gathers from
 * with {@code ParquetKernels.gatherInts / gatherLongs / gatherFixed / gatherBinary*} once
 * {@link DictionaryIndexDecoder#readIndices} has checked the indices against {@link #size()}. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/Encodings.md#dictionary-encoding-plain_dictionary--2-and-rle_dictionary--8">
 * Encodings.md, Dictionary Encoding</a>: "Dictionary page format: the entries in the dictionary using the plain
 * encoding."
 *
 * <p>Exactly one representation is filled, chosen by the physical type: {@link #ints()} (INT32, FLOAT bits),
 * {@link #longs()} (INT64, DOUBLE bits), {@link #fixedBytes()} with {@link #width()} (FIXED_LEN_BYTE_ARRAY,
 * INT96, and BOOLEAN as one 0/1 byte per entry), or {@link #offsets()} with {@link #binaryData()} (BYTE_ARRAY).
 * Each factory checks the entry count against the page's bytes before allocating.
 */
public final class Dictionary {
  /** Which representation holds the entries. */
  public enum Kind { INTS, LONGS, FIXED, BINARY }

  private final Kind kind;
  private final int size;
  private final int[] ints;
  private final long[] longs;
  private final byte[] fixedBytes;
  private final int width;
  private final int[] offsets;
  private final byte[] binaryData;
  /**
   * The longest BYTE_ARRAY entry's length (MAX_VALUE when the entries lack {@link BinaryBuffer#COPY_SLACK} spare
   * bytes after them), 0 for other kinds.
   */
  private final int maxEntryLength;
  /**
   * For a BYTE_ARRAY dictionary whose entries are all at most {@link #WORD_TABLE_MAX_LENGTH} bytes: each entry's
   * bytes as {@link #entryWordCount} little-endian words (entry {@code i} at {@code [i * entryWordCount, ..)},
   * zero-padded), and its length; null otherwise. {@link #gatherBinary} then writes each value as whole words
   * from here in the same pass that computes its offset.
   */
  private final long[] entryWords;
  private final int[] entryLengths;
  private final int entryWordCount;

  /**
   * The longest entry the word table holds: four words. Longer entries take the two-pass copy, which reserves
   * only the bytes the values need.
   */
  static final int WORD_TABLE_MAX_LENGTH = 32;

  private Dictionary(
      Kind kind, int size, int[] ints, long[] longs, byte[] fixedBytes, int width, int[] offsets, byte[] binaryData,
      int maxEntryLength) {
    this.kind = kind;
    this.size = size;
    this.ints = ints;
    this.longs = longs;
    this.fixedBytes = fixedBytes;
    this.width = width;
    this.offsets = offsets;
    this.binaryData = binaryData;
    this.maxEntryLength = maxEntryLength;
    int words = maxEntryLength <= 8 ? 1 : maxEntryLength <= 16 ? 2 : 4;
    // At most four times the page's bytes (entries and their 4-byte lengths), as a table of words costs 8 to 32
    // bytes per entry: many empty entries beside one long one keep the two-pass copy.
    if (kind == Kind.BINARY && maxEntryLength <= WORD_TABLE_MAX_LENGTH
        && 8L * words * size <= 4L * (offsets[size] + 4L * size)) {
      entryWordCount = words;
      entryWords = new long[size * entryWordCount];
      entryLengths = new int[size];
      byte[] padded = new byte[WORD_TABLE_MAX_LENGTH];
      for (int i = 0; i < size; i++) {
        int length = offsets[i + 1] - offsets[i];
        Arrays.fill(padded, (byte) 0);
        System.arraycopy(binaryData, offsets[i], padded, 0, length);
        for (int word = 0; word < entryWordCount; word++) {
          entryWords[i * entryWordCount + word] = (long) BinaryBuffer.WORDS.get(padded, word * 8);
        }
        entryLengths[i] = length;
      }
    } else {
      entryWordCount = 0;
      entryWords = null;
      entryLengths = null;
    }
  }

  /**
   * Decodes a PLAIN dictionary page of {@code entryCount} entries of physical type {@code type}
   * ({@code typeLength} is used for FIXED_LEN_BYTE_ARRAY only); byte arrays are copied by {@code kernels}, the
   * kernels the column's data pages use.
   */
  public static Dictionary decode(
      Type type, int typeLength, byte[] page, int offset, int length, int entryCount, ParquetKernels kernels)
      throws ParquetCorruptionException {
    PageCursor.checkValueCount("dictionary page", entryCount);
    return switch (type) {
      case BOOLEAN -> ofBooleans(page, offset, length, entryCount);
      case INT32, FLOAT -> ofInts(page, offset, length, entryCount);
      case INT64, DOUBLE -> ofLongs(page, offset, length, entryCount);
      case INT96 -> ofFixedLength(page, offset, length, entryCount, PhysicalTypes.INT96_BYTES);
      case FIXED_LEN_BYTE_ARRAY -> {
        if (typeLength <= 0) {
          throw ParquetCorruptionException.of(
              "FIXED_LEN_BYTE_ARRAY dictionary needs a positive type length but the schema says %d", typeLength);
        }
        yield ofFixedLength(page, offset, length, entryCount, typeLength);
      }
      case BYTE_ARRAY -> ofBinary(page, offset, length, entryCount, kernels);
    };
  }

  /** INT32 or FLOAT entries, PLAIN encoded. */
  public static Dictionary ofInts(byte[] page, int offset, int length, int entryCount)
      throws ParquetCorruptionException {
    PlainDecoder.IntValues decoder = new PlainDecoder.IntValues();
    decoder.init(page, offset, length, entryCount);
    int[] values = new int[entryCount];
    decoder.read(values, 0, entryCount);
    return new Dictionary(Kind.INTS, entryCount, values, null, null, Integer.BYTES, null, null, 0);
  }

  /** INT64 or DOUBLE entries, PLAIN encoded. */
  public static Dictionary ofLongs(byte[] page, int offset, int length, int entryCount)
      throws ParquetCorruptionException {
    PlainDecoder.LongValues decoder = new PlainDecoder.LongValues();
    decoder.init(page, offset, length, entryCount);
    long[] values = new long[entryCount];
    decoder.read(values, 0, entryCount);
    return new Dictionary(Kind.LONGS, entryCount, null, values, null, Long.BYTES, null, null, 0);
  }

  /** FIXED_LEN_BYTE_ARRAY ({@code width} = type length) or INT96 ({@code width} = 12) entries, PLAIN encoded. */
  public static Dictionary ofFixedLength(byte[] page, int offset, int length, int entryCount, int width)
      throws ParquetCorruptionException {
    PlainDecoder.FixedLengthValues decoder = new PlainDecoder.FixedLengthValues(width);
    decoder.init(page, offset, length, entryCount);
    byte[] values = new byte[entryCount * width]; // init checked entryCount * width <= length
    decoder.read(values, 0, entryCount);
    return new Dictionary(Kind.FIXED, entryCount, null, null, values, width, null, null, 0);
  }

  /** BOOLEAN entries, PLAIN encoded (bit packed), held as one 0/1 byte each. */
  public static Dictionary ofBooleans(byte[] page, int offset, int length, int entryCount)
      throws ParquetCorruptionException {
    PlainDecoder.BooleanValues decoder = new PlainDecoder.BooleanValues();
    decoder.init(page, offset, length, entryCount);
    byte[] values = new byte[entryCount];
    decoder.read(values, 0, entryCount);
    return new Dictionary(Kind.FIXED, entryCount, null, null, values, 1, null, null, 0);
  }

  /** BYTE_ARRAY entries, PLAIN encoded (4-byte length, then the bytes). */
  public static Dictionary ofBinary(byte[] page, int offset, int length, int entryCount)
      throws ParquetCorruptionException {
    return ofBinary(page, offset, length, entryCount, ScalarKernels.INSTANCE);
  }

  /**
   * As {@link #ofBinary(byte[], int, int, int)}, with the entries copied by {@code kernels} (a reader passes the
   * kernels its data pages use, so that the PLAIN copy loop sees one implementation).
   */
  public static Dictionary ofBinary(byte[] page, int offset, int length, int entryCount, ParquetKernels kernels)
      throws ParquetCorruptionException {
    PlainDecoder.ByteArrayValues decoder = new PlainDecoder.ByteArrayValues(kernels);
    decoder.init(page, offset, length, entryCount); // checks 4 * entryCount <= length before we allocate
    // COPY_SLACK spare bytes let gatherBinary copy the last entries word by word too.
    BinaryBuffer buffer = new BinaryBuffer(entryCount, length - 4 * entryCount + BinaryBuffer.COPY_SLACK);
    decoder.read(buffer, 0, entryCount);
    int[] offsets = buffer.offsets();
    int maxEntryLength = 0;
    for (int i = 0; i < entryCount; i++) {
      maxEntryLength = Math.max(maxEntryLength, offsets[i + 1] - offsets[i]);
    }
    if (offsets[entryCount] > buffer.data().length - BinaryBuffer.COPY_SLACK) {
      maxEntryLength = Integer.MAX_VALUE; // no slack after the last entry: gatherBinary copies exact lengths
    }
    return new Dictionary(Kind.BINARY, entryCount, null, null, null, 0, offsets, buffer.data(), maxEntryLength);
  }

  public Kind kind() {
    return kind;
  }

  /** The number of entries; valid indices are {@code 0 .. size() - 1}. */
  public int size() {
    return size;
  }

  /** INT32/FLOAT entries, or null for other kinds. */
  public int[] ints() {
    return ints;
  }

  /** INT64/DOUBLE entries, or null for other kinds. */
  public long[] longs() {
    return longs;
  }

  /** Fixed-width entries back to back, or null for other kinds. */
  public byte[] fixedBytes() {
    return fixedBytes;
  }

  /** Bytes per entry for fixed-width kinds (4 for INTS, 8 for LONGS), 0 for BINARY. */
  public int width() {
    return width;
  }

  /** BYTE_ARRAY entry offsets ({@code size() + 1} meaningful entries), or null for other kinds. */
  public int[] offsets() {
    return offsets;
  }

  /** BYTE_ARRAY entry bytes, or null for other kinds. */
  public byte[] binaryData() {
    return binaryData;
  }

  /**
   * Appends the entries {@code indices[offset, offset + count)} of this BINARY dictionary to {@code destination}
   * (the dictionary gather of BYTE_ARRAY data pages). With the word table (entries of at most 32 bytes), one pass
   * checks each index against {@link #size()} and writes the value's words and end offset, after reserving the
   * most the values could need. Otherwise one pass checks the indices and writes the end offsets; after one
   * reservation for all their bytes, a second copies the entries.
   */
  public void gatherBinary(int[] indices, int offset, int count, BinaryBuffer destination)
      throws ParquetCorruptionException {
    if (kind != Kind.BINARY) {
      throw new IllegalStateException("gatherBinary needs a BINARY dictionary, this one is " + kind);
    }
    Objects.checkFromIndexSize(offset, count, indices.length);
    destination.ensureAdditional(count, 0);
    if (entryWords != null) {
      long bound = (long) count * maxEntryLength; // what the values may need at most
      if (destination.canReserve(bound)) {
        destination.ensureAdditional(count, bound); // count: projects at most maxEntryLength bytes per value
        if (destination.dataLength() + bound <= destination.data().length - 8L * entryWordCount) {
          gatherWords(indices, offset, count, destination);
          destination.commit(count);
          return;
        }
      }
    }
    // Locals, not fields: the word stores below are raw memory writes, after which C2 reloads every field.
    int[] entryOffsets = offsets;
    byte[] entries = binaryData;
    int entryCount = size;
    int[] destinationOffsets = destination.offsets();
    int first = destination.size();
    long base = destinationOffsets[first];
    long end = base;
    for (int i = 0; i < count; i++) {
      int index = indices[offset + i];
      if (Integer.compareUnsigned(index, entryCount) >= 0) {
        throw outOfRange(index);
      }
      end += entryOffsets[index + 1] - entryOffsets[index];
      // A wrapped offset is harmless: ensureAdditional below rejects the batch before anything reads it.
      destinationOffsets[first + 1 + i] = (int) end;
    }
    destination.ensureAdditional(0, end - base);
    byte[] data = destination.data();
    if (maxEntryLength <= 32 && end <= data.length - BinaryBuffer.COPY_SLACK) {
      // Every entry fits in the words copied, and both arrays have the slack beyond the last value: copy whole
      // words without looking at the length (what lies past a value's end is overwritten by the next one).
      if (maxEntryLength <= 16) {
        for (int i = 0; i < count; i++) {
          BinaryBuffer.copyWords16(entries, entryOffsets[indices[offset + i]], data, destinationOffsets[first + i]);
        }
      } else {
        for (int i = 0; i < count; i++) {
          BinaryBuffer.copyWords32(entries, entryOffsets[indices[offset + i]], data, destinationOffsets[first + i]);
        }
      }
    } else {
      for (int i = 0; i < count; i++) {
        int index = indices[offset + i];
        int start = destinationOffsets[first + i];
        BinaryBuffer.copyValue(entries, entryOffsets[index], data, start, destinationOffsets[first + 1 + i] - start);
      }
    }
    destination.commit(count);
  }

  /**
   * The one-pass gather from the word table: per value its 1, 2 or 4 words and its end offset. The caller checked
   * that {@code count * maxEntryLength} bytes and then one more value's words fit in the data array after its
   * end, so every word written lies inside it. An index out of range stops the gather before its words are
   * written; the values before it are not committed. {@code wordCount} is the same for every value, so its tests
   * are predicted and a loop per word count gained nothing measurable (decision record 0023); one loop keeps one
   * copy of the code.
   */
  private void gatherWords(int[] indices, int offset, int count, BinaryBuffer destination)
      throws ParquetCorruptionException {
    long[] words = entryWords;
    int[] lengths = entryLengths;
    int wordCount = entryWordCount;
    int entryCount = size;
    int[] destinationOffsets = destination.offsets();
    byte[] data = destination.data();
    int first = destination.size();
    int end = destinationOffsets[first];
    for (int i = 0; i < count; i++) {
      int index = indices[offset + i];
      if (Integer.compareUnsigned(index, entryCount) >= 0) {
        throw outOfRange(index);
      }
      int word = wordCount * index;
      BinaryBuffer.WORDS.set(data, end, words[word]);
      if (wordCount > 1) {
        BinaryBuffer.WORDS.set(data, end + 8, words[word + 1]);
        if (wordCount > 2) {
          BinaryBuffer.WORDS.set(data, end + 16, words[word + 2]);
          BinaryBuffer.WORDS.set(data, end + 24, words[word + 3]);
        }
      }
      end += lengths[index];
      destinationOffsets[first + 1 + i] = end;
    }
  }

  private ParquetCorruptionException outOfRange(int index) {
    return ParquetCorruptionException.of(
        "dictionary index %d is out of range: the dictionary has %d entries", index, size);
  }

  /** Entry {@code index} of a BINARY or FIXED dictionary, copied; for tests and statistics. */
  public byte[] entryBytes(int index) {
    Objects.checkIndex(index, size);
    if (kind == Kind.BINARY) {
      return Arrays.copyOfRange(binaryData, offsets[index], offsets[index + 1]);
    }
    if (kind == Kind.FIXED) {
      return Arrays.copyOfRange(fixedBytes, index * width, (index + 1) * width);
    }
    throw new IllegalStateException("entryBytes is for BINARY and FIXED dictionaries, this one is " + kind);
  }
}
