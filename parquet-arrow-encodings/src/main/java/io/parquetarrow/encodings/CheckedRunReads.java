package io.parquetarrow.encodings;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The reads of an {@link RleBitPackedHybridDecoder} that check every value against a bound while decoding its
 * runs: repetition and definition levels against the column's maximum level (counting the values at one level on
 * the way), dictionary indices against the dictionary size, whether read whole or picked for a filtered read. The
 * decoder's public {@code readCounting}, {@code readCheckingBelow} and {@code readPickedCheckingBelow} delegate
 * here, where their contracts are documented.
 *
 * <p>Why a class of its own: these loops repeat the decoder's run walk with a check per run or per unpacked
 * block, and kept apart they leave the decoder to the grammar, the run headers and the plain hot loops. They use
 * the decoder's package-private run state and primitives ({@code readShortRuns}, {@code readPacked},
 * {@code readRunHeader}), all on a final class, so the JIT inlines them and a read costs what it did inside it.
 */
final class CheckedRunReads {
  private CheckedRunReads() {}

  /** {@link RleBitPackedHybridDecoder#readCounting}. */
  static int readCounting(RleBitPackedHybridDecoder decoder, int[] destination, int destinationOffset, int count,
      int counted, int maximum) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(decoder.what(), count, decoder.valuesRemaining());
    Objects.checkFromIndexSize(destinationOffset, count, destination.length);
    int offset = destinationOffset;
    int left = count;
    int equal = 0;
    while (left > 0) {
      if (decoder.runRemaining() == 0) {
        int whole = decoder.readShortRuns(destination, offset, left);
        if (whole > 0) {
          equal += countChecking(decoder, destination, offset, whole, counted, maximum);
          offset += whole;
          left -= whole;
        }
        if (left > 0) {
          decoder.readRunHeader();
        }
        continue;
      }
      int take = Math.min(left, decoder.runRemaining());
      if (decoder.inRleRun()) {
        int rleValue = decoder.rleValue();
        if (Integer.compareUnsigned(rleValue, maximum) > 0) {
          throw aboveTarget(decoder, rleValue, maximum);
        }
        Arrays.fill(destination, offset, offset + take, rleValue);
        if (rleValue == counted) {
          equal += take;
        }
      } else {
        decoder.readPacked(destination, offset, take);
        equal += countChecking(decoder, destination, offset, take, counted, maximum);
      }
      offset += take;
      left -= take;
      decoder.consumeRun(take);
    }
    return equal;
  }

  /**
   * How many of {@code values[offset, +count)} equal {@code counted}; throws at the first above {@code maximum}
   * (unsigned).
   */
  private static int countChecking(RleBitPackedHybridDecoder decoder, int[] values, int offset, int count,
      int counted, int maximum) throws ParquetCorruptionException {
    int bitWidth = decoder.bitWidth();
    int equal = 0;
    boolean above = false;
    if (bitWidth < 31 && maximum >= (1 << bitWidth) - 1 && counted >= 0) {
      // No value of this width can exceed the maximum (levels of width 1 and maximum 1, width 2 and 3, ...):
      // count only, with the kernel (vectorised where the Vector API is on).
      equal = decoder.kernels().countEqual(values, offset, count, counted);
    } else if (bitWidth < 32 && maximum >= 0 && counted >= 0) {
      // Values, maximum and counted are non-negative ints here, so plain arithmetic counts and checks them
      // without branches (a loop the JIT can vectorise): (value ^ counted) - 1 is negative only when they are
      // equal, maximum - value only when the value is above the maximum.
      int sign = 0;
      for (int i = offset, end = offset + count; i < end; i++) {
        int value = values[i];
        equal += ((value ^ counted) - 1) >>> 31;
        sign |= maximum - value;
      }
      above = sign < 0;
    } else {
      for (int i = offset, end = offset + count; i < end; i++) {
        equal += values[i] == counted ? 1 : 0;
        above |= Integer.compareUnsigned(values[i], maximum) > 0;
      }
    }
    if (above) {
      for (int i = offset, end = offset + count; i < end; i++) {
        if (Integer.compareUnsigned(values[i], maximum) > 0) {
          throw aboveTarget(decoder, values[i], maximum);
        }
      }
    }
    return equal;
  }

  /** {@link RleBitPackedHybridDecoder#readCheckingBelow}. */
  static long readCheckingBelow(RleBitPackedHybridDecoder decoder, int[] destination, int destinationOffset,
      int count, int bound) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(decoder.what(), count, decoder.valuesRemaining());
    Objects.checkFromIndexSize(destinationOffset, count, destination.length);
    int bitWidth = decoder.bitWidth();
    int offset = destinationOffset;
    int left = count;
    long offending = -1;
    while (left > 0) {
      if (decoder.runRemaining() == 0) {
        int whole = decoder.readShortRuns(destination, offset, left);
        if (whole > 0) {
          if (offending < 0) {
            offending = firstNotBelow(bitWidth, destination, offset, whole, bound);
          }
          offset += whole;
          left -= whole;
        }
        if (left > 0) {
          decoder.readRunHeader();
        }
        continue;
      }
      int take = Math.min(left, decoder.runRemaining());
      if (decoder.inRleRun()) {
        int rleValue = decoder.rleValue();
        if (Integer.compareUnsigned(rleValue, bound) >= 0 && offending < 0) {
          offending = Integer.toUnsignedLong(rleValue);
        }
        Arrays.fill(destination, offset, offset + take, rleValue);
      } else {
        decoder.readPacked(destination, offset, take);
        if (offending < 0) {
          offending = firstNotBelow(bitWidth, destination, offset, take, bound);
        }
      }
      offset += take;
      left -= take;
      decoder.consumeRun(take);
    }
    return offending;
  }

  /** {@link RleBitPackedHybridDecoder#readPickedCheckingBelow}. */
  static long readPickedCheckingBelow(RleBitPackedHybridDecoder decoder, int count, int[] picks, int first,
      int pickCount, int[] destination, int bound) throws ParquetCorruptionException {
    PageCursor.checkValuesRemain(decoder.what(), count, decoder.valuesRemaining());
    Objects.checkFromIndexSize(first, pickCount, picks.length);
    Objects.checkFromIndexSize(0, pickCount, destination.length);
    long offending = -1;
    int pick = first;
    int end = first + pickCount;
    int out = 0;
    int done = 0;
    while (done < count) {
      if (decoder.runRemaining() == 0) {
        decoder.readRunHeader();
        continue;
      }
      int take = Math.min(count - done, decoder.runRemaining());
      int runEnd = done + take;
      boolean inRleRun = decoder.inRleRun();
      for (; pick < end && picks[pick] < runEnd; pick++) {
        int at = picks[pick] - done;
        if (at < 0) {
          throw new IllegalArgumentException("pick " + picks[pick] + " is not ascending");
        }
        int value = inRleRun ? decoder.rleValue() : decoder.packedValueAhead(at);
        if (Integer.compareUnsigned(value, bound) >= 0 && offending < 0) {
          offending = Integer.toUnsignedLong(value);
        }
        destination[out++] = value;
      }
      if (!inRleRun) {
        decoder.skipPacked(take);
      }
      done = runEnd;
      decoder.consumeRun(take);
    }
    if (pick != end) {
      throw new IllegalArgumentException("pick " + picks[pick] + " is not below " + count);
    }
    return offending;
  }

  /** The first of {@code values[offset, +count)} not below {@code bound} (unsigned), or -1. */
  private static long firstNotBelow(int bitWidth, int[] values, int offset, int count, int bound) {
    if (bitWidth < 32 && bound > 0) {
      // Non-negative values: bound - 1 - value is negative exactly when value >= bound; OR-ing keeps the sign.
      int sign = 0;
      int last = bound - 1;
      for (int i = offset, end = offset + count; i < end; i++) {
        sign |= last - values[i];
      }
      if (sign >= 0) {
        return -1;
      }
    }
    for (int i = offset, end = offset + count; i < end; i++) {
      if (Integer.compareUnsigned(values[i], bound) >= 0) {
        return Integer.toUnsignedLong(values[i]);
      }
    }
    return -1;
  }

  private static ParquetCorruptionException aboveTarget(RleBitPackedHybridDecoder decoder, int value, int target) {
    return ParquetCorruptionException.of("%s: value %d exceeds the maximum %d", decoder.what(),
        Integer.toUnsignedLong(value), Integer.toUnsignedLong(target));
  }
}
