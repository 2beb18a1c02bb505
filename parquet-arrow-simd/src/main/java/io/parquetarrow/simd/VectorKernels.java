package io.parquetarrow.simd;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Java Vector API ({@code jdk.incubator.vector}) implementation of {@link ParquetKernels}, on 256-bit vectors
 * (8 int lanes, 4 long lanes). {@link KernelProvider} loads it by name, only when the incubator module is present,
 * C2 is on and the platform's preferred vectors are at least 256 bits wide; nothing else in parquet-arrow refers
 * to this class, so a JVM without the module never links it.
 *
 * <p>Only typed-array loads and stores ({@code fromArray}/{@code intoArray}) and reinterpretations are used: the
 * {@code byte[]}/{@code ByteBuffer} views of JDK 17 were removed by JDK 25 and the {@code MemorySegment} ones do
 * not exist on 17.
 *
 * <p>Each kernel covers the cases where vectors were measured to win and hands the rest, and every tail shorter
 * than a vector, to {@link ScalarKernels}: packing (the writer path), int bit widths 26–31 and long bit widths
 * above 57, the DELTA_BINARY_PACKED prefix sums, BYTE_STREAM_SPLIT encode and widths other than 4 and 8, int and
 * long dictionary gathers, fixed-width gathers other than 16 bytes and the variable-width gathers. The comment on
 * each delegating method says why; the measurements are in docs/decisions/0001-kernels-behind-one-interface.md and
 * docs/decisions/0003-scalar-where-vectors-lose.md.
 */
final class VectorKernels implements ParquetKernels {

  private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_256;
  /** Whether {@link #copyShortValue} uses vectors: from JDK 25 on (see there). */
  private static final boolean VECTOR_SHORT_COPY = Runtime.version().feature() >= 25;
  private static final VectorSpecies<Byte> BYTES_128 = ByteVector.SPECIES_128;
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_256;
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_256;
  private static final int INT_LANES = 8;
  /**
   * BYTE_STREAM_SPLIT decode shuffles, one per value width: byte {@code b} of long lane {@code k} takes byte
   * {@code k + 4b} of the stream's 32 (width 8), byte {@code b} of int lane {@code k} takes byte {@code k + 8b}
   * (width 4).
   */
  private static final VectorShuffle<Byte> EVERY_FOURTH_BYTE =
      VectorShuffle.fromOp(BYTES, index -> index / 8 + 4 * (index % 8));
  private static final VectorShuffle<Byte> EVERY_EIGHTH_BYTE =
      VectorShuffle.fromOp(BYTES, index -> index / 4 + 8 * (index % 4));

  private final ScalarKernels scalar = ScalarKernels.INSTANCE;
  private final VectorBitUnpacker unpacker = new VectorBitUnpacker();

  private final VectorLevels levelKernels = new VectorLevels();

  @Override
  public String name() {
    return "vector";
  }

  @Override
  public int vectorBitSize() {
    return INTS.vectorBitSize();
  }

  // ---- bit unpacking and packing -------------------------------------------------------------------------

  @Override
  public void unpackInts(byte[] input, int inputOffset, int[] output, int outputOffset, int count, int bitWidth) {
    unpacker.unpackInts(input, inputOffset, output, outputOffset, count, bitWidth);
  }

  @Override
  public void unpackLongs(
      byte[] input, int inputOffset, long[] output, int outputOffset, int count, int bitWidth) {
    unpacker.unpackLongs(input, inputOffset, output, outputOffset, count, bitWidth);
  }

