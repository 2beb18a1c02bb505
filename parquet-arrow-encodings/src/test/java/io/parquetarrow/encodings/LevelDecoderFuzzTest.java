package io.parquetarrow.encodings;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.fuzz.FuzzChecks;
import io.parquetarrow.fuzz.FuzzChecks.FuzzFinding;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.util.SplittableRandom;

/**
 * Jazzer fuzz targets of the level decoders on raw bytes: the RLE/bit-packed hybrid (with and without the 4-byte
 * length prefix of data page v1 levels) through every way the column reader consumes it, and the deprecated
 * BIT_PACKED levels. The input's last bytes choose the bit width, level count, kernels and steps; the rest is the
 * encoded levels. See {@link FuzzChecks} for what counts as a finding; {@code ./fuzz} runs a campaign.
 */
class LevelDecoderFuzzTest {
  private static final int MAX_LEVELS = 1 << 18;
  private static final int MAX_STEP = 4096;
  /** Levels decoded one step at a time before the rest is skipped in one call, to keep each input short. */
  private static final int STEPPED_LEVELS = 1 << 12;

  @FuzzTest
  void rleHybrid(FuzzedDataProvider data) {
    ParquetKernels kernels = data.consumeBoolean() ? KernelProvider.scalarKernels() : KernelProvider.get();
    int bitWidth = data.consumeInt(0, 32);
    int levelCount = data.consumeInt(0, MAX_LEVELS);
    boolean lengthPrefix = data.consumeBoolean();
    int maximum = bitWidth == 0 ? 0 : (int) ((1L << bitWidth) - 1) >>> data.consumeInt(0, 1);
    SplittableRandom steps = new SplittableRandom(data.consumeLong());
    byte[] bytes = data.consumeRemainingAsBytes();
    FuzzChecks.run(bytes.length, () -> {
      RleBitPackedHybridDecoder decoder = (RleBitPackedHybridDecoder) Decoders.levelDecoder(
          Encoding.RLE, bitWidth, kernels);
      int offset = 0;
      int length = bytes.length;
      if (lengthPrefix) {
        length = RleBitPackedHybridDecoder.readLengthPrefix(bytes, 0, bytes.length);
        offset = 4;
        if (length < 0 || length > bytes.length - 4) {
          throw new FuzzFinding("length prefix " + length + " passed for " + bytes.length + " bytes", null);
        }
      }
      decoder.init(bytes, offset, length, levelCount);
      int[] levels = new int[MAX_STEP];
      byte[] bits = new byte[MAX_STEP / 8 + 1];
      int remaining = levelCount;
      while (remaining > 0) {
        int count = Math.min(remaining, 1 + steps.nextInt(MAX_STEP));
        if (levelCount - remaining >= STEPPED_LEVELS) {
          decoder.skip(remaining);
          break;
        }
        switch (steps.nextInt(6)) {
          case 0 -> decoder.skip(count);
          case 1 -> {
            if (!decoder.skipRun(count, maximum)) {
              decoder.read(levels, 0, count);
            }
          }
          case 2 -> {
            if (bitWidth == 1) {
              int ones = decoder.readBits(bits, count);
              if (ones != Bitmaps.count(bits, 0, count)) {
                throw new FuzzFinding("readBits counted " + ones + " ones but set other bits", null);
              }
            } else {
              decoder.read(levels, 0, count);
            }
          }
          case 3 -> {
            int equal = decoder.readCountingEqual(levels, 0, count, maximum);
            checkCounted(levels, count, maximum, maximum, equal);
          }
          case 4 -> {
            int zeros = decoder.readCounting(levels, 0, count, 0, maximum);
            checkCounted(levels, count, 0, maximum, zeros);
          }
          default -> decoder.read(levels, 0, count);
        }
        remaining -= count;
      }
    });
  }

  @FuzzTest
  void bitPacked(FuzzedDataProvider data) {
    int bitWidth = data.consumeInt(0, 32);
    int levelCount = data.consumeInt(0, MAX_LEVELS);
    SplittableRandom steps = new SplittableRandom(data.consumeLong());
    byte[] bytes = data.consumeRemainingAsBytes();
    FuzzChecks.run(bytes.length, () -> {
      ValueDecoder<int[]> decoder = Decoders.levelDecoder(Encoding.BIT_PACKED, bitWidth,
          KernelProvider.scalarKernels());
      decoder.init(bytes, 0, bytes.length, levelCount);
      int[] levels = new int[MAX_STEP];
      int remaining = levelCount;
      while (remaining > 0) {
        int count = Math.min(remaining, 1 + steps.nextInt(MAX_STEP));
        if (levelCount - remaining >= STEPPED_LEVELS) {
          decoder.skip(count = remaining);
        } else if (steps.nextInt(4) == 0) {
          decoder.skip(count);
        } else {
          decoder.read(levels, 0, count);
        }
        remaining -= count;
      }
    });
  }

  /** The levels a counting read accepted must not exceed {@code maximum}, and it must count {@code counted} right. */
  private static void checkCounted(int[] levels, int count, int counted, int maximum, int reported) {
    int equal = 0;
    for (int i = 0; i < count; i++) {
      if (Integer.compareUnsigned(levels[i], maximum) > 0) {
        throw new FuzzFinding("level " + levels[i] + " above the maximum " + maximum + " was accepted", null);
      }
      if (levels[i] == counted) {
        equal++;
      }
    }
    if (equal != reported) {
      throw new FuzzFinding("counted " + reported + " levels equal to " + counted + " but there are " + equal, null);
    }
  }
}
