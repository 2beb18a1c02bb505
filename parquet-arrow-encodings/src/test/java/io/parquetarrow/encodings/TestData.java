package io.parquetarrow.encodings;

import java.util.Arrays;
import java.util.Random;

/** Random test values shaped like real columns: runs, small ranges, full ranges, sorted strings. */
final class TestData {
  static final int[] SIZES = {0, 1, 7, 8, 9, 127, 128, 129, 1000, 10000};

  private TestData() {}

  /** A base seed for a test run, printed so that a failure can be replayed with -DparquetArrow.seed=... */
  static long seed(String test) {
    String fixed = System.getProperty("parquetArrow.seed");
    long seed = fixed != null ? Long.parseLong(fixed) : System.nanoTime();
    System.out.println(test + ": seed " + seed + " (replay with -DparquetArrow.seed=" + seed + ")");
    return seed;
  }

  /** Values below {@code 2^bitWidth} (any int at 32), mixing long runs, short runs and noise. */
  static int[] unsignedWithRuns(Random random, int count, int bitWidth) {
    int[] values = new int[count];
    long bound = 1L << bitWidth;
    int i = 0;
    while (i < count) {
      int kind = random.nextInt(3);
      int length = Math.min(count - i, kind == 0 ? 1 + random.nextInt(100) : 1 + random.nextInt(20));
      if (kind == 0) {
        int value = (int) randomBelow(random, bound);
        Arrays.fill(values, i, i + length, value);
      } else {
        for (int j = 0; j < length; j++) {
          values[i + j] = (int) randomBelow(random, bound);
        }
      }
      i += length;
    }
    return values;
  }

  static long randomBelow(Random random, long bound) {
    return bound >= (1L << 32) ? random.nextInt() : (long) (random.nextDouble() * bound);
  }

  /** INT32 shapes for DELTA_BINARY_PACKED: 0 small deltas, 1 full range, 2 constant, 3 extremes, 4 sorted. */
  static int[] ints(Random random, int count, int shape) {
    int[] values = new int[count];
    int current = random.nextInt();
    for (int i = 0; i < count; i++) {
      values[i] = switch (shape) {
        case 0 -> current += random.nextInt(200) - 100;
        case 1 -> random.nextInt();
        case 2 -> 42;
        case 3 -> random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        default -> current += random.nextInt(1000);
      };
    }
    return values;
  }

  static long[] longs(Random random, int count, int shape) {
    long[] values = new long[count];
    long current = random.nextLong();
    for (int i = 0; i < count; i++) {
      values[i] = switch (shape) {
        case 0 -> current += random.nextInt(200) - 100;
        case 1 -> random.nextLong();
        case 2 -> -7L;
        case 3 -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
        default -> current += random.nextInt(1 << 20);
      };
    }
    return values;
  }

  /** Byte arrays with shared prefixes (sorted words), empties, and some long values. */
  static byte[][] binaries(Random random, int count) {
    byte[][] values = new byte[count][];
    byte[] previous = new byte[0];
    for (int i = 0; i < count; i++) {
      int kind = random.nextInt(10);
      byte[] value;
      if (kind == 0) {
        value = new byte[0];
      } else if (kind == 1) {
        value = new byte[100 + random.nextInt(300)];
        random.nextBytes(value);
      } else {
        int keep = previous.length == 0 ? 0 : random.nextInt(previous.length + 1);
        value = Arrays.copyOf(previous, keep + random.nextInt(12));
        for (int j = keep; j < value.length; j++) {
          value[j] = (byte) ('a' + random.nextInt(26));
        }
      }
      values[i] = value;
      previous = value;
    }
    return values;
  }

  /** Fixed-width values with shared prefixes, back to back. */
  static byte[] fixed(Random random, int count, int width) {
    byte[] values = new byte[count * width];
    for (int i = 0; i < count; i++) {
      if (i > 0 && random.nextBoolean()) {
        int keep = random.nextInt(width + 1);
        System.arraycopy(values, (i - 1) * width, values, i * width, keep);
        for (int j = keep; j < width; j++) {
          values[i * width + j] = (byte) random.nextInt();
        }
      } else {
        for (int j = 0; j < width; j++) {
          values[i * width + j] = (byte) random.nextInt();
        }
      }
    }
    return values;
  }

  static boolean[] booleans(Random random, int count) {
    boolean[] values = new boolean[count];
    int i = 0;
    while (i < count) {
      boolean value = random.nextBoolean();
      int length = Math.min(count - i, random.nextBoolean() ? 1 : 1 + random.nextInt(50));
      for (int j = 0; j < length; j++) {
        values[i + j] = random.nextInt(5) == 0 ? !value : value;
      }
      i += length;
    }
    return values;
  }

  static byte[] asBytes(boolean[] values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) (values[i] ? 1 : 0);
    }
    return bytes;
  }
}
