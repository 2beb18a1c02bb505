package io.parquetarrow.spark;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The one Arrow root allocator of an executor (or driver) process: every task reads and writes through a child of
 * it, named after the task and closed when the task ends, so memory a task leaves behind is reported as that
 * task's leak.
 */
public final class ParquetArrowAllocators {
  private static final RootAllocator ROOT = new RootAllocator(Long.MAX_VALUE);

  private ParquetArrowAllocators() {}

  /** The process's root allocator; tests check its {@code getAllocatedMemory()} is 0 after a query. */
  public static BufferAllocator root() {
    return ROOT;
  }

  /** A new child of the root for one task. */
  static BufferAllocator forTask(String name) {
    return ROOT.newChildAllocator(name, 0, Long.MAX_VALUE);
  }
}
