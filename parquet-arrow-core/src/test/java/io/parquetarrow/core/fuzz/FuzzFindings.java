package io.parquetarrow.core.fuzz;

import com.sun.management.ThreadMXBean;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.ParquetResourceException;
import java.lang.management.ManagementFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * What the fuzz targets of this module count as a finding, in one place: each input runs through
 * {@link #check} with its own Arrow allocator, and the target throws (so Jazzer records the input) when
 *
 * <ul>
 *   <li>the input ends in a {@link Throwable} that is neither a {@link ParquetException} nor an
 *       {@link IllegalArgumentException} (those are the clean rejections, and are swallowed here);
 *   <li>it ends in a {@link ParquetResourceException}: the allocator's limit of {@value #ARROW_LIMIT_BYTES} bytes is
 *       far above what any seed needs, so hitting it means something was sized from a lie in the input;
 *   <li>a rejection does not name the input (errors say which file), when the target asks for that;
 *   <li>Arrow memory is still allocated once the input is done (a leak, often on an error path);
 *   <li>the thread allocated more Java heap than {@value #HEAP_BASE_BYTES} bytes plus
 *       {@value #HEAP_BYTES_PER_INPUT_BYTE} per input byte while handling it (measured with
 *       {@link ThreadMXBean#getCurrentThreadAllocatedBytes()}, so targets read on the calling thread only; an input
 *       over the bound is run a second time and measured again, so that loading and initialising classes on a
 *       path's first run does not count).
 * </ul>
 *
 * <p>Hangs are left to libFuzzer's per-input {@code -timeout}.
 */
public final class FuzzFindings {
  /** The Arrow allocator limit each input gets. */
  public static final long ARROW_LIMIT_BYTES = 64L << 20;
  /** Heap any input may allocate, whatever its length. */
  public static final long HEAP_BASE_BYTES = 32L << 20;
  /** Heap an input may allocate per byte of its own length, on top of the base. */
  public static final long HEAP_BYTES_PER_INPUT_BYTE = 64;

  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

  private FuzzFindings() {}

  /** The work one input does with its allocator. */
  @FunctionalInterface
  public interface Work {
    void run(BufferAllocator allocator) throws Exception;
  }

  /** How a checked input ended, when it ended without a finding. */
  public enum Outcome {
    /** The work ran to its end. */
    COMPLETED,
    /** The work was rejected with a {@link ParquetException} or an {@link IllegalArgumentException}. */
    REJECTED
  }

  /**
   * Runs {@code work} on one input of {@code inputLength} bytes; returns how it ended, or throws the finding.
   *
   * @param inputName the name the input was given (e.g. the {@code InputFile} name) that every
   *     {@link ParquetException} must contain, or null when messages need not name it
   */
  public static Outcome check(String inputName, long inputLength, Work work) throws Exception {
    long heapBound = HEAP_BASE_BYTES + HEAP_BYTES_PER_INPUT_BYTE * inputLength;
    long heapBefore = THREADS.getCurrentThreadAllocatedBytes();
    Outcome outcome = runOnce(inputName, work);
    long heap = THREADS.getCurrentThreadAllocatedBytes() - heapBefore;
    if (heap > heapBound) {
      // The first time a path runs it also loads and initialises classes; only a repeat of the input measures
      // what the input itself costs.
      heapBefore = THREADS.getCurrentThreadAllocatedBytes();
      runOnce(inputName, work);
      heap = THREADS.getCurrentThreadAllocatedBytes() - heapBefore;
      if (heap > heapBound) {
        throw new AssertionError("the input of " + inputLength + " bytes made the thread allocate " + heap
            + " bytes of heap, above the bound of " + heapBound + " (" + outcome + ")");
      }
    }
    return outcome;
  }

  private static Outcome runOnce(String inputName, Work work) throws Exception {
    Outcome outcome;
    RootAllocator allocator = new RootAllocator(ARROW_LIMIT_BYTES);
    try {
      work.run(allocator);
      outcome = Outcome.COMPLETED;
    } catch (ParquetResourceException e) {
      throw new AssertionError("the Arrow allocator limit of " + ARROW_LIMIT_BYTES
          + " bytes was reached: something was sized from the input's word, not its bytes", e);
    } catch (ParquetException e) {
      if (inputName != null && (e.getMessage() == null || !e.getMessage().contains(inputName))) {
        throw new AssertionError("the rejection does not name the input " + inputName, e);
      }
      outcome = Outcome.REJECTED;
    } catch (IllegalArgumentException e) {
      outcome = Outcome.REJECTED;
    }
    long leaked = allocator.getAllocatedMemory();
    if (leaked != 0) {
      throw new AssertionError(leaked + " bytes of Arrow memory left after the input (" + outcome + "):\n"
          + allocator.toVerboseString());
    }
    allocator.close();
    return outcome;
  }
}
