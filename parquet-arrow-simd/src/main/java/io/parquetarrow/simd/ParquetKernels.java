package io.parquetarrow.simd;

/**
 * The hot loops of Parquet decoding and encoding, behind one interface so that a scalar reference and a Java
 * Vector API implementation can be swapped (see {@link KernelProvider}). Decoders in
 * {@code parquet-arrow-encodings} and the Arrow assemblers in {@code parquet-arrow-core} take an instance as a
 * parameter; they never exist in scalar and vector twins.
 *
 * <p>All kernels work on Java heap arrays, the one memory form the Vector API offers identically on JDK 17 and
 * JDK 25. Callers check bounds once before calling (a kernel may assume every index it is given is in range and
 * reads or writes exactly the ranges its Javadoc states, never past them), so a kernel can only ever throw
 * {@link ArrayIndexOutOfBoundsException} on a caller bug, never touch memory it was not given.
 *
 * <p>Bit packing follows the Parquet RLE / bit-packed hybrid: values are packed least significant bit first,
 * starting at the least significant bit of the first byte.
 */
public interface ParquetKernels {

  /** A short name for logs and {@code parquet-arrow version}: {@code "scalar"} or {@code "vector"}. */
  String name();

  /** Width in bits of the vectors used, or 0 for the scalar implementation. */
  int vectorBitSize();

  // ---- bit unpacking and packing -------------------------------------------------------------------------

  /**
   * Unpacks {@code count} values of {@code bitWidth} bits (0–32) from {@code input}, starting at byte
   * {@code inputOffset}, into {@code output[outputOffset .. outputOffset + count)}. Reads exactly
   * {@code ceil(count * bitWidth / 8)} bytes.
   */
  void unpackInts(byte[] input, int inputOffset, int[] output, int outputOffset, int count, int bitWidth);

  /** As {@link #unpackInts} for {@code bitWidth} 0–64 into longs. */
  void unpackLongs(byte[] input, int inputOffset, long[] output, int outputOffset, int count, int bitWidth);

