package io.parquetarrow.core.fuzz;

import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.ParquetResourceException;
import io.parquetarrow.fuzz.FuzzChecks;
import io.parquetarrow.fuzz.FuzzChecks.FuzzFinding;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * What the fuzz targets of this module count as a finding: {@link FuzzChecks}' rules (an exception outside our
 * family and {@link IllegalArgumentException}, or more heap than the input's size justifies) with an Arrow
 * allocator per input added. The target throws, so that Jazzer records the input, when
 *
 * <ul>
 *   <li>the input ends in a {@link ParquetResourceException}: the allocator's limit of
 *       {@value #ARROW_LIMIT_BYTES} bytes is far above what any seed needs, so hitting it means something was sized
 *       from a lie in the input;
 *   <li>a rejection does not name the input (errors say which file), when the target asks for that;
 *   <li>Arrow memory is still allocated once the input is done (a leak, often on an error path).
 * </ul>
 *
 * <p>Hangs are left to libFuzzer's per-input {@code -timeout}.
 */
public final class FuzzFindings {
  /** The Arrow allocator limit each input gets. */
  public static final long ARROW_LIMIT_BYTES = 64L << 20;

  private FuzzFindings() {}

  /** The work one input does with its allocator. */
  @FunctionalInterface
  public interface Work {
    void run(BufferAllocator allocator) throws Exception;
  }

  /**
   * Runs {@code work} on one input of {@code inputLength} bytes; returns when it completed or was rejected cleanly,
   * throws the finding otherwise.
   *
   * @param inputName the name the input was given (e.g. the {@code InputFile} name) that every
   *     {@link ParquetException} must contain, or null when messages need not name it
   */
  public static void check(String inputName, long inputLength, Work work) {
    FuzzChecks.run(inputLength, false, () -> runOnce(inputName, work));
  }

  private static void runOnce(String inputName, Work work) throws Exception {
    RootAllocator allocator = TestAllocators.checkedByCaller(ARROW_LIMIT_BYTES);
    try {
      work.run(allocator);
    } catch (ParquetException e) {
      boolean named = inputName == null || e.getMessage() != null && e.getMessage().contains(inputName);
      if (!named && !(e instanceof ParquetResourceException)) { // the latter is FuzzChecks' finding
        throw new FuzzFinding("the rejection does not name the input " + inputName, e);
      }
      throw e;
    } finally {
      long leaked = allocator.getAllocatedMemory();
      if (leaked != 0) {
        throw new FuzzFinding(leaked + " bytes of Arrow memory left after the input:\n"
            + allocator.toVerboseString(), null);
      }
      allocator.close();
    }
  }
}