  /** Scalar (generated, unrolled): packing is on the writer path, where it is not the bottleneck. */
  @Override
  public void packInts(int[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset) {
    scalar.packInts(input, inputOffset, count, bitWidth, output, outputOffset);
  }

  @Override
  public void packLongs(long[] input, int inputOffset, int count, int bitWidth, byte[] output, int outputOffset) {
    scalar.packLongs(input, inputOffset, count, bitWidth, output, outputOffset);
  }

  // ---- DELTA_BINARY_PACKED ----------------------------------------------------------------------------------

  /**
   * Scalar: the prefix sum is one add per value on a loop-carried chain, which the in-register vector version
   * (three lane shifts of 8 ints plus a broadcast of the last lane to carry) cannot beat on either JDK (decision
   * record 0003). The decoder's gain comes from the vector unpacking before it.
   */
  @Override
  public int deltaPrefixSumInts(int[] values, int offset, int count, int minDelta, int previous) {
    return scalar.deltaPrefixSumInts(values, offset, count, minDelta, previous);
  }

  @Override
  public long deltaPrefixSumLongs(long[] values, int offset, int count, long minDelta, long previous) {
    return scalar.deltaPrefixSumLongs(values, offset, count, minDelta, previous);
  }

  // ---- BYTE_STREAM_SPLIT ------------------------------------------------------------------------------------

  @Override
  public void byteStreamSplitDecode(
      byte[] input, int inputOffset, int streamLength, int width, int first, int count, byte[] output,
      int outputOffset) {
    int start = inputOffset + first;
    int done = switch (width) {
      case 4 -> byteStreamSplitDecodeWidth4(input, start, streamLength, count, output, outputOffset);
      case 8 -> byteStreamSplitDecodeWidth8(input, start, streamLength, count, output, outputOffset);
      default -> 0;
    };
    scalar.byteStreamSplitDecode(input, inputOffset, streamLength, width, first + done, count - done, output,
        outputOffset + done * width);
  }

  /**
   * BYTE_STREAM_SPLIT decode of 8-byte values (DOUBLE, INT64), 32 values per step from one 32-byte load per
   * stream; returns how many values it decoded, a multiple of 32 (the caller finishes the rest), so no load goes
   * past value {@code count} of its stream. A byte shuffle, the same for every stream, puts into long lane
   * {@code k} the stream's bytes of values {@code k, k + 4, …, k + 28}. Lane by lane the 8 vectors then form an
   * 8 × 8 byte matrix (row = stream, column = value), which three rounds of shift-xor-mask exchanges transpose
   * (32-, 16- then 8-bit blocks, the scalar SWAR transpose on 4 lanes at once): afterwards lane {@code k} of
   * vector {@code j} is value {@code 4j + k}, so vector {@code j} is output values {@code 4j … 4j + 3} as it
   * stands. It replaced an assembly from widened 8-byte loads and OR-ed int halves converted to longs, 4 values per
   * step, which spent far more vector operations per value (decision record 0026).
   *
   * <p>Written for C2, here and in {@link #byteStreamSplitDecodeWidth4}: a Vector API call C2 leaves out of line
   * turns the vectors it touches into heap objects, many times slower. So no helper method takes or returns a
   * vector (a first version's 4 × 4 transpose helper, compiled on its own first, was then "already compiled into a
   * big method" and not inlined), each width is a method of its own so that it gets a whole compilation's node
   * budget, and reinterpretations name their species ({@code reinterpretShape(LONGS, 0)}): on JDK 17, C2 sometimes
   * failed to constant-fold the species that {@code reinterpretAsInts()} looks up, which left that conversion
   * boxed (width 4 ran at a fifth of its speed).
   */
  private static int byteStreamSplitDecodeWidth8(
      byte[] input, int start, int streamLength, int count, byte[] output, int outputOffset) {
    int i = 0;
    for (; i + 32 <= count; i += 32) {
      int at = start + i;
      LongVector x0 = (LongVector) ByteVector.fromArray(BYTES, input, at)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector x1 = (LongVector) ByteVector.fromArray(BYTES, input, at + streamLength)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector x2 = (LongVector) ByteVector.fromArray(BYTES, input, at + 2 * streamLength)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector x3 = (LongVector) ByteVector.fromArray(BYTES, input, at + 3 * streamLength)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector x4 = (LongVector) ByteVector.fromArray(BYTES, input, at + 4 * streamLength)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector x5 = (LongVector) ByteVector.fromArray(BYTES, input, at + 5 * streamLength)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector x6 = (LongVector) ByteVector.fromArray(BYTES, input, at + 6 * streamLength)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector x7 = (LongVector) ByteVector.fromArray(BYTES, input, at + 7 * streamLength)
          .rearrange(EVERY_FOURTH_BYTE).reinterpretShape(LONGS, 0);
      LongVector t;
      t = x0.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, x4).and(0x0000_0000_FFFF_FFFFL);
      x4 = x4.lanewise(VectorOperators.XOR, t);
      x0 = x0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
      t = x1.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, x5).and(0x0000_0000_FFFF_FFFFL);
      x5 = x5.lanewise(VectorOperators.XOR, t);
      x1 = x1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
      t = x2.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, x6).and(0x0000_0000_FFFF_FFFFL);
      x6 = x6.lanewise(VectorOperators.XOR, t);
      x2 = x2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
      t = x3.lanewise(VectorOperators.LSHR, 32).lanewise(VectorOperators.XOR, x7).and(0x0000_0000_FFFF_FFFFL);
      x7 = x7.lanewise(VectorOperators.XOR, t);
      x3 = x3.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 32));
      t = x0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, x2).and(0x0000_FFFF_0000_FFFFL);
      x2 = x2.lanewise(VectorOperators.XOR, t);
      x0 = x0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
      t = x1.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, x3).and(0x0000_FFFF_0000_FFFFL);
      x3 = x3.lanewise(VectorOperators.XOR, t);
      x1 = x1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
      t = x4.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, x6).and(0x0000_FFFF_0000_FFFFL);
      x6 = x6.lanewise(VectorOperators.XOR, t);
      x4 = x4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
      t = x5.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, x7).and(0x0000_FFFF_0000_FFFFL);
      x7 = x7.lanewise(VectorOperators.XOR, t);
      x5 = x5.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
      t = x0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, x1).and(0x00FF_00FF_00FF_00FFL);
      x1 = x1.lanewise(VectorOperators.XOR, t);
      x0 = x0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
      t = x2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, x3).and(0x00FF_00FF_00FF_00FFL);
      x3 = x3.lanewise(VectorOperators.XOR, t);
      x2 = x2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
      t = x4.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, x5).and(0x00FF_00FF_00FF_00FFL);
      x5 = x5.lanewise(VectorOperators.XOR, t);
      x4 = x4.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
      t = x6.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, x7).and(0x00FF_00FF_00FF_00FFL);
      x7 = x7.lanewise(VectorOperators.XOR, t);
      x6 = x6.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
      int out = outputOffset + 8 * i;
      ((ByteVector) x0.reinterpretShape(BYTES, 0)).intoArray(output, out);
      ((ByteVector) x1.reinterpretShape(BYTES, 0)).intoArray(output, out + 32);
      ((ByteVector) x2.reinterpretShape(BYTES, 0)).intoArray(output, out + 64);
      ((ByteVector) x3.reinterpretShape(BYTES, 0)).intoArray(output, out + 96);
      ((ByteVector) x4.reinterpretShape(BYTES, 0)).intoArray(output, out + 128);
      ((ByteVector) x5.reinterpretShape(BYTES, 0)).intoArray(output, out + 160);
      ((ByteVector) x6.reinterpretShape(BYTES, 0)).intoArray(output, out + 192);
      ((ByteVector) x7.reinterpretShape(BYTES, 0)).intoArray(output, out + 224);
    }
    return i;
  }

  /**
   * As {@link #byteStreamSplitDecodeWidth8} for 4-byte values (FLOAT, INT32): int lane {@code k} of stream
   * vector {@code s} gets the stream's bytes of values {@code k, k + 8, k + 16, k + 24}, two rounds (16- then
   * 8-bit blocks) transpose the 4 × 4 byte matrices, and vector {@code j} is then output values
   * {@code 8j … 8j + 7}. It replaced an assembly of 8 values per step from widened bytes (decision record 0026).
   */
  private static int byteStreamSplitDecodeWidth4(
      byte[] input, int start, int streamLength, int count, byte[] output, int outputOffset) {
    int i = 0;
    for (; i + 32 <= count; i += 32) {
      int at = start + i;
      IntVector x0 = (IntVector) ByteVector.fromArray(BYTES, input, at)
          .rearrange(EVERY_EIGHTH_BYTE).reinterpretShape(INTS, 0);
      IntVector x1 = (IntVector) ByteVector.fromArray(BYTES, input, at + streamLength)
          .rearrange(EVERY_EIGHTH_BYTE).reinterpretShape(INTS, 0);
      IntVector x2 = (IntVector) ByteVector.fromArray(BYTES, input, at + 2 * streamLength)
          .rearrange(EVERY_EIGHTH_BYTE).reinterpretShape(INTS, 0);
      IntVector x3 = (IntVector) ByteVector.fromArray(BYTES, input, at + 3 * streamLength)
          .rearrange(EVERY_EIGHTH_BYTE).reinterpretShape(INTS, 0);
      IntVector t;
      t = x0.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, x2).and(0x0000_FFFF);
      x2 = x2.lanewise(VectorOperators.XOR, t);
      x0 = x0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
      t = x1.lanewise(VectorOperators.LSHR, 16).lanewise(VectorOperators.XOR, x3).and(0x0000_FFFF);
      x3 = x3.lanewise(VectorOperators.XOR, t);
      x1 = x1.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 16));
      t = x0.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, x1).and(0x00FF_00FF);
      x1 = x1.lanewise(VectorOperators.XOR, t);
      x0 = x0.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
      t = x2.lanewise(VectorOperators.LSHR, 8).lanewise(VectorOperators.XOR, x3).and(0x00FF_00FF);
      x3 = x3.lanewise(VectorOperators.XOR, t);
      x2 = x2.lanewise(VectorOperators.XOR, t.lanewise(VectorOperators.LSHL, 8));
      int out = outputOffset + 4 * i;
      ((ByteVector) x0.reinterpretShape(BYTES, 0)).intoArray(output, out);
      ((ByteVector) x1.reinterpretShape(BYTES, 0)).intoArray(output, out + 32);
      ((ByteVector) x2.reinterpretShape(BYTES, 0)).intoArray(output, out + 64);
      ((ByteVector) x3.reinterpretShape(BYTES, 0)).intoArray(output, out + 96);
    }
    return i;
  }

  /** Scalar: the writer path. */
  @Override
  public void byteStreamSplitEncode(
      byte[] input, int inputOffset, int count, int width, byte[] output, int outputOffset) {
    scalar.byteStreamSplitEncode(input, inputOffset, count, width, output, outputOffset);
  }

  // ---- levels and validity ----------------------------------------------------------------------------------

  @Override
  public int levelsToValidity(
      int[] levels, int offset, int count, int maxLevel, byte[] validity, int validityBitOffset) {
    return levelKernels.levelsToValidity(levels, offset, count, maxLevel, validity, validityBitOffset);
  }

  @Override
  public void validityToLevels(
      byte[] validity, int validityBitOffset, int count, int maxLevel, int[] levels, int offset) {
    levelKernels.validityToLevels(validity, validityBitOffset, count, maxLevel, levels, offset);
  }

  @Override
  public int nodeValidity(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, byte[] validity) {
    return levelKernels.nodeValidity(definitionLevels, repetitionLevels, offset, count, slotDefinitionLevel,
        slotRepetitionLevel, definitionLevel, validity);
  }

  @Override
  public int nodeValidityAndOffsets(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, int elementDefinitionLevel,
      int repetitionLevel, byte[] validity, int[] offsets) {
    return levelKernels.nodeValidityAndOffsets(definitionLevels, repetitionLevels, offset, count,
        slotDefinitionLevel, slotRepetitionLevel, definitionLevel, elementDefinitionLevel, repetitionLevel, validity,
        offsets);
  }

  @Override
  public int valueSlots(int[] definitionLevels, int offset, int count, int slotDefinitionLevel,
      int maxDefinitionLevel, int[] valueSlots) {
    return levelKernels.valueSlots(definitionLevels, offset, count, slotDefinitionLevel, maxDefinitionLevel,
        valueSlots);
  }

  @Override
  public int countEqual(int[] levels, int offset, int count, int level) {
    return levelKernels.countEqual(levels, offset, count, level);
  }

  @Override
  public int countSetBits(byte[] bitmap, int bitCount) {
    return levelKernels.countSetBits(bitmap, bitCount);
  }

  // ---- dictionary gather ------------------------------------------------------------------------------------

  @Override
  public int maxUnsigned(int[] values, int offset, int count) {
    int i = offset;
    int end = offset + count;
    int vectorEnd = offset + (count & -INT_LANES);
    int max = 0;
    if (i < vectorEnd) {
      // Unsigned order is signed order with the sign bit flipped.
      IntVector flippedMax = IntVector.broadcast(INTS, Integer.MIN_VALUE);
      for (; i < vectorEnd; i += INT_LANES) {
        flippedMax = flippedMax.max(IntVector.fromArray(INTS, values, i).lanewise(VectorOperators.XOR,
            Integer.MIN_VALUE));
      }
      max = flippedMax.reduceLanes(VectorOperators.MAX) ^ Integer.MIN_VALUE;
    }
    int rest = scalar.maxUnsigned(values, i, end - i);
    return Integer.compareUnsigned(rest, max) > 0 ? rest : max;
  }

  /**
   * Scalar: AVX2 gather instructions are microcoded on the AMD Zen CPUs this was measured on and lose to plain
   * loads, for ints and longs, on JDK 17 and 25 (decision record 0003).
   */
  @Override
  public void gatherInts(int[] dictionary, int[] indices, int offset, int count, int[] output, int outputOffset) {
    scalar.gatherInts(dictionary, indices, offset, count, output, outputOffset);
  }

  @Override
  public void gatherLongs(
      long[] dictionary, int[] indices, int offset, int count, long[] output, int outputOffset) {
    scalar.gatherLongs(dictionary, indices, offset, count, output, outputOffset);
  }

  @Override
  public void gatherFixed(
      byte[] dictionary, int width, int[] indices, int offset, int count, byte[] output, int outputOffset) {
    if (width != 16) {
      scalar.gatherFixed(dictionary, width, indices, offset, count, output, outputOffset);
      return;
    }
    for (int i = 0; i < count; i++) {
      ByteVector.fromArray(BYTES_128, dictionary, 16 * indices[offset + i]).intoArray(output, outputOffset + 16 * i);
    }
  }

  @Override
  public long gatherBinaryOffsets(
      int[] dictionaryOffsets, int[] indices, int offset, int count, int[] outputOffsets, int outputIndex) {
    return scalar.gatherBinaryOffsets(dictionaryOffsets, indices, offset, count, outputOffsets, outputIndex);
  }

  @Override
  public int gatherBinaryData(
      byte[] dictionaryData, int[] dictionaryOffsets, int[] indices, int offset, int count, byte[] output,
      int outputOffset) {
    return scalar.gatherBinaryData(dictionaryData, dictionaryOffsets, indices, offset, count, output, outputOffset);
  }

  /**
   * Two 32-byte vectors whatever the length: no branch to mispredict, which is what the scalar kernel's words by
   * length pay on values whose lengths vary at random (decision record 0025).
   *
   * <p>Scalar before JDK 25: JDK 17's C2 inlines {@code ByteVector.intoArray} by its type profile, which is shared
   * by every byte species the process stores (this kernel's 256 bits, the 128 of {@link #gatherFixed}). In a loop
   * that also copied with 512-bit vectors, the store was no longer intrinsified ("failed to inline (intrinsic)")
   * and this copy became several times slower than scalar; JDK 25 keeps it intrinsified with both species in use.
   */
  @Override
  public void copyShortValue(
      byte[] source, int sourceOffset, byte[] destination, int destinationOffset, int length) {
    if (VECTOR_SHORT_COPY) {
      ByteVector.fromArray(BYTES, source, sourceOffset).intoArray(destination, destinationOffset);
      ByteVector.fromArray(BYTES, source, sourceOffset + 32).intoArray(destination, destinationOffset + 32);
    } else {
      scalar.copyShortValue(source, sourceOffset, destination, destinationOffset, length);
    }
  }
}
