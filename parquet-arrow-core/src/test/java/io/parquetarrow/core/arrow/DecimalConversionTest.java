package io.parquetarrow.core.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.column.ValueConversion;
import io.parquetarrow.simd.KernelProvider;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The decimal conversion a flat column's reader applies while decoding ({@link DecimalAssembler} as a
 * {@link ValueConversion}) against a reference built with {@link BigInteger}: INT32, INT64 and big-endian
 * FIXED_LEN_BYTE_ARRAY of 1 to 8 bytes into decimal128 and decimal256, random values and each width's extremes,
 * 0 and -1, converted from an offset in the source to an offset in the output, with the bytes around the output
 * range left as they were. Longer sources have no conversion (their values may not fit and are checked instead).
 */
class DecimalConversionTest {
  private static final int COUNT = 1_000;

  @Test
  void intsAndLongsConvertToTheirSignExtendedValue() {
    SplittableRandom random = new SplittableRandom(1124);
    for (int width : new int[] {16, 32}) {
      int[] ints = new int[COUNT + 3];
      long[] longs = new long[COUNT + 3];
      for (int i = 0; i < ints.length; i++) {
        ints[i] = switch (i % 6) {
          case 0 -> Integer.MIN_VALUE;
          case 1 -> Integer.MAX_VALUE;
          case 2 -> 0;
          case 3 -> -1;
          default -> random.nextInt();
        };
        longs[i] = switch (i % 6) {
          case 0 -> Long.MIN_VALUE;
          case 1 -> Long.MAX_VALUE;
          case 2 -> 0;
          case 3 -> -1;
          default -> random.nextLong();
        };
      }
      ValueConversion fromInts = conversion(DecimalAssembler.Source.INT32, 4, width);
      ValueConversion fromLongs = conversion(DecimalAssembler.Source.INT64, 8, width);
      assertThat(fromInts.width()).isEqualTo(width);
      byte[] out = poisoned(width);
      fromInts.convertInts(ints, 3, COUNT, out, width);
      check(out, width, i -> BigInteger.valueOf(ints[3 + i]), "INT32 into " + width);
      out = poisoned(width);
      fromLongs.convertLongs(longs, 3, COUNT, out, width);
      check(out, width, i -> BigInteger.valueOf(longs[3 + i]), "INT64 into " + width);
    }
  }

  @Test
  void shortBigEndianValuesConvertToTheirSignExtendedValue() {
    SplittableRandom random = new SplittableRandom(2026);
    for (int width : new int[] {16, 32}) {
      for (int typeLength = 1; typeLength <= 8; typeLength++) {
        // Exactly the values, so the last ones are too close to the end for a whole-word load.
        int first = 5;
        byte[] values = new byte[(first + COUNT) * typeLength];
        random.nextBytes(values);
        for (int edge = 0; edge < 4; edge++) {
          int at = (first + edge) * typeLength;
          Arrays.fill(values, at, at + typeLength, edge < 2 ? (byte) 0 : (byte) -1);
          values[at] = switch (edge) {
            case 0 -> 0; // zero
            case 1 -> 0x7F; // the largest
            case 2 -> (byte) 0x80; // the smallest
            default -> -1; // -1
          };
        }
        ValueConversion conversion = conversion(DecimalAssembler.Source.FIXED_LEN_BYTE_ARRAY, typeLength, width);
        byte[] out = poisoned(width);
        conversion.convertFixed(values, first, COUNT, out, width);
        int length = typeLength;
        check(out, width, i -> new BigInteger(
            Arrays.copyOfRange(values, (first + i) * length, (first + i + 1) * length)),
            "FIXED_LEN_BYTE_ARRAY(" + typeLength + ") into " + width);
      }
    }
  }

  @Test
  void onlySourcesWhoseEveryValueFitsAreConverted() {
    assertThat(new DecimalAssembler(KernelProvider.scalarKernels(), 0, DecimalAssembler.Source.FIXED_LEN_BYTE_ARRAY,
        9, 16).conversion()).as("FIXED_LEN_BYTE_ARRAY(9)").isNull();
    assertThat(new DecimalAssembler(KernelProvider.scalarKernels(), 1, DecimalAssembler.Source.BYTE_ARRAY, 0, 16)
        .conversion()).as("BYTE_ARRAY").isNull();
    assertThat(ColumnAssemblers.conversion(new DecimalAssembler(KernelProvider.scalarKernels(), 1,
        DecimalAssembler.Source.FIXED_LEN_BYTE_ARRAY, 8, 32))).as("FIXED_LEN_BYTE_ARRAY(8)").isNotNull();
  }

  private static ValueConversion conversion(DecimalAssembler.Source source, int typeLength, int width) {
    ValueConversion conversion =
        new DecimalAssembler(KernelProvider.scalarKernels(), 1, source, typeLength, width).conversion();
    assertThat(conversion).as("%s(%d) into %d", source, typeLength, width).isNotNull();
    return conversion;
  }

  /** An output of COUNT values with one value's room before and after, all 0xA5. */
  private static byte[] poisoned(int width) {
    byte[] out = new byte[(COUNT + 2) * width];
    Arrays.fill(out, (byte) 0xA5);
    return out;
  }

  private interface Expected {
    BigInteger value(int index);
  }

  private static void check(byte[] out, int width, Expected expected, String what) {
    for (int k = 0; k < width; k++) {
      assertThat(out[k]).as("%s: byte %d before the output", what, k).isEqualTo((byte) 0xA5);
      assertThat(out[(COUNT + 1) * width + k]).as("%s: byte %d after the output", what, k).isEqualTo((byte) 0xA5);
    }
    for (int i = 0; i < COUNT; i++) {
      byte[] littleEndian = Arrays.copyOfRange(out, (i + 1) * width, (i + 2) * width);
      byte[] bigEndian = new byte[width];
      for (int k = 0; k < width; k++) {
        bigEndian[k] = littleEndian[width - 1 - k];
      }
      assertThat(new BigInteger(bigEndian)).as("%s: value %d", what, i).isEqualTo(expected.value(i));
    }
  }
}
