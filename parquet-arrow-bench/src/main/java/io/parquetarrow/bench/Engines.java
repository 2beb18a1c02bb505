package io.parquetarrow.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The read engines of the side-by-side runner, ours first. Hardwood is compiled only on JDK 21+ and loaded here
 * by name; where it is missing (JDK 17 build or run) a placeholder reports why instead of failing the run.
 */
final class Engines {
  private Engines() {}

  static final String HARDWOOD_CLASS = "io.parquetarrow.bench.HardwoodEngine";

  /** Every read engine by name, in the order the tables print them; the pages-only floor last. */
  static List<ReadEngine> all() {
    List<ReadEngine> engines = new ArrayList<>();
    engines.add(new OursEngine());
    engines.add(new ArrowCppEngine());
    engines.add(new DuckDbEngine());
    engines.add(new ParquetJavaEngine());
    engines.add(new ParquetJavaRecordsEngine());
    engines.add(hardwood());
    engines.add(new PagesOnlyEngine());
    return engines;
  }

  /** Engines run only when named in {@code --engines}: variants of ours, measured against it side by side. */
  static List<ReadEngine> optional() {
    return List.of(OursEngine.withoutReadAhead());
  }

  static ReadEngine hardwood() {
    if (Runtime.version().feature() < 21) {
      return new Unavailable("hardwood", "needs JDK 21+, running on JDK " + Runtime.version().feature());
    }
    try {
      return (ReadEngine) Class.forName(HARDWOOD_CLASS).getConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      return new Unavailable("hardwood", "not on the class path (build the bench module with JDK 21+ so the "
          + "hardwood-on-jdk21-plus profile compiles it): " + e);
    }
  }

  /** A placeholder for an engine that cannot run here, carrying the reason. */
  record Unavailable(String name, String unavailableReason) implements ReadEngine {
    @Override
    public Materialized read(Path file, int threads, BufferAllocator allocator) {
      throw new IllegalStateException(name + " is not available: " + unavailableReason);
    }
  }
}
