package io.parquetarrow.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;

/**
 * {@link StreamMemory} waits for buffers that another holder (gRPC, in the server) still references after the
 * stream has closed its own, and is woken when that holder lets go.
 */
class StreamMemoryTest {

  @Test
  void waitsUntilTheLastReferenceIsReleased() throws Exception {
    try (BufferAllocator root = TestAllocators.root()) {
      try (StreamMemory memory = new StreamMemory(root, "get-1")) {
        ArrowBuf buffer = memory.allocator().buffer(1024);
        buffer.getReferenceManager().retain();
        buffer.close();
        assertThat(memory.awaitReleased(50)).as("released while a reference is held").isFalse();

        CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
          sleep(100);
          buffer.getReferenceManager().release();
        });
        assertThat(memory.awaitReleased(60_000)).as("released after the holder let go").isTrue();
        release.get();
      }
      assertThat(root.getAllocatedMemory()).isZero();
    }
  }

  @Test
  void nothingHeldReturnsAtOnce() throws Exception {
    try (BufferAllocator root = TestAllocators.root(); StreamMemory memory = new StreamMemory(root, "get-2")) {
      memory.allocator().buffer(64).close();
      assertThat(memory.awaitReleased(0)).isTrue();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
