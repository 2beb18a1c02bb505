package io.parquetarrow.bench;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Measures this machine's memory copy bandwidth, the ceiling for decoding PLAIN uncompressed fixed-width pages
 * (which is a copy from the page into the vector): the best of several copies of a buffer far larger than the
 * caches, on heap ({@code System.arraycopy}) and off heap (Arrow buffer to Arrow buffer). Returns bytes copied
 * per second (each byte is read once and written once).
 */
final class MemoryBandwidth {
  private MemoryBandwidth() {}

  /** The size copied; well beyond any last-level cache. */
  static final int BYTES = 128 << 20;

  record Result(double heapBytesPerSecond, double offHeapBytesPerSecond) {
    double best() {
      return Math.max(heapBytesPerSecond, offHeapBytesPerSecond);
    }
  }

  static Result measure(BufferAllocator allocator, int repetitions) {
    byte[] source = new byte[BYTES];
    byte[] target = new byte[BYTES];
    for (int index = 0; index < BYTES; index += 4096) {
      source[index] = (byte) index;
    }
    long bestHeap = Long.MAX_VALUE;
    for (int repetition = 0; repetition < repetitions; repetition++) {
      long started = System.nanoTime();
      System.arraycopy(source, 0, target, 0, BYTES);
      bestHeap = Math.min(bestHeap, System.nanoTime() - started);
    }
    long bestOffHeap = Long.MAX_VALUE;
    try (ArrowBuf from = allocator.buffer(BYTES); ArrowBuf to = allocator.buffer(BYTES)) {
      from.setBytes(0, source);
      to.setZero(0, BYTES);
      for (int repetition = 0; repetition < repetitions; repetition++) {
        long started = System.nanoTime();
        to.setBytes(0, from, 0, BYTES);
        bestOffHeap = Math.min(bestOffHeap, System.nanoTime() - started);
      }
    }
    return new Result(BYTES * 1e9 / bestHeap, BYTES * 1e9 / bestOffHeap);
  }
}