  /**
   * Packs the low {@code bitWidth} bits (0–32) of {@code count} values into {@code output} starting at byte
   * {@code outputOffset}, writing exactly {@code ceil(count * bitWidth / 8)} bytes (unused high bits of the last
   * byte are zero).
   */
  void packInts(int[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset);

  /** As {@link #packInts} for {@code bitWidth} 0–64 from longs. */
  void packLongs(long[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset);

  // ---- DELTA_BINARY_PACKED ----------------------------------------------------------------------------------

  /**
   * Turns unpacked miniblock deltas into values in place: {@code values[i] = values[i-1] + minDelta + values[i]}
   * with {@code values[offset - 1]} taken as {@code previous}, in wrapping 32-bit arithmetic. Returns the last
   * value (or {@code previous} when {@code count} is 0).
   */
  int deltaPrefixSumInts(int[] values, int offset, int count, int minDelta, int previous);

  /** As {@link #deltaPrefixSumInts} in wrapping 64-bit arithmetic. */
  long deltaPrefixSumLongs(long[] values, int offset, int count, long minDelta, long previous);

  // ---- BYTE_STREAM_SPLIT ------------------------------------------------------------------------------------

  /**
   * Decodes values {@code [first, first + count)} of a BYTE_STREAM_SPLIT page. The page holds {@code width}
   * streams of {@code streamLength} bytes each, starting at {@code inputOffset}; byte {@code b} of value
   * {@code i} is at {@code inputOffset + b * streamLength + i}. Writes {@code count * width} bytes, the values'
   * bytes in order, to {@code output} from {@code outputOffset}.
   */
  void byteStreamSplitDecode(
      byte[] input, int inputOffset, int streamLength, int width, int first, int count, byte[] output,
      int outputOffset);

  /**
   * The inverse of {@link #byteStreamSplitDecode} for a whole page: reads {@code count} values of {@code width}
   * bytes from {@code input} and writes {@code width} streams of {@code count} bytes to {@code output}.
   */
  void byteStreamSplitEncode(byte[] input, int inputOffset, int count, int width, byte[] output, int outputOffset);

  // ---- levels and validity ----------------------------------------------------------------------------------

  /**
   * Sets bit {@code validityBitOffset + i} of the LSB-first bitmap {@code validity} to
   * {@code levels[offset + i] == maxLevel} for each {@code i < count} (bits outside that range are left as they
   * are) and returns how many were not equal (the null count).
   */
  int levelsToValidity(int[] levels, int offset, int count, int maxLevel, byte[] validity, int validityBitOffset);

  /**
   * The writer's inverse: {@code levels[offset + i] = bit set ? maxLevel : maxLevel - 1} for bit
   * {@code validityBitOffset + i} of {@code validity}.
   */
  void validityToLevels(byte[] validity, int validityBitOffset, int count, int maxLevel, int[] levels, int offset);

  // ---- nested levels (Dremel record assembly) -------------------------------------------------------------

  /**
   * Validity of a nesting node whose slots are the level entries passing the slot test
   * {@code repetitionLevels[i] <= slotRepetitionLevel && definitionLevels[i] >= slotDefinitionLevel}, in order:
   * for each such entry appends one bit, set when {@code definitionLevels[i] >= definitionLevel}, to the LSB-first
   * bitmap {@code validity} from bit 0. A null {@code repetitionLevels} means every entry passes the repetition
   * test. Bits past the last slot in its byte are cleared; later bytes are not touched. Levels are known to be in
   * range (non-negative).
   *
   * @return the number of slots
   */
  int nodeValidity(int[] definitionLevels, int[] repetitionLevels, int offset, int count, int slotDefinitionLevel,
      int slotRepetitionLevel, int definitionLevel, byte[] validity);

  /**
   * Validity and offsets of a LIST or MAP node: slots and their validity as in {@link #nodeValidity}; an entry
   * opens an element of the list when {@code repetitionLevels[i] <= repetitionLevel
   * && definitionLevels[i] >= elementDefinitionLevel}. Writes {@code offsets[s]} = the number of elements opened
   * before the entry that opens slot {@code s}, for every slot, and {@code offsets[slots]} = all elements of the
   * batch ({@code slots + 1} values, starting at 0). {@code repetitionLevels} is never null here.
   *
   * @return the number of slots
   */
  int nodeValidityAndOffsets(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, int elementDefinitionLevel,
      int repetitionLevel, byte[] validity, int[] offsets);

  /**
   * The leaf's value slots: numbering the entries with {@code definitionLevels[i] >= slotDefinitionLevel} from 0
   * (the leaf's slots), writes the slot number of each entry at {@code maxDefinitionLevel} (an entry holding a
   * value) to {@code valueSlots} from index 0, in order. {@code valueSlots} must hold one int per slot: a kernel
   * may write past the last value slot, up to the slot count.
   *
   * @return the number of values
   */
  int valueSlots(int[] definitionLevels, int offset, int count, int slotDefinitionLevel, int maxDefinitionLevel,
      int[] valueSlots);

  /** The number of {@code levels[offset .. offset + count)} equal to {@code level} (present leaf values). */
  int countEqual(int[] levels, int offset, int count, int level);

  /** The number of set bits among bits {@code [0, bitCount)} of the LSB-first bitmap {@code bitmap}. */
  int countSetBits(byte[] bitmap, int bitCount);

  // ---- dictionary gather ------------------------------------------------------------------------------------

  /**
   * Returns the largest of {@code values[offset .. offset + count)} compared as unsigned ints, or 0 when
   * {@code count} is 0. Decoders use it to check dictionary indices once per chunk before gathering.
   */
  int maxUnsigned(int[] values, int offset, int count);

  /** {@code output[outputOffset + i] = dictionary[indices[offset + i]]}; indices are known to be in range. */
  void gatherInts(int[] dictionary, int[] indices, int offset, int count, int[] output, int outputOffset);

  /** As {@link #gatherInts} for longs. */
  void gatherLongs(long[] dictionary, int[] indices, int offset, int count, long[] output, int outputOffset);

  /**
   * Fixed-width gather: copies the {@code width}-byte entry {@code indices[offset + i]} of {@code dictionary}
   * (entries stored back to back) to {@code output} at {@code outputOffset + i * width}. Widths 4, 8 and 16 have
   * fast paths; any positive width works.
   */
  void gatherFixed(
      byte[] dictionary, int width, int[] indices, int offset, int count, byte[] output, int outputOffset);

  /**
   * Variable-width gather, offsets half: given the dictionary's offsets ({@code n + 1} entries, entry {@code k}
   * spans {@code [dictionaryOffsets[k], dictionaryOffsets[k + 1])}), writes
   * {@code outputOffsets[outputIndex + i + 1] = outputOffsets[outputIndex + i] + length(indices[offset + i])}
   * for each {@code i < count}, where {@code outputOffsets[outputIndex]} must already hold the start offset.
   * Returns the end offset as a long so callers can detect overflow of 32-bit Arrow offsets.
   */
  long gatherBinaryOffsets(
      int[] dictionaryOffsets, int[] indices, int offset, int count, int[] outputOffsets, int outputIndex);

  /**
   * Variable-width gather, data half: appends the bytes of entries {@code indices[offset .. offset + count)} of
   * the dictionary ({@code dictionaryData} with {@code dictionaryOffsets}) to {@code output} from
   * {@code outputOffset}; the caller sized {@code output} from {@link #gatherBinaryOffsets}. Returns the offset
   * after the last byte written.
   */
  int gatherBinaryData(
      byte[] dictionaryData, int[] dictionaryOffsets, int[] indices, int offset, int count, byte[] output,
      int outputOffset);

  /** Bytes {@link #copyShortValue} may read and write from each offset: its longest value. */
  int SHORT_VALUE_SPAN = 64;

  /**
   * Copies a value of {@code length} bytes, at most {@link #SHORT_VALUE_SPAN}, from {@code source[sourceOffset]}
   * to {@code destination[destinationOffset]}, where both arrays hold at least {@code SHORT_VALUE_SPAN} bytes from
   * those offsets (the caller checked). Short values are copied as whole words or vectors, not through
   * {@code System.arraycopy}, whose fixed cost dominates below a few dozen bytes. Bytes of
   * {@code destination[destinationOffset + length, destinationOffset + SHORT_VALUE_SPAN)} may be overwritten with
   * scratch; nothing outside that span is written. PLAIN byte arrays are copied this way one value at a time.
   */
  void copyShortValue(byte[] source, int sourceOffset, byte[] destination, int destinationOffset, int length);
}
