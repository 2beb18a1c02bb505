package io.parquetarrow.core.page;

import java.lang.ref.SoftReference;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Heap scratch arrays kept between readers: the decompressed page, the compressed chunk window, the page's levels
 * and the batch arrays a reader released when it closed, handed to the next reader that needs one. A new Java
 * array is zeroed by the JVM before use, a pass over memory that the reader then overwrites anyway: with DuckDB's
 * files (one page of about 10 MB per column chunk) that zeroing was 8 % of a read of the nested dataset and 11 %
 * of list_int64 (perf, memset under {@code MemAllocator::allocate}). Arrow C++ gets the same from jemalloc.
 *
 * <p>An array is owned by one holder at a time: who {@code give}s an array must drop its reference to it (the
 * methods return an empty array to assign). Arrays come back with stale contents, never read: every holder writes
 * before it reads. The pool holds them through soft references, at most {@link #MAXIMUM_BYTES} in all, so memory
 * pressure clears them; it is shared by all readers and threads (a lock around a short list).
 */
public final class ScratchArrays {
  /**
   * The most bytes kept, 256 MiB or an eighth of the maximum heap if that is less; arrays given beyond it are left
   * to the garbage collector.
   */
  static final long MAXIMUM_BYTES = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 8);
  /** Arrays shorter than this are left to the allocator: cheap to zero, and not worth the pool's lock. */
  static final int MINIMUM_BYTES = 64 << 10;

  private static final byte[] NO_BYTES = new byte[0];
  private static final int[] NO_INTS = new int[0];
  private static final long[] NO_LONGS = new long[0];

  private static final List<Pooled> POOL = new ArrayList<>();
  private static long pooledBytes;

  private ScratchArrays() {}

  /** A byte array of at least {@code length} entries, from the pool or new; its contents are stale. */
  public static byte[] bytes(int length) {
    Object pooled = (long) length >= MINIMUM_BYTES ? take(byte[].class, length) : null;
    byte[] array = pooled != null ? (byte[]) pooled : new byte[length];
    assert poison(array);
    return array;
  }

  /** An int array of at least {@code length} entries, from the pool or new; its contents are stale. */
  public static int[] ints(int length) {
    Object pooled = 4L * length >= MINIMUM_BYTES ? take(int[].class, length) : null;
    int[] array = pooled != null ? (int[]) pooled : new int[length];
    assert poison(array);
    return array;
  }

  /** A long array of at least {@code length} entries, from the pool or new; its contents are stale. */
  public static long[] longs(int length) {
    Object pooled = 8L * length >= MINIMUM_BYTES ? take(long[].class, length) : null;
    long[] array = pooled != null ? (long[]) pooled : new long[length];
    assert poison(array);
    return array;
  }

  /** Gives {@code old} up and returns an array of at least {@code length} entries in its place, contents stale. */
  public static byte[] replace(byte[] old, int length) {
    give(old);
    return bytes(length);
  }

  /** Gives {@code old} up and returns an array of at least {@code length} entries in its place, contents stale. */
  public static int[] replace(int[] old, int length) {
    give(old);
    return ints(length);
  }

  /** {@code Arrays.copyOf} to a longer array from the pool (entries past {@code old}'s stale); gives up {@code old}. */
  public static byte[] copyOf(byte[] old, int length) {
    byte[] grown = bytes(length);
    System.arraycopy(old, 0, grown, 0, old.length);
    give(old);
    return grown;
  }

  /** {@code Arrays.copyOf} to a longer array from the pool (entries past {@code old}'s stale); gives up {@code old}. */
  public static int[] copyOf(int[] old, int length) {
    int[] grown = ints(length);
    System.arraycopy(old, 0, grown, 0, old.length);
    give(old);
    return grown;
  }

  /** {@code Arrays.copyOf} to a longer array from the pool (entries past {@code old}'s stale); gives up {@code old}. */
  public static long[] copyOf(long[] old, int length) {
    long[] grown = longs(length);
    System.arraycopy(old, 0, grown, 0, old.length);
    give(old);
    return grown;
  }

  /**
   * With assertions on (as in our tests), fills an array handed out with a pattern no reader expects, new ones
   * too, so a caller that reads an entry before writing it fails its test rather than passing on zeros.
   */
  private static boolean poison(Object array) {
    if (array instanceof byte[] bytes) {
      Arrays.fill(bytes, (byte) 0xA5);
    } else if (array instanceof int[] ints) {
      Arrays.fill(ints, 0xA5A5A5A5);
    } else {
      Arrays.fill((long[]) array, 0xA5A5A5A5A5A5A5A5L);
    }
    return true;
  }

  /** Gives {@code array} to the pool; returns an empty array for the caller to hold instead. */
  public static byte[] give(byte[] array) {
    keep(array, array.length);
    return NO_BYTES;
  }

  /** Gives {@code array} to the pool; returns an empty array for the caller to hold instead. */
  public static int[] give(int[] array) {
    keep(array, 4L * array.length);
    return NO_INTS;
  }

  /** Gives {@code array} to the pool; returns an empty array for the caller to hold instead. */
  public static long[] give(long[] array) {
    keep(array, 8L * array.length);
    return NO_LONGS;
  }

  /** Bytes held by the pool's arrays (some may have been cleared by the collector since); for tests. */
  static synchronized long pooledBytes() {
    return pooledBytes;
  }

  /** Empties the pool; for tests. */
  static synchronized void clear() {
    POOL.clear();
    pooledBytes = 0;
  }

  private static synchronized void keep(Object array, long bytes) {
    if (bytes < MINIMUM_BYTES || pooledBytes + bytes > MAXIMUM_BYTES) {
      return;
    }
    for (Pooled pooled : POOL) {
      if (pooled.array.get() == array) {
        throw new IllegalStateException("scratch array given twice");
      }
    }
    POOL.add(new Pooled(new SoftReference<>(array), bytes));
    pooledBytes += bytes;
  }

  /** The smallest pooled array of {@code type} with at least {@code length} entries, removed; null if none. */
  private static synchronized Object take(Class<?> type, int length) {
    int best = -1;
    Object bestArray = null;
    int bestLength = Integer.MAX_VALUE;
    for (int i = POOL.size() - 1; i >= 0; i--) {
      Pooled pooled = POOL.get(i);
      Object array = pooled.array.get();
      if (array == null) {
        // Cleared by the collector.
        POOL.remove(i);
        pooledBytes -= pooled.bytes;
        if (best > i) {
          best--;
        }
        continue;
      }
      if (array.getClass() == type) {
        int arrayLength = Array.getLength(array);
        // Not a much larger array than asked for: a later, larger request would then miss it.
        if (arrayLength >= length && arrayLength < bestLength && arrayLength <= 4L * length) {
          best = i;
          bestArray = array;
          bestLength = arrayLength;
        }
      }
    }
    if (best >= 0) {
      pooledBytes -= POOL.remove(best).bytes;
    }
    return bestArray;
  }

  /** A pooled array and its size in bytes (still known once the collector has cleared the reference). */
  private record Pooled(SoftReference<Object> array, long bytes) {}
}
