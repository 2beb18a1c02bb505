package io.parquetarrow.core.testing;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test that leaves Arrow memory in any allocator it got from {@link TestAllocators}, whether the test
 * passed, failed or expected an exception. Registered for every test of the module through
 * {@code META-INF/services/org.junit.jupiter.api.extension.Extension} and
 * {@code junit.jupiter.extensions.autodetection.enabled=true} in {@code junit-platform.properties}.
 */
public final class ArrowLeakExtension implements BeforeEachCallback, AfterEachCallback, AfterAllCallback {

  @Override
  public void beforeEach(ExtensionContext context) {
    TestAllocators.testStarted();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    fail(context.getDisplayName(), TestAllocators.testEnded());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (context.getRequiredTestClass().isAnnotationPresent(Nested.class)) {
      return; // the outer class's allocators live on until the outer class ends
    }
    fail(context.getDisplayName() + " (allocators made outside a test)", TestAllocators.classEnded());
  }

  private static void fail(String test, List<String> leaks) {
    if (!leaks.isEmpty()) {
      throw new AssertionError("Arrow memory left allocated after " + test + ":\n" + String.join("\n", leaks));
    }
  }
}
