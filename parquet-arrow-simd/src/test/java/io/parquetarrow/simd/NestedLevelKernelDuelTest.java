package io.parquetarrow.simd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Duel tests of the nested-level kernels ({@link ParquetKernels#nodeValidity},
 * {@link ParquetKernels#nodeValidityAndOffsets}, {@link ParquetKernels#valueSlots},
 * {@link ParquetKernels#countEqual}, {@link ParquetKernels#countSetBits}): the Vector API kernels and the scalar
 * reference against a naive list-building model written here, for every combination of level thresholds up to
 * definition level 4 and repetition level 2, lengths around every 8- and 32-entry block boundary up to 4098, and
 * level mixes from all-null to all-present (so both the whole-block fast paths and the bit-walking paths run).
 * Inputs and outputs are exact-length arrays (inputs after a small prefix), so a kernel that reads or writes past
 * its range fails with {@link ArrayIndexOutOfBoundsException}. The seed is printed in every failure message;
 * rerun one with {@code -Dparquet.arrow.test.seed=N}.
 */
class NestedLevelKernelDuelTest {

  private static final long SEED = Long.getLong("parquet.arrow.test.seed", System.nanoTime());
  private static final int PREFIX = 3;
  private static final int[] LENGTHS = IntStream.concat(IntStream.rangeClosed(0, 80),
      IntStream.of(95, 96, 97, 127, 128, 129, 255, 256, 257, 1000, 1023, 1024, 1025, 4095, 4096, 4097, 4098))
      .toArray();
  /** Probability that a level is the maximum (the rest spread evenly): from mostly-null to all-present. */
  private static final double[] PRESENT = {0.0, 0.5, 0.9, 0.99, 1.0};

  private final ParquetKernels scalar = ScalarKernels.INSTANCE;
  private final ParquetKernels vector = new VectorKernels();

  /** Levels in {@code [0, max]} after {@link #PREFIX} junk entries, {@code present} of them at {@code max}. */
  private static int[] levels(Random random, int count, int max, double present) {
    int[] levels = new int[PREFIX + count];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = i < PREFIX ? 99 : random.nextDouble() < present ? max : random.nextInt(max + 1);
    }
    return levels;
  }

  private static String where(String kernel, int count, String thresholds, double present) {
    return String.format("%s count %d %s present %.2f (seed %d)", kernel, count, thresholds, present, SEED);
  }

  private static boolean isSlot(int[] definition, int[] repetition, int i, int slotDefinition, int slotRepetition) {
    return (repetition == null || repetition[i] <= slotRepetition) && definition[i] >= slotDefinition;
  }

  private static byte[] bitmap(List<Boolean> bits) {
    byte[] bitmap = new byte[(bits.size() + 7) / 8];
    for (int i = 0; i < bits.size(); i++) {
      if (bits.get(i)) {
        bitmap[i >>> 3] |= (byte) (1 << (i & 7));
      }
    }
    return bitmap;
  }

  /** The nibble-table bit compression behind the vector nested kernels, against a bit-by-bit reference. */
  @Test
  void packBitsMatchesBitByBitCompression() {
    Random random = new Random(SEED ^ 5);
    int[] fixed = {0, -1, 1, 0x80000000, 0x55555555, 0xAAAAAAAA, 0x0F0F0F0F, 0xF0F0F0F0, 0x7FFFFFFF};
    for (int round = 0; round < 20_000; round++) {
      int bits = round < fixed.length * fixed.length ? fixed[round % fixed.length] : random.nextInt();
      int mask = round < fixed.length * fixed.length ? fixed[round / fixed.length] : random.nextInt();
      int expected = 0;
      for (int bit = 0, at = 0; bit < 32; bit++) {
        if ((mask & (1 << bit)) != 0) {
          expected |= ((bits >>> bit) & 1) << at++;
        }
      }
      assertThat(VectorLevels.packBits(bits, mask))
          .as("packBits(%08x, %08x) (seed %d)", bits, mask, SEED).isEqualTo(expected);
    }
  }

  @Test
  void nodeValidityDuel() {
    Random random = new Random(SEED ^ 1);
    for (int maxDefinition = 0; maxDefinition <= 4; maxDefinition++) {
      for (int maxRepetition = 0; maxRepetition <= 2; maxRepetition++) {
        for (int count : LENGTHS) {
          double present = PRESENT[random.nextInt(PRESENT.length)];
          int[] definition = levels(random, count, maxDefinition, present);
          int[] repetition = maxRepetition == 0 ? null : levels(random, count, maxRepetition, present);
          int slotDefinition = random.nextInt(maxDefinition + 1);
          int slotRepetition = random.nextInt(maxRepetition + 1);
          int validDefinition = slotDefinition + random.nextInt(maxDefinition - slotDefinition + 1);
          List<Boolean> expected = new ArrayList<>();
          for (int i = PREFIX; i < PREFIX + count; i++) {
            if (isSlot(definition, repetition, i, slotDefinition, slotRepetition)) {
              expected.add(definition[i] >= validDefinition);
            }
          }
          String where = where("nodeValidity", count, String.format("slot def %d rep %d valid def %d max def %d rep %d",
              slotDefinition, slotRepetition, validDefinition, maxDefinition, maxRepetition), present);
          for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
            byte[] validity = new byte[(expected.size() + 7) / 8];
            Arrays.fill(validity, (byte) 0x5A);
            int slots = kernels.nodeValidity(definition, repetition, PREFIX, count, slotDefinition, slotRepetition,
                validDefinition, validity);
            assertThat(slots).as(kernels.name() + " slots, " + where).isEqualTo(expected.size());
            assertThat(validity).as(kernels.name() + " validity, " + where).containsExactly(bitmap(expected));
          }
        }
      }
    }
  }

  @Test
  void nodeValidityAndOffsetsDuel() {
    Random random = new Random(SEED ^ 2);
    for (int maxDefinition = 1; maxDefinition <= 4; maxDefinition++) {
      for (int maxRepetition = 1; maxRepetition <= 2; maxRepetition++) {
        for (int count : LENGTHS) {
          double present = PRESENT[random.nextInt(PRESENT.length)];
          int[] definition = levels(random, count, maxDefinition, present);
          int[] repetition = levels(random, count, maxRepetition, 1 - present);
          int repetitionLevel = 1 + random.nextInt(maxRepetition);
          int slotRepetition = repetitionLevel - 1;
          int slotDefinition = random.nextInt(maxDefinition);
          int validDefinition = slotDefinition + random.nextInt(maxDefinition - slotDefinition);
          int elementDefinition = validDefinition + 1;
          List<Boolean> expectedValidity = new ArrayList<>();
          List<Integer> expectedOffsets = new ArrayList<>();
          int elements = 0;
          for (int i = PREFIX; i < PREFIX + count; i++) {
            if (isSlot(definition, repetition, i, slotDefinition, slotRepetition)) {
              expectedValidity.add(definition[i] >= validDefinition);
              expectedOffsets.add(elements);
            }
            if (repetition[i] <= repetitionLevel && definition[i] >= elementDefinition) {
              elements++;
            }
          }
          expectedOffsets.add(elements);
          String where = where("nodeValidityAndOffsets", count, String.format(
              "slot def %d rep %d valid def %d element def %d rep %d max def %d", slotDefinition, slotRepetition,
              validDefinition, elementDefinition, repetitionLevel, maxDefinition), present);
          for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
            byte[] validity = new byte[(expectedValidity.size() + 7) / 8];
            int[] offsets = new int[expectedOffsets.size()];
            int slots = kernels.nodeValidityAndOffsets(definition, repetition, PREFIX, count, slotDefinition,
                slotRepetition, validDefinition, elementDefinition, repetitionLevel, validity, offsets);
            assertThat(slots).as(kernels.name() + " slots, " + where).isEqualTo(expectedValidity.size());
            assertThat(validity).as(kernels.name() + " validity, " + where).containsExactly(bitmap(expectedValidity));
            assertThat(offsets).as(kernels.name() + " offsets, " + where)
                .containsExactly(expectedOffsets.stream().mapToInt(Integer::intValue).toArray());
          }
        }
      }
    }
  }

  @Test
  void valueSlotsDuel() {
    Random random = new Random(SEED ^ 3);
    for (int maxDefinition = 0; maxDefinition <= 4; maxDefinition++) {
      for (int count : LENGTHS) {
        double present = PRESENT[random.nextInt(PRESENT.length)];
        int[] definition = levels(random, count, maxDefinition, present);
        int slotDefinition = random.nextInt(maxDefinition + 1);
        List<Integer> expected = new ArrayList<>();
        int slots = 0;
        for (int i = PREFIX; i < PREFIX + count; i++) {
          if (definition[i] >= slotDefinition) {
            if (definition[i] == maxDefinition) {
              expected.add(slots);
            }
            slots++;
          }
        }
        String where = where("valueSlots", count, "slot def " + slotDefinition + " max def " + maxDefinition,
            present);
        for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
          int[] valueSlots = new int[slots];
          int values = kernels.valueSlots(definition, PREFIX, count, slotDefinition, maxDefinition, valueSlots);
          assertThat(values).as(kernels.name() + " values, " + where).isEqualTo(expected.size());
          assertThat(Arrays.copyOf(valueSlots, values)).as(kernels.name() + " value slots, " + where)
              .containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
        }
      }
    }
  }

  @Test
  void countEqualAndCountSetBitsDuel() {
    Random random = new Random(SEED ^ 4);
    for (int count : LENGTHS) {
      double present = PRESENT[random.nextInt(PRESENT.length)];
      int max = 1 + random.nextInt(3);
      int[] levels = levels(random, count, max, present);
      int expectedEqual = 0;
      for (int i = PREFIX; i < PREFIX + count; i++) {
        expectedEqual += levels[i] == max ? 1 : 0;
      }
      byte[] bitmap = new byte[(count + 7) / 8];
      random.nextBytes(bitmap);
      int expectedSet = 0;
      for (int i = 0; i < count; i++) {
        expectedSet += (bitmap[i >>> 3] >>> (i & 7)) & 1;
      }
      for (ParquetKernels kernels : new ParquetKernels[] {scalar, vector}) {
        assertThat(kernels.countEqual(levels, PREFIX, count, max))
            .as(where(kernels.name() + " countEqual", count, "level " + max, present)).isEqualTo(expectedEqual);
        assertThat(kernels.countSetBits(bitmap, count))
            .as(where(kernels.name() + " countSetBits", count, "", present)).isEqualTo(expectedSet);
      }
    }
  }
}
