package io.parquetarrow.fuzz;

import com.sun.management.ThreadMXBean;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.ParquetResourceException;
import java.lang.management.ManagementFactory;

/**
 * The rules every Jazzer fuzz target of parquet-arrow applies to one input (see
 * docs/decisions/0055-coverage-guided-fuzzing.md): the code under test may reject the input with an exception of
 * our family ({@link ParquetException}) or with {@link IllegalArgumentException}; anything else escapes to Jazzer,
 * which records it as a finding. So does a run that allocated more heap than the input's size justifies, measured
 * on the calling thread, which is why targets read on one thread.
 *
 * <p>Shipped in the thrift module's test jar so that the targets of every module apply the same bound.
 */
public final class FuzzChecks {
  /** Heap any input may take regardless of its size: decoders' scratch arrays, exceptions, metadata objects. */
  public static final long BASE_HEAP_BYTES = 32L << 20;
  /** Heap each input byte may add on top of {@link #BASE_HEAP_BYTES}. */
  public static final long HEAP_BYTES_PER_INPUT_BYTE = 64;

  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

  private FuzzChecks() {}

  /** The code under test for one input; may throw what it likes, the checks sort it out. */
  @FunctionalInterface
  public interface Body {
    void run() throws Exception;
  }

  /** The most heap an input of {@code inputLength} bytes may make the code under test allocate. */
  public static long heapBound(long inputLength) {
    return BASE_HEAP_BYTES + HEAP_BYTES_PER_INPUT_BYTE * inputLength;
  }

  /**
   * Runs {@code body} on an input of {@code inputLength} bytes, with {@link ParquetResourceException} accepted
   * (the code under test has no allocator limit that a lie could hit, so the exception means a genuine refusal).
   */
  public static void run(long inputLength, Body body) {
    run(inputLength, true, body);
  }

  /**
   * Runs {@code body} on an input of {@code inputLength} bytes: returns normally when it ends normally or with an
   * expected rejection, throws {@link FuzzFinding} when it allocated more heap than {@link #heapBound} allows, and
   * lets any other throwable through. With {@code resourceExceptionAccepted} false, a
   * {@link ParquetResourceException} is a finding too: a target that gives a generous allocator limit sees one
   * only when the reader sized an allocation from a lie in the input.
   */
  public static void run(long inputLength, boolean resourceExceptionAccepted, Body body) {
    long bound = heapBound(inputLength);
    long allocated = allocatedBy(body, resourceExceptionAccepted);
    // Loading a class (and Jazzer instrumenting it) and Jazzer's growing its coverage map allocate on this thread
    // too: a run above the bound is repeated, and only an input that stays above it every time is a finding.
    for (int repeat = 0; repeat < 2 && allocated > bound; repeat++) {
      allocated = Math.min(allocated, allocatedBy(body, resourceExceptionAccepted));
    }
    if (allocated > bound) {
      throw new FuzzFinding(String.format(
          "input of %d bytes made the code allocate %d bytes of heap, beyond the bound of %d", inputLength,
          allocated, bound), null);
    }
  }

  /** Runs {@code body} once, sorting out what it throws; returns the bytes of heap the thread allocated. */
  private static long allocatedBy(Body body, boolean resourceExceptionAccepted) {
    long threadId = Thread.currentThread().getId();
    long before = THREADS.getThreadAllocatedBytes(threadId);
    try {
      body.run();
    } catch (ParquetResourceException e) {
      if (!resourceExceptionAccepted) {
        throw new FuzzFinding("the allocator refused a request sized from the input: " + e.getMessage(), e);
      }
    } catch (ParquetException | IllegalArgumentException expected) {
      // A rejection of the input, as the contract allows.
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new FuzzFinding("unexpected checked exception " + e, e);
    }
    return THREADS.getThreadAllocatedBytes(threadId) - before;
  }

  /** What a target throws for a finding that is not itself a throwable of the code under test. */
  public static final class FuzzFinding extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FuzzFinding(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
