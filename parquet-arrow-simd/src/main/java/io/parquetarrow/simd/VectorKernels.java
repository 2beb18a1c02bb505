package io.parquetarrow.simd;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
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
  private static final VectorSpecies<Byte> BYTES_64 = ByteVector.SPECIES_64;
  private static final VectorSpecies<Byte> BYTES_128 = ByteVector.SPECIES_128;
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_256;
  private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_256;
  private static final int INT_LANES = 8;
  private static final int LONG_LANES = 4;
  /**
   * BYTE_STREAM_SPLIT decode shuffles, one per value width: byte {@code b} of long lane {@code k} takes byte
   * {@code k + 4b} of the stream's 32 (width 8), byte {@code b} of int lane {@code k} takes byte {@code k + 8b}
   * (width 4).
   */
  private static final VectorShuffle<Byte> EVERY_FOURTH_BYTE =
      VectorShuffle.fromOp(BYTES, index -> index / 8 + 4 * (index % 8));
  private static final VectorShuffle<Byte> EVERY_EIGHTH_BYTE =
      VectorShuffle.fromOp(BYTES, index -> index / 4 + 8 * (index % 4));
  /**
   * {@link VectorMask#toLong()} compiles to a single move-mask instruction from JDK 25 on, but JDK 17's C2 does
   * not intrinsify it and it loses to the scalar loop there; on JDK 17 the kernels spread a mask over bit weights
   * and fold the lanes instead (decision record 0003).
   */
  static final boolean MASK_TO_LONG_IS_FAST = Runtime.version().feature() >= 25;

  /**
   * Int unpacking gathers, per lane, the 4 bytes that hold the lane's value and shifts them down by the value's
   * bit offset inside the first byte (0–7); a value fits those 32 bits only up to 25 bits wide.
   */
  static final int MAX_VECTOR_INT_WIDTH = 25;
  /** As {@link #MAX_VECTOR_INT_WIDTH} with an 8-byte window per long lane. */
  static final int MAX_VECTOR_LONG_WIDTH = 57;

  private final ScalarKernels scalar = ScalarKernels.INSTANCE;

  /** Per bit width: byte shuffle putting the window of value {@code j} into int lane {@code j}. */
  private final VectorShuffle<Byte>[] intWindows;
  /** Per bit width: per lane right shift (bit offset of the value inside its window). */
  private final int[][] intShifts;
  /** Per bit width: windows and shifts of values 0–3 of a block of 8 relative to the block start. */
  private final VectorShuffle<Byte>[] longWindowsLow;
  private final long[][] longShiftsLow;
  /** Per bit width: windows and shifts of values 4–7 relative to byte {@code (4 * width) / 8} of the block. */
  private final VectorShuffle<Byte>[] longWindowsHigh;
  private final long[][] longShiftsHigh;

  /** {@code 0, 1, …, 7}: per-lane shifts of the width-1 unpacker. */
  private final int[] laneShifts = {0, 1, 2, 3, 4, 5, 6, 7};
  /** Shuffle {@code k} copies int lane {@code k} to every lane. */
  private final VectorShuffle<Integer>[] laneBroadcasts;

  /** {@code 1 << (8 * k + lane)}: one validity bit per int lane for byte {@code k} of a 32-bit word. */
  private final IntVector[] bitWeights;

  @SuppressWarnings("unchecked")
  VectorKernels() {
    intWindows = new VectorShuffle[MAX_VECTOR_INT_WIDTH + 1];
    intShifts = new int[MAX_VECTOR_INT_WIDTH + 1][];
    for (int width = 1; width <= MAX_VECTOR_INT_WIDTH; width++) {
      int[] source = new int[BYTES.length()];
      int[] shifts = new int[INT_LANES];
      for (int lane = 0; lane < INT_LANES; lane++) {
        int startBit = lane * width;
        for (int b = 0; b < 4; b++) {
          source[4 * lane + b] = (startBit >>> 3) + b;
        }
        shifts[lane] = startBit & 7;
      }
      intWindows[width] = VectorShuffle.fromArray(BYTES, source, 0);
      intShifts[width] = shifts;
    }
    longWindowsLow = new VectorShuffle[MAX_VECTOR_LONG_WIDTH + 1];
    longShiftsLow = new long[MAX_VECTOR_LONG_WIDTH + 1][];
    longWindowsHigh = new VectorShuffle[MAX_VECTOR_LONG_WIDTH + 1];
    longShiftsHigh = new long[MAX_VECTOR_LONG_WIDTH + 1][];
    for (int width = 1; width <= MAX_VECTOR_LONG_WIDTH; width++) {
      for (int half = 0; half < 2; half++) {
        int base = half == 0 ? 0 : (4 * width) >>> 3;
        int[] source = new int[BYTES.length()];
        long[] shifts = new long[LONG_LANES];
        for (int lane = 0; lane < LONG_LANES; lane++) {
          int startBit = (half * LONG_LANES + lane) * width - 8 * base;
          for (int b = 0; b < 8; b++) {
            source[8 * lane + b] = (startBit >>> 3) + b;
          }
          shifts[lane] = startBit & 7;
        }
        (half == 0 ? longWindowsLow : longWindowsHigh)[width] = VectorShuffle.fromArray(BYTES, source, 0);
        (half == 0 ? longShiftsLow : longShiftsHigh)[width] = shifts;
      }
    }
    laneBroadcasts = new VectorShuffle[INT_LANES];
    for (int lane = 0; lane < INT_LANES; lane++) {
      int source = lane;
      laneBroadcasts[lane] = VectorShuffle.fromOp(INTS, ignored -> source);
    }
    bitWeights = new IntVector[4];
    for (int k = 0; k < 4; k++) {
      int shift = 8 * k;
      bitWeights[k] = IntVector.fromArray(INTS, new int[] {
          1 << shift, 2 << shift, 4 << shift, 8 << shift, 16 << shift, 32 << shift, 64 << shift, 128 << shift}, 0);
    }
  }

  @Override
  public String name() {
    return "vector";
  }

  @Override
  public int vectorBitSize() {
    return INTS.vectorBitSize();
  }

  // ---- bit unpacking and packing -------------------------------------------------------------------------

  /**
   * The value count below which the scalar unpack is faster than this one: the vector path pays a fixed set-up
   * per call that the scalar unpack's per-value cost only overtakes after 16 to 64 values, depending on the width
   * (per-call measurements in decision record 0003). Short bit-packed runs of levels (16 to 24 values between RLE
   * runs) are the calls this decides.
   */
  private static int scalarIntsBelow(int bitWidth) {
    if (bitWidth <= 2) {
      return 40;
    }
    if (bitWidth == 8) {
      return 64;
    }
    boolean scalarCheap = bitWidth <= 5 || bitWidth >= 9 && bitWidth <= 16;
    return scalarCheap ? 32 : 2 * INT_LANES;
  }

  @Override
  public void unpackInts(byte[] input, int inputOffset, int[] output, int outputOffset, int count, int bitWidth) {
    if (bitWidth == 32) {
      // Plain little-endian ints: a block of 8 values is exactly one 32-byte vector, no shuffle needed.
      int done = count & -INT_LANES;
      for (int i = 0; i < done; i += INT_LANES) {
        ByteVector.fromArray(BYTES, input, inputOffset + 4 * i).reinterpretAsInts().intoArray(output, outputOffset + i);
      }
      scalar.unpackInts(input, inputOffset + 4 * done, output, outputOffset + done, count - done, bitWidth);
      return;
    }
    if (bitWidth == 0 || bitWidth > MAX_VECTOR_INT_WIDTH || count < scalarIntsBelow(bitWidth)) {
      scalar.unpackInts(input, inputOffset, output, outputOffset, count, bitWidth);
      return;
    }
    int steps = vectorSteps(count, bitWidth, 0);
    unpackIntSteps(input, inputOffset, output, outputOffset, steps, bitWidth);
    int done = steps * INT_LANES;
    int consumed = steps * bitWidth;
    if (count - done >= INT_LANES) {
      // The last blocks are too close to the end of the input for a 32-byte load; unpack them from a padded copy
      // of the remaining bytes (fewer than 32 + bitWidth) rather than one value at a time.
      int remainingBytes = byteCount(count - done, bitWidth);
      byte[] padded = paddedTail(remainingBytes + BYTES.length());
      System.arraycopy(input, inputOffset + consumed, padded, 0, remainingBytes);
      int paddedSteps = (count - done) / INT_LANES;
      unpackIntSteps(padded, 0, output, outputOffset + done, paddedSteps, bitWidth);
      done += paddedSteps * INT_LANES;
      consumed += paddedSteps * bitWidth;
    }
    scalar.unpackInts(input, inputOffset + consumed, output, outputOffset + done, count - done, bitWidth);
  }

  /**
   * Per-thread scratch for the padded copies of an unpack's last blocks (this kernel object is shared by all
   * threads): a new array per call was allocated once per RLE/bit-packed run, 7.7 MB per read of lineitem's
   * dictionary indices. Bytes past the copied ones are leftovers; the blocks unpacked from the copy use only the
   * copied bits.
   */
  private static final ThreadLocal<byte[]> PADDED_TAIL = ThreadLocal.withInitial(() -> new byte[256]);

  private static byte[] paddedTail(int length) {
    byte[] buffer = PADDED_TAIL.get();
    if (buffer.length < length) {
      buffer = new byte[length];
      PADDED_TAIL.set(buffer);
    }
    return buffer;
  }

  private void unpackIntSteps(byte[] input, int inputOffset, int[] output, int outputOffset, int steps,
      int bitWidth) {
    switch (bitWidth) {
      case 1 -> unpackWidth1(input, inputOffset, output, outputOffset, steps);
      case 8 -> unpackBytes(input, inputOffset, output, outputOffset, steps);
      case 16 -> unpackShorts(input, inputOffset, output, outputOffset, steps);
      default -> unpackWindows(input, inputOffset, output, outputOffset, steps, bitWidth);
    }
  }

  /**
   * Width 1: each int of a 32-byte load holds 32 values. Broadcast one int lane to all lanes (one cross-lane int
   * permute per 32 values instead of a byte shuffle per 8) and shift each lane down to its bit. Only width 1 has
   * few enough permutes per value to beat {@link #unpackWindows}; at widths 2 and 4 it lost (decision record 0003).
   */
  private void unpackWidth1(byte[] input, int inputOffset, int[] output, int outputOffset, int steps) {
    int loads = steps / BYTES.length();
    int in = inputOffset;
    int out = outputOffset;
    IntVector shifts0 = IntVector.fromArray(INTS, laneShifts, 0);
    IntVector shifts1 = shifts0.add(8);
    IntVector shifts2 = shifts0.add(16);
    IntVector shifts3 = shifts0.add(24);
    for (int load = 0; load < loads; load++, in += BYTES.length()) {
      IntVector words = ByteVector.fromArray(BYTES, input, in).reinterpretAsInts();
      for (int lane = 0; lane < INT_LANES; lane++, out += 4 * INT_LANES) {
        IntVector word = words.rearrange(laneBroadcasts[lane]);
        word.lanewise(VectorOperators.LSHR, shifts0).and(1).intoArray(output, out);
        word.lanewise(VectorOperators.LSHR, shifts1).and(1).intoArray(output, out + INT_LANES);
        word.lanewise(VectorOperators.LSHR, shifts2).and(1).intoArray(output, out + 2 * INT_LANES);
        word.lanewise(VectorOperators.LSHR, shifts3).and(1).intoArray(output, out + 3 * INT_LANES);
      }
    }
    int doneSteps = loads * BYTES.length();
    if (doneSteps < steps) {
      unpackWindows(input, inputOffset + doneSteps, output, outputOffset + doneSteps * INT_LANES,
          steps - doneSteps, 1);
    }
  }

  /** Width 8: each byte is a value; widen 8 bytes to 8 int lanes (sign extension, then mask). */
  private static void unpackBytes(byte[] input, int inputOffset, int[] output, int outputOffset, int steps) {
    for (int step = 0, in = inputOffset, out = outputOffset; step < steps; step++, in += 8, out += INT_LANES) {
      widen(input, in).and(0xFF).intoArray(output, out);
    }
  }

  /** Width 16: each little-endian 16-bit pair is a value; widen 8 shorts to 8 int lanes. */
  private static void unpackShorts(byte[] input, int inputOffset, int[] output, int outputOffset, int steps) {
    for (int step = 0, in = inputOffset, out = outputOffset; step < steps; step++, in += 16, out += INT_LANES) {
      ((IntVector) ByteVector.fromArray(BYTES_128, input, in).reinterpretAsShorts()
          .convertShape(VectorOperators.S2I, INTS, 0)).and(0xFFFF).intoArray(output, out);
    }
  }

  /**
   * Any width up to {@link #MAX_VECTOR_INT_WIDTH}: one byte shuffle puts the 4 bytes holding value {@code j} into
   * int lane {@code j}, a per-lane shift drops the bits of the values before it and a mask those after.
   */
  private void unpackWindows(byte[] input, int inputOffset, int[] output, int outputOffset, int steps,
      int bitWidth) {
    VectorShuffle<Byte> window = intWindows[bitWidth];
    IntVector shifts = IntVector.fromArray(INTS, intShifts[bitWidth], 0);
    int mask = (1 << bitWidth) - 1;
    for (int step = 0, in = inputOffset, out = outputOffset; step < steps;
        step++, in += bitWidth, out += INT_LANES) {
      ByteVector.fromArray(BYTES, input, in)
          .rearrange(window)
          .reinterpretAsInts()
          .lanewise(VectorOperators.LSHR, shifts)
          .and(mask)
          .intoArray(output, out);
    }
  }

  @Override
  public void unpackLongs(
      byte[] input, int inputOffset, long[] output, int outputOffset, int count, int bitWidth) {
    if (bitWidth == 0 || bitWidth > MAX_VECTOR_LONG_WIDTH || count < 16) {
      scalar.unpackLongs(input, inputOffset, output, outputOffset, count, bitWidth);
      return;
    }
    int highBase = (4 * bitWidth) >>> 3;
    int steps = vectorSteps(count, bitWidth, highBase);
    unpackLongSteps(input, inputOffset, output, outputOffset, steps, bitWidth);
    int done = steps * 8;
    int consumed = steps * bitWidth;
    if (count - done >= 8) {
      int remainingBytes = byteCount(count - done, bitWidth);
      byte[] padded = paddedTail(remainingBytes + highBase + BYTES.length());
      System.arraycopy(input, inputOffset + consumed, padded, 0, remainingBytes);
      int paddedSteps = (count - done) / 8;
      unpackLongSteps(padded, 0, output, outputOffset + done, paddedSteps, bitWidth);
      done += paddedSteps * 8;
      consumed += paddedSteps * bitWidth;
    }
    scalar.unpackLongs(input, inputOffset + consumed, output, outputOffset + done, count - done, bitWidth);
  }

  private void unpackLongSteps(byte[] input, int inputOffset, long[] output, int outputOffset, int steps,
      int bitWidth) {
    int highBase = (4 * bitWidth) >>> 3;
    VectorShuffle<Byte> windowLow = longWindowsLow[bitWidth];
    VectorShuffle<Byte> windowHigh = longWindowsHigh[bitWidth];
    LongVector shiftsLow = LongVector.fromArray(LONGS, longShiftsLow[bitWidth], 0);
    LongVector shiftsHigh = LongVector.fromArray(LONGS, longShiftsHigh[bitWidth], 0);
    long mask = (1L << bitWidth) - 1;
    for (int step = 0, in = inputOffset, out = outputOffset; step < steps; step++, in += bitWidth, out += 8) {
      ByteVector.fromArray(BYTES, input, in)
          .rearrange(windowLow)
          .reinterpretAsLongs()
          .lanewise(VectorOperators.LSHR, shiftsLow)
          .and(mask)
          .intoArray(output, out);
      ByteVector.fromArray(BYTES, input, in + highBase)
          .rearrange(windowHigh)
          .reinterpretAsLongs()
          .lanewise(VectorOperators.LSHR, shiftsHigh)
          .and(mask)
          .intoArray(output, out + LONG_LANES);
    }
  }

  private static int byteCount(int count, int bitWidth) {
    return (int) (((long) count * bitWidth + 7) >>> 3);
  }

  /**
   * How many blocks of 8 values the vector loop may unpack: each block is {@code bitWidth} bytes, but its last
   * 32-byte load starts {@code lastLoadOffset} bytes into the block and must end inside the
   * {@code ceil(count * bitWidth / 8)} bytes the caller gave us.
   */
  private static int vectorSteps(int count, int bitWidth, int lastLoadOffset) {
    long totalBytes = ((long) count * bitWidth + 7) >>> 3;
    long room = totalBytes - lastLoadOffset - BYTES.length();
    if (room < 0) {
      return 0;
    }
    return (int) Math.min(count >>> 3, room / bitWidth + 1);
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

  private static IntVector widen(byte[] input, int at) {
    return (IntVector) ByteVector.fromArray(BYTES_64, input, at).convertShape(VectorOperators.B2I, INTS, 0);
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
    int i = 0;
    int nulls = 0;
    for (; i < count && ((validityBitOffset + i) & 7) != 0; i++) {
      nulls += ScalarKernels.setValidityBit(levels[offset + i] == maxLevel, validity, validityBitOffset + i);
    }
    if (i + 32 <= count) {
      IntVector max = IntVector.broadcast(INTS, maxLevel);
      IntVector zero = IntVector.zero(INTS);
      if (MASK_TO_LONG_IS_FAST) {
        for (; i + 32 <= count; i += 32) {
          int at = offset + i;
          long word = IntVector.fromArray(INTS, levels, at).eq(max).toLong()
              | IntVector.fromArray(INTS, levels, at + 8).eq(max).toLong() << 8
              | IntVector.fromArray(INTS, levels, at + 16).eq(max).toLong() << 16
              | IntVector.fromArray(INTS, levels, at + 24).eq(max).toLong() << 24;
          int byteIndex = (validityBitOffset + i) >>> 3;
          validity[byteIndex] = (byte) word;
          validity[byteIndex + 1] = (byte) (word >>> 8);
          validity[byteIndex + 2] = (byte) (word >>> 16);
          validity[byteIndex + 3] = (byte) (word >>> 24);
          nulls += 32 - Long.bitCount(word);
        }
      }
      for (; i + 32 <= count; i += 32) {
        int at = offset + i;
        // One bit per lane, at the lane's position in a 32-bit word; OR the four vectors and fold the lanes.
        IntVector bits = zero.blend(bitWeights[0], IntVector.fromArray(INTS, levels, at).eq(max))
            .or(zero.blend(bitWeights[1], IntVector.fromArray(INTS, levels, at + 8).eq(max)))
            .or(zero.blend(bitWeights[2], IntVector.fromArray(INTS, levels, at + 16).eq(max)))
            .or(zero.blend(bitWeights[3], IntVector.fromArray(INTS, levels, at + 24).eq(max)));
        int word = bits.reduceLanes(VectorOperators.OR);
        int byteIndex = (validityBitOffset + i) >>> 3;
        validity[byteIndex] = (byte) word;
        validity[byteIndex + 1] = (byte) (word >>> 8);
        validity[byteIndex + 2] = (byte) (word >>> 16);
        validity[byteIndex + 3] = (byte) (word >>> 24);
        nulls += 32 - Integer.bitCount(word);
      }
    }
    return nulls + scalar.levelsToValidity(levels, offset + i, count - i, maxLevel, validity, validityBitOffset + i);
  }

  @Override
  public void validityToLevels(
      byte[] validity, int validityBitOffset, int count, int maxLevel, int[] levels, int offset) {
    int i = 0;
    for (; i < count && ((validityBitOffset + i) & 7) != 0; i++) {
      int bit = validityBitOffset + i;
      levels[offset + i] = (validity[bit >>> 3] & (1 << (bit & 7))) != 0 ? maxLevel : maxLevel - 1;
    }
    if (i + INT_LANES <= count) {
      IntVector present = IntVector.broadcast(INTS, maxLevel);
      IntVector absent = IntVector.broadcast(INTS, maxLevel - 1);
      for (; i + INT_LANES <= count; i += INT_LANES) {
        int bits = validity[(validityBitOffset + i) >>> 3] & 0xFF;
        VectorMask<Integer> set = IntVector.broadcast(INTS, bits).and(bitWeights[0]).compare(VectorOperators.NE, 0);
        absent.blend(present, set).intoArray(levels, offset + i);
      }
    }
    scalar.validityToLevels(validity, validityBitOffset + i, count - i, maxLevel, levels, offset + i);
  }

  // ---- nested levels ----------------------------------------------------------------------------------------

  /**
   * Vector on JDK 17 and 25 (NestedLevelsBenchmark; decision record 0003). Blocks of 32 entries: the slot,
   * element and validity tests become 32-bit words, one bit per entry. A block whose entries are all slots (every
   * entry of a non-repeated leaf, most entries of a list's leaf) appends its validity word with one shift; any
   * other block walks only its set slot bits.
   */
  @Override
  public int nodeValidity(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, byte[] validity) {
    int i = offset;
    int end = offset + count;
    int written = 0;
    long pending = 0;
    int pendingBits = 0;
    if (count >= 32) {
      IntVector slotDefinition = IntVector.broadcast(INTS, slotDefinitionLevel);
      IntVector slotRepetition = IntVector.broadcast(INTS, slotRepetitionLevel);
      IntVector valid = IntVector.broadcast(INTS, definitionLevel);
      boolean everyEntryIsSlot = slotDefinitionLevel <= 0 && repetitionLevels == null;
      for (; i + 32 <= end; i += 32) {
        int validWord = atLeastWord(definitionLevels, i, valid);
        int slotWord = everyEntryIsSlot ? -1 : atLeastWord(definitionLevels, i, slotDefinition);
        if (repetitionLevels != null) {
          slotWord &= atMostWord(repetitionLevels, i, slotRepetition);
        }
        // Up to 31 pending bits plus up to 32 new ones; a whole 32-bit word is stored as soon as there is one.
        pending |= ((slotWord == -1 ? validWord : packBits(validWord, slotWord)) & 0xFFFFFFFFL) << pendingBits;
        pendingBits += Integer.bitCount(slotWord);
        if (pendingBits >= 32) {
          storeWord(validity, written, pending);
          written += 4;
          pending >>>= 32;
          pendingBits -= 32;
        }
      }
      for (; pendingBits >= 8; pendingBits -= 8) {
        validity[written++] = (byte) pending;
        pending >>>= 8;
      }
    }
    for (; i < end; i++) {
      int level = definitionLevels[i];
      if ((repetitionLevels == null || repetitionLevels[i] <= slotRepetitionLevel) && level >= slotDefinitionLevel) {
        pending |= (long) (level >= definitionLevel ? 1 : 0) << pendingBits;
        if (++pendingBits == 8) {
          validity[written++] = (byte) pending;
          pending = 0;
          pendingBits = 0;
        }
      }
    }
    if (pendingBits > 0) {
      validity[written] = (byte) pending;
    }
    return written * 8 + pendingBits;
  }

  /**
   * Vector on JDK 25, scalar on JDK 17, where the three mask words per block cost as much as the scalar loop
   * saves (NestedLevelsBenchmark; decision record 0003).
   */
  @Override
  public int nodeValidityAndOffsets(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
      int slotDefinitionLevel, int slotRepetitionLevel, int definitionLevel, int elementDefinitionLevel,
      int repetitionLevel, byte[] validity, int[] offsets) {
    if (!MASK_TO_LONG_IS_FAST) {
      return scalar.nodeValidityAndOffsets(definitionLevels, repetitionLevels, offset, count, slotDefinitionLevel,
          slotRepetitionLevel, definitionLevel, elementDefinitionLevel, repetitionLevel, validity, offsets);
    }
    int i = offset;
    int end = offset + count;
    int slot = 0;
    int elements = 0;
    long pending = 0;
    int pendingBits = 0;
    int written = 0;
    if (count >= 32) {
      IntVector slotDefinition = IntVector.broadcast(INTS, slotDefinitionLevel);
      IntVector slotRepetition = IntVector.broadcast(INTS, slotRepetitionLevel);
      IntVector valid = IntVector.broadcast(INTS, definitionLevel);
      IntVector elementDefinition = IntVector.broadcast(INTS, elementDefinitionLevel);
      IntVector elementRepetition = IntVector.broadcast(INTS, repetitionLevel);
      for (; i + 32 <= end; i += 32) {
        int slotWord = atMostWord(repetitionLevels, i, slotRepetition);
        if (slotDefinitionLevel > 0) {
          slotWord &= atLeastWord(definitionLevels, i, slotDefinition);
        }
        int elementWord = atLeastWord(definitionLevels, i, elementDefinition)
            & atMostWord(repetitionLevels, i, elementRepetition);
        if (slotWord != 0) {
          int validWord = atLeastWord(definitionLevels, i, valid);
          // Up to 31 pending bits plus up to 32 new ones; a whole 32-bit word is stored as soon as there is one.
          for (int slots = slotWord; slots != 0; slots &= slots - 1) {
            int entry = Integer.numberOfTrailingZeros(slots);
            offsets[slot++] = elements + Integer.bitCount(elementWord & ((1 << entry) - 1));
            pending |= (long) ((validWord >>> entry) & 1) << pendingBits++;
          }
          if (pendingBits >= 32) {
            storeWord(validity, written, pending);
            written += 4;
            pending >>>= 32;
            pendingBits -= 32;
          }
        }
        elements += Integer.bitCount(elementWord);
      }
      for (; pendingBits >= 8; pendingBits -= 8) {
        validity[written++] = (byte) pending;
        pending >>>= 8;
      }
    }
    for (; i < end; i++) {
      int level = definitionLevels[i];
      int repetition = repetitionLevels[i];
      if (repetition <= slotRepetitionLevel && level >= slotDefinitionLevel) {
        offsets[slot++] = elements;
        pending |= (long) (level >= definitionLevel ? 1 : 0) << pendingBits;
        if (++pendingBits == 8) {
          validity[written++] = (byte) pending;
          pending = 0;
          pendingBits = 0;
        }
      }
      elements += (repetition <= repetitionLevel & level >= elementDefinitionLevel) ? 1 : 0;
    }
    if (pendingBits > 0) {
      validity[written] = (byte) pending;
    }
    offsets[slot] = elements;
    return slot;
  }

  /**
   * Vector on JDK 25, where it ties with scalar, and scalar on JDK 17, where it loses: with 1% nulls a quarter of
   * the blocks take the bit-walking path (NestedLevelsBenchmark; decision record 0003).
   */
  @Override
  public int valueSlots(int[] definitionLevels, int offset, int count, int slotDefinitionLevel,
      int maxDefinitionLevel, int[] valueSlots) {
    if (!MASK_TO_LONG_IS_FAST) {
      return scalar.valueSlots(definitionLevels, offset, count, slotDefinitionLevel, maxDefinitionLevel, valueSlots);
    }
    int i = offset;
    int end = offset + count;
    int slot = 0;
    int values = 0;
    if (count >= 32) {
      IntVector slotDefinition = IntVector.broadcast(INTS, slotDefinitionLevel);
      IntVector maxDefinition = IntVector.broadcast(INTS, maxDefinitionLevel);
      IntVector lanes = IntVector.fromArray(INTS, laneShifts, 0);
      for (; i + 32 <= end; i += 32) {
        int slotWord = slotDefinitionLevel <= 0 ? -1 : atLeastWord(definitionLevels, i, slotDefinition);
        // Levels never exceed the maximum, so "at least the maximum" is "holds a value".
        int valueWord = atLeastWord(definitionLevels, i, maxDefinition);
        if (valueWord == -1) {
          // 32 values in 32 consecutive slots.
          IntVector first = lanes.add(slot);
          first.intoArray(valueSlots, values);
          first.add(8).intoArray(valueSlots, values + 8);
          first.add(16).intoArray(valueSlots, values + 16);
          first.add(24).intoArray(valueSlots, values + 24);
          values += 32;
          slot += 32;
          continue;
        }
        for (int present = valueWord; present != 0; present &= present - 1) {
          int entry = Integer.numberOfTrailingZeros(present);
          valueSlots[values++] = slot + Integer.bitCount(slotWord & ((1 << entry) - 1));
        }
        slot += Integer.bitCount(slotWord);
      }
    }
    for (; i < end; i++) {
      int level = definitionLevels[i];
      if (level >= slotDefinitionLevel) {
        valueSlots[values] = slot;
        values += level == maxDefinitionLevel ? 1 : 0;
        slot++;
      }
    }
    return values;
  }

  /**
   * On JDK 25 one mask word per 32 entries, counted with {@code bitCount}, several times faster than the blended
   * vector sums below; on JDK 17, where mask words are slow, those sums (decision record 0003).
   */
  @Override
  public int countEqual(int[] levels, int offset, int count, int level) {
    int i = offset;
    int end = offset + count;
    int equal = 0;
    if (MASK_TO_LONG_IS_FAST && count >= 4 * INT_LANES) {
      IntVector wanted = IntVector.broadcast(INTS, level);
      for (; i + 4 * INT_LANES <= end; i += 4 * INT_LANES) {
        // Inline rather than through maskWord, whose int word C2 compiled slower in this loop (record 0003).
        equal += Long.bitCount(IntVector.fromArray(INTS, levels, i).eq(wanted).toLong()
            | IntVector.fromArray(INTS, levels, i + INT_LANES).eq(wanted).toLong() << 8
            | IntVector.fromArray(INTS, levels, i + 2 * INT_LANES).eq(wanted).toLong() << 16
            | IntVector.fromArray(INTS, levels, i + 3 * INT_LANES).eq(wanted).toLong() << 24);
      }
    } else if (count >= INT_LANES) {
      IntVector wanted = IntVector.broadcast(INTS, level);
      IntVector zero = IntVector.zero(INTS);
      IntVector one = IntVector.broadcast(INTS, 1);
      IntVector counts = zero;
      for (; i + INT_LANES <= end; i += INT_LANES) {
        counts = counts.add(zero.blend(one, IntVector.fromArray(INTS, levels, i).eq(wanted)));
      }
      equal = counts.reduceLanes(VectorOperators.ADD);
    }
    return equal + scalar.countEqual(levels, i, end - i, level);
  }

  /** Scalar: {@code Long.bitCount} over 8 bytes at a time is already one instruction per 64 bits. */
  @Override
  public int countSetBits(byte[] bitmap, int bitCount) {
    return scalar.countSetBits(bitmap, bitCount);
  }

  /** Bit {@code j} set when {@code levels[at + j] >= threshold}, for {@code j < 32}. */
  private int atLeastWord(int[] levels, int at, IntVector threshold) {
    return maskWord(IntVector.fromArray(INTS, levels, at).compare(VectorOperators.GE, threshold),
        IntVector.fromArray(INTS, levels, at + 8).compare(VectorOperators.GE, threshold),
        IntVector.fromArray(INTS, levels, at + 16).compare(VectorOperators.GE, threshold),
        IntVector.fromArray(INTS, levels, at + 24).compare(VectorOperators.GE, threshold));
  }

  /** Bit {@code j} set when {@code levels[at + j] <= threshold}, for {@code j < 32}. */
  private int atMostWord(int[] levels, int at, IntVector threshold) {
    return maskWord(IntVector.fromArray(INTS, levels, at).compare(VectorOperators.LE, threshold),
        IntVector.fromArray(INTS, levels, at + 8).compare(VectorOperators.LE, threshold),
        IntVector.fromArray(INTS, levels, at + 16).compare(VectorOperators.LE, threshold),
        IntVector.fromArray(INTS, levels, at + 24).compare(VectorOperators.LE, threshold));
  }

  /**
   * For index {@code mask << 4 | bits} of two 4-bit values: the bits of {@code bits} at the positions set in
   * {@code mask}, packed from bit 0 in order.
   */
  private static final byte[] PACKED_NIBBLES = packedNibbles();

  private static byte[] packedNibbles() {
    byte[] table = new byte[256];
    for (int mask = 0; mask < 16; mask++) {
      for (int bits = 0; bits < 16; bits++) {
        int packed = 0;
        int at = 0;
        for (int bit = 0; bit < 4; bit++) {
          if ((mask & (1 << bit)) != 0) {
            packed |= ((bits >>> bit) & 1) << at++;
          }
        }
        table[mask << 4 | bits] = (byte) packed;
      }
    }
    return table;
  }

  /**
   * The bits of {@code bits} at the positions set in {@code mask}, packed from bit 0 in order: what
   * {@code Integer.compress} (JDK 19+, not in our Java 17 API) does, a nibble at a time through a 256-byte table.
   * Measured on DuckDB's nested file (lists of 0–4 elements, so most 32-entry blocks mix slots and non-slots):
   * see the callers.
   */
  static int packBits(int bits, int mask) {
    int packed = 0;
    int at = 0;
    for (int shift = 0; shift < 32; shift += 4) {
      int maskNibble = (mask >>> shift) & 15;
      packed |= PACKED_NIBBLES[maskNibble << 4 | ((bits >>> shift) & 15)] << at;
      at += Integer.bitCount(maskNibble);
    }
    return packed;
  }

  /** The low 32 bits of {@code bits} as 4 little-endian bytes of {@code bitmap} from {@code at}. */
  private static void storeWord(byte[] bitmap, int at, long bits) {
    bitmap[at] = (byte) bits;
    bitmap[at + 1] = (byte) (bits >>> 8);
    bitmap[at + 2] = (byte) (bits >>> 16);
    bitmap[at + 3] = (byte) (bits >>> 24);
  }

  /** Four 8-lane masks as one 32-bit word, lane {@code j} of mask {@code k} at bit {@code 8k + j}. */
  private int maskWord(VectorMask<Integer> first, VectorMask<Integer> second, VectorMask<Integer> third,
      VectorMask<Integer> fourth) {
    if (MASK_TO_LONG_IS_FAST) {
      return (int) (first.toLong() | second.toLong() << 8 | third.toLong() << 16 | fourth.toLong() << 24);
    }
    IntVector zero = IntVector.zero(INTS);
    return zero.blend(bitWeights[0], first).or(zero.blend(bitWeights[1], second))
        .or(zero.blend(bitWeights[2], third)).or(zero.blend(bitWeights[3], fourth)).reduceLanes(VectorOperators.OR);
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
