package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link RleBitPackedHybridDecoder#readPickedCheckingBelow}, which a filtered read uses for the dictionary indices of
 * its few selected rows, dueled against reading every value: on pages of our encoder and on pages of short runs
 * with one-byte headers as DuckDB writes them, every bit width, picks of every density, interleaved with reads
 * and skips that leave the decoder inside a run or a buffered group, and the first kept value out of range found.
 */
class RlePickedReadsTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();
  private static final int[] WIDTHS = {0, 1, 2, 3, 5, 7, 8, 12, 13, 17, 20, 24, 25, 31, 32};

  @Test
  void pickedValuesAreTheValuesAtThePicks() throws Exception {
    long seed = System.nanoTime();
    System.out.println("RlePickedReadsTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int width : WIDTHS) {
      for (int count : new int[] {1, 7, 8, 9, 100, 5_000}) {
        for (boolean shortRuns : new boolean[] {false, true}) {
          int[] values = values(random, count, width);
          byte[] page = shortRuns ? shortRuns(random, values, width) : encode(values, width);
          String shape = "width " + width + ", " + count + " values, " + (shortRuns ? "short runs" : "our encoder");
          RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, width);
          decoder.init(page, 0, page.length, count);
          int at = 0;
          while (at < count) {
            int step = 1 + random.nextInt(Math.min(count - at, 1 + random.nextInt(700)));
            switch (random.nextInt(4)) {
              case 0 -> {
                int[] read = new int[step];
                decoder.read(read, 0, step);
                assertThat(read).as("%s, read at %d", shape, at)
                    .isEqualTo(Arrays.copyOfRange(values, at, at + step));
              }
              case 1 -> decoder.skip(step);
              default -> {
                int[] picks = picks(random, step);
                int[] kept = new int[picks.length + 1];
                long offending = decoder.readPickedCheckingBelow(step, picks, 0, picks.length, kept, bound(width));
                assertThat(offending).as("%s, nothing out of range", shape).isEqualTo(-1);
                for (int i = 0; i < picks.length; i++) {
                  assertThat(kept[i]).as("%s, pick %d of %d at %d", shape, picks[i], step, at)
                      .isEqualTo(values[at + picks[i]]);
                }
              }
            }
            at += step;
          }
          assertThat(decoder.valuesRemaining()).as(shape).isZero();
        }
      }
    }
  }

  @Test
  void theFirstKeptValueOutOfRangeIsFoundAndSkippedOnesAreNot() throws Exception {
    int[] values = new int[400];
    for (int i = 0; i < values.length; i++) {
      values[i] = i % 50;
    }
    values[120] = 900;
    values[300] = 700;
    byte[] page = encode(values, 10);
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 10);
    decoder.init(page, 0, page.length, values.length);
    int[] kept = new int[4];
    assertThat(decoder.readPickedCheckingBelow(400, new int[] {5, 119, 121, 299}, 0, 4, kept, 50)).isEqualTo(-1);
    decoder.init(page, 0, page.length, values.length);
    assertThat(decoder.readPickedCheckingBelow(400, new int[] {5, 300, 301}, 0, 3, kept, 50)).isEqualTo(700);

    DictionaryIndexDecoder indices = new DictionaryIndexDecoder(KERNELS);
    byte[] withWidth = new byte[page.length + 1];
    withWidth[0] = 10;
    System.arraycopy(page, 0, withWidth, 1, page.length);
    indices.init(withWidth, 0, withWidth.length, values.length);
    assertThatThrownBy(() -> indices.readPickedIndices(400, new int[] {120}, 0, 1, kept, 50))
        .isInstanceOf(ParquetCorruptionException.class)
        .hasMessageContaining("index 900 is out of range for a dictionary of 50 entries");
  }

  @Test
  void picksMustAscendWithinTheValuesRead() throws Exception {
    byte[] page = encode(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 4);
    RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 4);
    decoder.init(page, 0, page.length, 10);
    assertThatThrownBy(() -> decoder.readPickedCheckingBelow(5, new int[] {2, 5}, 0, 2, new int[2], 16))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not below 5");
  }

  private static int bound(int width) {
    return width == 32 ? -1 : 1 << width; // -1: every value is below it, unsigned
  }

  /** Stretches of one value and of noise, each value fitting {@code width} bits. */
  private static int[] values(SplittableRandom random, int count, int width) {
    int[] values = new int[count];
    int i = 0;
    while (i < count) {
      int run = 1 + random.nextInt(random.nextBoolean() ? 12 : 300);
      boolean constant = random.nextInt(3) == 0;
      int value = value(random, width);
      for (int end = Math.min(count, i + run); i < end; i++) {
        values[i] = constant ? value : value(random, width);
      }
    }
    return values;
  }

  private static int value(SplittableRandom random, int width) {
    return width == 0 ? 0 : (int) random.nextLong(1L << width);
  }

  /** Ascending positions below {@code count}, from none to all of them. */
  private static int[] picks(SplittableRandom random, int count) {
    int every = 1 + random.nextInt(random.nextBoolean() ? 4 : 400);
    return IntStream.range(0, count).filter(i -> random.nextInt(every) == 0).toArray();
  }

  private static byte[] encode(int[] values, int width) {
    RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(KERNELS, width);
    encoder.put(values, 0, values.length);
    return encoder.flush().toByteArray();
  }

  /**
   * Runs with one-byte headers: RLE runs of 1 to 63 equal values and bit-packed runs of 1 to 63 groups, the last one
   * padded to whole groups, as DuckDB writes dictionary indices.
   */
  private static byte[] shortRuns(SplittableRandom random, int[] values, int width) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int valueBytes = (width + 7) / 8;
    int i = 0;
    while (i < values.length) {
      int same = 1;
      while (i + same < values.length && same < 63 && values[i + same] == values[i]) {
        same++;
      }
      if (width == 0 || same >= 8 || i + same == values.length && random.nextBoolean()) {
        out.write(same << 1);
        for (int b = 0; b < valueBytes; b++) {
          out.write(values[i] >>> (8 * b));
        }
        i += same;
        continue;
      }
      int groups = Math.min(1 + random.nextInt(63), (values.length - i + 7) / 8);
      int[] packed = Arrays.copyOf(Arrays.copyOfRange(values, i, Math.min(values.length, i + groups * 8)),
          groups * 8);
      byte[] bytes = new byte[groups * width];
      KERNELS.packInts(packed, 0, groups * 8, width, bytes, 0);
      out.write(groups << 1 | 1);
      out.write(bytes, 0, bytes.length);
      i += groups * 8;
    }
    return out.toByteArray();
  }
}
