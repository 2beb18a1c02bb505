package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * One-bit levels read as bits ({@link RleBitPackedHybridDecoder#readBits}) equal the levels read as ints, for
 * streams of RLE and bit-packed runs of every length, read after a partial read of every length; and the
 * {@link Bitmaps} ranges equal a bit-by-bit reference at every pair of offsets.
 */
class LevelBitsTest {
  private static final ParquetKernels KERNELS = KernelProvider.get();

  @Test
  void readBitsEqualsReadingInts() throws Exception {
    long seed = 20_261_127L;
    System.out.println("LevelBitsTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int round = 0; round < 300; round++) {
      int count = random.nextInt(1, 3_000);
      int[] levels = new int[count];
      double nullShare = random.nextDouble();
      for (int i = 0; i < count; ) {
        int run = random.nextInt(1, random.nextBoolean() ? 40 : 4);
        int value = random.nextDouble() < nullShare ? 0 : 1;
        boolean repeat = random.nextBoolean();
        for (int k = 0; k < run && i < count; k++, i++) {
          levels[i] = repeat ? value : random.nextDouble() < nullShare ? 0 : 1;
        }
      }
      RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(KERNELS, 1);
      encoder.put(levels, 0, count);
      ByteSlice bytes = encoder.flush();
      int first = random.nextInt(0, Math.min(count, 20));
      RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder(KERNELS, 1);
      decoder.init(bytes.array(), bytes.offset(), bytes.length(), count);
      int[] head = new int[first];
      decoder.read(head, 0, first);
      byte[] bits = new byte[(count >>> 3) + 2];
      int ones = decoder.readBits(bits, count - first);
      int expectedOnes = 0;
      for (int i = first; i < count; i++) {
        int bit = bits[(i - first) >>> 3] >>> ((i - first) & 7) & 1;
        assertThat(bit).as("round %d level %d", round, i).isEqualTo(levels[i]);
        expectedOnes += levels[i];
      }
      assertThat(ones).isEqualTo(expectedOnes);
      assertThat(decoder.valuesRemaining()).isZero();
    }
  }

  @Test
  void bitmapRangesEqualBitByBit() {
    SplittableRandom random = new SplittableRandom(7);
    for (int sourceBit = 0; sourceBit < 17; sourceBit++) {
      for (int destinationBit = 0; destinationBit < 17; destinationBit++) {
        for (int count = 0; count < 300; count += 1 + count / 10) {
          // Exact lengths, so a read or write past the range's last byte fails.
          byte[] source = new byte[(sourceBit + count + 7) / 8];
          random.nextBytes(source);
          byte[] destination = new byte[(destinationBit + count + 7) / 8];
          random.nextBytes(destination);
          byte[] expected = destination.clone();
          int expectedOnes = 0;
          for (int i = 0; i < count; i++) {
            int value = source[(sourceBit + i) >>> 3] >>> ((sourceBit + i) & 7) & 1;
            int at = destinationBit + i;
            expected[at >>> 3] = (byte) (value != 0 ? expected[at >>> 3] | 1 << (at & 7)
                : expected[at >>> 3] & ~(1 << (at & 7)));
            expectedOnes += value;
          }
          int ones = Bitmaps.copy(source, sourceBit, destination, destinationBit, count);
          assertThat(destination).as("copy %d bits from %d to %d", count, sourceBit, destinationBit)
              .isEqualTo(expected);
          assertThat(ones).isEqualTo(expectedOnes);
          assertThat(Bitmaps.count(source, sourceBit, count)).isEqualTo(expectedOnes);
          byte[] filled = destination.clone();
          Bitmaps.fill(filled, destinationBit, count, true);
          assertThat(Bitmaps.count(filled, destinationBit, count)).isEqualTo(count);
          Bitmaps.fill(filled, destinationBit, count, false);
          assertThat(Bitmaps.count(filled, destinationBit, count)).isZero();
          assertThat(Bitmaps.count(filled, 0, destinationBit)).isEqualTo(Bitmaps.count(destination, 0, destinationBit));
        }
      }
    }
  }
}
