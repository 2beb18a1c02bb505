package io.parquetarrow.core.testing;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.AllocationManager;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The one place tests get a {@link RootAllocator} from. Every allocator made here is remembered until
 * {@link ArrowLeakExtension} (registered for every test class through JUnit's extension auto-detection) checks,
 * after each test, that it holds no Arrow memory, and closes it. The check does not depend on the test closing its
 * allocator, nor on a leak surfacing through {@code close()}: a leak on an error path, which try-with-resources
 * would attach to the test's expected exception as a suppressed one, still fails the test.
 *
 * <p>Allocators made while a test runs (including its {@code @BeforeEach}) are checked after that test; those made
 * outside one ({@code @BeforeAll}, static fields) are checked after the test class.
 */
public final class TestAllocators {
  private static final List<BufferAllocator> TEST_SCOPED = new ArrayList<>();
  private static final List<BufferAllocator> CLASS_SCOPED = new ArrayList<>();
  private static boolean inTest;

  private TestAllocators() {}

  /** A root allocator without a limit, checked for leaks after the current test. */
  public static RootAllocator root() {
    return register(new RootAllocator());
  }

  /** A root allocator limited to {@code limit} bytes, checked for leaks after the current test. */
  public static RootAllocator root(long limit) {
    return register(new RootAllocator(limit));
  }

  /**
   * A root allocator without a limit whose memory comes from {@code factory} (a wrapper of the default one that
   * fails on cue, say), checked for leaks after the current test.
   */
  public static RootAllocator root(AllocationManager.Factory factory) {
    return register(new RootAllocator(RootAllocator.configBuilder().allocationManagerFactory(factory).build()));
  }

  /**
   * A root allocator limited to {@code limit} bytes that its caller checks and closes itself, not remembered for
   * {@link ArrowLeakExtension}: fuzz targets make one per input (millions in a campaign) and count a leak as a
   * finding of that input.
   */
  public static RootAllocator checkedByCaller(long limit) {
    return new RootAllocator(limit);
  }

  private static synchronized RootAllocator register(RootAllocator allocator) {
    (inTest ? TEST_SCOPED : CLASS_SCOPED).add(allocator);
    return allocator;
  }

  static synchronized void testStarted() {
    inTest = true;
  }

  /** Leak descriptions of the allocators made during the test just ended; all of them are closed. */
  static synchronized List<String> testEnded() {
    inTest = false;
    return checkAndClose(TEST_SCOPED);
  }

  /** Leak descriptions of the allocators made outside tests of the class just ended; all of them are closed. */
  static synchronized List<String> classEnded() {
    return checkAndClose(CLASS_SCOPED);
  }

  private static List<String> checkAndClose(List<BufferAllocator> allocators) {
    List<String> leaks = new ArrayList<>();
    for (BufferAllocator allocator : allocators) {
      long allocated = allocator.getAllocatedMemory();
      if (allocated != 0) {
        leaks.add(allocated + " bytes in " + allocator.toVerboseString());
      }
      try {
        allocator.close();
      } catch (IllegalStateException alreadyReported) {
        // close() refuses an allocator that still holds memory; the leak is in the list above.
        if (allocated == 0) {
          leaks.add("allocator " + allocator.getName() + " would not close: " + alreadyReported.getMessage());
        }
      }
    }
    allocators.clear();
    return leaks;
  }
}
