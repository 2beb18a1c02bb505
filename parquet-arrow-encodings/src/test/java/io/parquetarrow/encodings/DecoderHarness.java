package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.Arrays;
import java.util.Random;

/**
 * Drives a decoder over a page the way the column reader will: one read of everything, then a random sequence
 * of reads and skips at odd counts, each read into a destination at an offset, comparing with the expected
 * values. The page is given as an exact-length array (so a read past its end fails) and, on the second pass,
 * inside a larger array surrounded by garbage (so offsets are honoured).
 */
final class DecoderHarness {
  private static final int[] ODD_COUNTS = {1, 2, 3, 5, 7, 8, 9, 15, 31, 33, 63, 127, 128, 129, 200, 513, 1000};

  private DecoderHarness() {}

  static <T> void check(ValueDecoder<T> decoder, byte[] page, ExpectedValues<T> expected, long seed, String context)
      throws ParquetCorruptionException {
    Random random = new Random(seed);
    String where = context + " (seed " + seed + ", " + page.length + " page bytes, " + expected.count() + " values)";
    int count = expected.count();

    decoder.init(page, 0, page.length, count);
    T all = expected.newDestination(0, count);
    decoder.read(all, expected.destinationOffset(all, 0), count);
    expected.assertHolds(all, expected.destinationOffset(all, 0), 0, count, where + " [read all]");
    T extra = expected.newDestination(0, 1);
    assertThatThrownBy(() -> decoder.read(extra, expected.destinationOffset(extra, 0), 1))
        .as("%s: reading past the page's value count", where)
        .isInstanceOf(ParquetCorruptionException.class);

    int before = 1 + random.nextInt(7);
    byte[] embedded = new byte[before + page.length + 5];
    random.nextBytes(embedded);
    System.arraycopy(page, 0, embedded, before, page.length);
    decoder.init(embedded, before, page.length, count);
    mixedReadsAndSkips(decoder, expected, random, where + " [mixed, embedded]");

    decoder.init(page, 0, page.length, count);
    mixedReadsAndSkips(decoder, expected, random, where + " [mixed, exact]");
  }

  static <T> void mixedReadsAndSkips(ValueDecoder<T> decoder, ExpectedValues<T> expected, Random random, String where)
      throws ParquetCorruptionException {
    int position = 0;
    int count = expected.count();
    StringBuilder steps = new StringBuilder();
    while (position < count) {
      int step = Math.min(count - position, ODD_COUNTS[random.nextInt(ODD_COUNTS.length)]);
      if (random.nextInt(3) == 0) {
        steps.append(" skip ").append(step);
        decoder.skip(step);
      } else {
        steps.append(" read ").append(step);
        int padding = random.nextInt(3);
        T destination = expected.newDestination(padding, step);
        int offset = expected.destinationOffset(destination, padding);
        decoder.read(destination, offset, step);
        expected.assertHolds(destination, offset, position, step, where + " after" + steps);
      }
      position += step;
    }
    // A read and a skip of zero values are allowed at the end.
    T destination = expected.newDestination(0, 0);
    decoder.read(destination, expected.destinationOffset(destination, 0), 0);
    decoder.skip(0);
  }

  /**
   * Decodes the whole page with reads and skips and reports whether it worked; any exception other than
   * {@link ParquetCorruptionException} is a failure. Used by the hostile-input tests on damaged pages.
   */
  static <T> boolean survives(ValueDecoder<T> decoder, byte[] page, ExpectedValues<T> expected, Random random,
      boolean compare, String where) {
    try {
      decoder.init(page, 0, page.length, expected.count());
      if (compare) {
        mixedReadsAndSkips(decoder, expected, random, where);
      } else {
        int position = 0;
        while (position < expected.count()) {
          int step = Math.min(expected.count() - position, ODD_COUNTS[random.nextInt(ODD_COUNTS.length)]);
          if (random.nextBoolean()) {
            decoder.skip(step);
          } else {
            T destination = expected.newDestination(0, step);
            decoder.read(destination, expected.destinationOffset(destination, 0), step);
          }
          position += step;
        }
      }
      return true;
    } catch (ParquetCorruptionException expectedFailure) {
      assertThat(expectedFailure.getMessage()).as("%s: corruption message", where).isNotBlank();
      return false;
    } catch (AssertionError comparisonFailure) {
      throw comparisonFailure;
    } catch (Throwable unexpected) {
      throw new AssertionError(where + ": expected ParquetCorruptionException or success but got " + unexpected,
          unexpected);
    }
  }

  static byte[] slice(byte[] page, int length) {
    return Arrays.copyOf(page, length);
  }
}
