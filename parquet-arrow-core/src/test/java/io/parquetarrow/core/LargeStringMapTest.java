package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code large_string_map.brotli.parquet}: two rows of {@code map<string, int32>}, each one entry whose key is
 * 2^30 'a's and whose value is 1 (written by pyarrow from {@code pa.array([[("a" * 2**30, 1)]], type =
 * pa.map_(pa.string(), pa.int32()))} twice, as the parquet-testing pull request that added it shows). The two keys
 * do not fit one Arrow buffer with 32-bit offsets, so the reader must cut the row group into batches of one row;
 * the key chunk is a 1 GiB dictionary page, a dictionary-encoded page for the first row and a 1 GiB PLAIN page
 * for the second. Arrow C++ here has no brotli and DuckDB's Arrow export crashes the JVM on it, so the values are
 * checked against that published content.
 *
 * <p>It needs a large heap (measured: 3.2 GiB live at the peak — the 1 GiB dictionary, the second row's 1 GiB page
 * body and its decoded value are heap arrays on the way), so it runs with 6 GiB in its
 * own test JVM (the {@code large-memory} surefire execution of this module) and only when the machine has the
 * memory free.
 */
@Tag("large-memory")
class LargeStringMapTest {
  private static final int KEY_LENGTH = 1 << 30;

  @Test
  void readsTwoOneGibibyteKeysAsTwoBatchesOfOneRow() throws Exception {
    Path file = NestedCorpusDifferentialTest.corpusFile("large_string_map.brotli.parquet");
    long heap = Runtime.getRuntime().maxMemory();
    Assumptions.assumeTrue(heap >= (6L << 30) - (64 << 20), "large_string_map.brotli.parquet needs a heap of 6 GiB,"
        + " this JVM has " + (heap >> 20) + " MiB (run the module's large-memory surefire execution)");
    long free = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getFreeMemorySize();
    Assumptions.assumeTrue(free >= (9L << 30), "large_string_map.brotli.parquet needs about 9 GiB of free memory"
        + " (heap and the Arrow buffers), the machine has " + (free >> 20) + " MiB free");
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<String> batches = new ArrayList<>();
      while (reader.loadNextBatch()) {
        // Each batch is checked and released before the next: two 1 GiB keys are not held at once.
        batches.add(describe(root));
      }
      assertThat(batches).as("batches of large_string_map.brotli.parquet")
          .containsExactly("1 rows: {" + KEY_LENGTH + " 'a': 1}", "1 rows: {" + KEY_LENGTH + " 'a': 1}");
    }
  }

  private static String describe(VectorSchemaRoot root) {
    MapVector map = (MapVector) root.getVector("arr");
    StringBuilder text = new StringBuilder(root.getRowCount() + " rows:");
    StructVector entries = (StructVector) map.getDataVector();
    VarCharVector keys = (VarCharVector) entries.getChildrenFromFields().get(0);
    IntVector values = (IntVector) entries.getChildrenFromFields().get(1);
    for (int row = 0; row < root.getRowCount(); row++) {
      if (map.isNull(row)) {
        text.append(" null");
        continue;
      }
      text.append(" {");
      for (int entry = map.getElementStartIndex(row); entry < map.getElementEndIndex(row); entry++) {
        long start = keys.getOffsetBuffer().getInt((long) entry * 4);
        long length = keys.getOffsetBuffer().getInt((long) (entry + 1) * 4) - start;
        text.append(length).append(' ').append(allA(keys.getDataBuffer(), start, length) ? "'a'" : "other bytes")
            .append(": ").append(values.isNull(entry) ? "null" : String.valueOf(values.get(entry)));
      }
      text.append('}');
    }
    return text.toString();
  }

  private static boolean allA(ArrowBuf data, long start, long length) {
    long word = 0x6161616161616161L;
    long i = 0;
    for (; i + 8 <= length; i += 8) {
      if (data.getLong(start + i) != word) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (data.getByte(start + i) != 'a') {
        return false;
      }
    }
    return true;
  }
}
