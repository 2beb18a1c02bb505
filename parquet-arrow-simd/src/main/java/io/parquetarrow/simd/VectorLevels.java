package io.parquetarrow.simd;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The level kernels of {@link VectorKernels}: definition levels to validity bits and back, the validity, offsets
 * and value slots of nested nodes, and counting levels equal to a value, 8 int lanes at a time; short inputs and
 * tails go to {@link ScalarKernels}.
 */
final class VectorLevels {
  private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_256;
  private static final int INT_LANES = 8;
  /**
   * {@link VectorMask#toLong()} compiles to a single move-mask instruction from JDK 25 on, but JDK 17's C2 does
   * not intrinsify it and it loses to the scalar loop there; on JDK 17 the kernels spread a mask over bit weights
   * and fold the lanes instead (decision record 0003).
   */
  static final boolean MASK_TO_LONG_IS_FAST = Runtime.version().feature() >= 25;

  private final ScalarKernels scalar = ScalarKernels.INSTANCE;
  /** {@code 0, 1, …, 7}: the lane numbers. */
  private final int[] laneShifts = {0, 1, 2, 3, 4, 5, 6, 7};

  /** {@code 1 << (8 * k + lane)}: one validity bit per int lane for byte {@code k} of a 32-bit word. */
  private final IntVector[] bitWeights;

  VectorLevels() {
    bitWeights = new IntVector[4];
    for (int k = 0; k < 4; k++) {
      int shift = 8 * k;
      bitWeights[k] = IntVector.fromArray(INTS, new int[] {
          1 << shift, 2 << shift, 4 << shift, 8 << shift, 16 << shift, 32 << shift, 64 << shift, 128 << shift}, 0);
    }
  }


  int levelsToValidity(
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

  void validityToLevels(
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
  int nodeValidity(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
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
  int nodeValidityAndOffsets(int[] definitionLevels, int[] repetitionLevels, int offset, int count,
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
  int valueSlots(int[] definitionLevels, int offset, int count, int slotDefinitionLevel,
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
  int countEqual(int[] levels, int offset, int count, int level) {
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
  int countSetBits(byte[] bitmap, int bitCount) {
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
}
