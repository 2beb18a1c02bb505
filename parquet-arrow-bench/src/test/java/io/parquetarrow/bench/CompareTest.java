package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.testing.TestAllocators;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The side-by-side runner end to end at the smallest scale (1,000 rows per dataset): the generator writes every
 * dataset, every engine reads each reference file once with a checksum equal to Arrow C++'s (ours must read every
 * dataset: a failure of ours, "unsupported" included, fails the test; only engines missing here, such as Hardwood
 * on JDK 17, are skipped), and the runner's tables come out.
 */
class CompareTest {

  @TempDir
  Path data;

  @Test
  void everyPeerReadsTheSameValuesFromEveryDataset() throws Exception {
    CompareOptions options = CompareOptions.parse(new String[] {
        "--data", data.toString(), "--scale", "0.0001", "--iterations", "1", "--warmup", "0", "--no-write"});
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Compare compare = new Compare(options, new PrintStream(printed, true, StandardCharsets.UTF_8));
    Path folder = DatasetGenerator.folderFor(data, options.scale(), options.seed());
    DatasetGenerator generator = new DatasetGenerator(folder, options.scale(), options.seed(), System.err);
    try (BufferAllocator allocator = TestAllocators.root()) {
      compare.openEngines();
      try {
        for (Dataset dataset : Dataset.values()) {
          Path file = generator.reference(dataset, false);
          List<Compare.Measurement> measurements = compare.measureRead(file, 1, allocator);
          Compare.Measurement arrow = measurements.stream()
              .filter(measurement -> measurement.engine.equals("arrow-cpp")).findFirst().orElseThrow();
          assertThat(arrow.failure).as("Arrow C++ reads %s", file.getFileName()).isNull();
          assertThat(arrow.rows).as("rows of %s", file.getFileName()).isEqualTo(dataset.rows(options.scale()));
          for (Compare.Measurement measurement : measurements) {
            if (!measurement.engine.startsWith("parquet-arrow") && measurement.failure != null
                && measurement.failure.startsWith("not available")) {
              continue;
            }
            assertThat(measurement.failure).as("%s reads %s", measurement.engine, file.getFileName()).isNull();
            if (measurement.engine.equals(PagesOnlyEngine.NAME)) {
              assertThat(measurement.rows).as("rows the pages-only floor went through in %s", file.getFileName())
                  .isEqualTo(arrow.rows);
              continue;
            }
            assertThat(measurement.checksum.toString()).as("%s's checksum of %s", measurement.engine,
                file.getFileName()).isEqualTo(arrow.checksum.toString());
            // Arrow engines checksum their batches after the read, which is also timed without it; the others
            // checksum while reading.
            boolean arrowEngine = measurement.engine.startsWith("parquet-arrow")
                || measurement.engine.equals("arrow-cpp") || measurement.engine.equals("duckdb");
            assertThat(measurement.secondsBeforeChecksum).as("%s's reads of %s timed without the checksum",
                measurement.engine, file.getFileName()).hasSize(arrowEngine ? 1 : 0);
            if (arrowEngine) {
              assertThat(measurement.secondsBeforeChecksum.get(0)).as("%s's read of %s without the checksum",
                  measurement.engine, file.getFileName()).isLessThanOrEqualTo(measurement.seconds.get(0));
            }
          }
        }
      } finally {
        compare.closeEngines();
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left allocated").isZero();
    }
  }

  @Test
  void runnerPrintsReadAndWriteTables() throws Exception {
    CompareOptions options = CompareOptions.parse(new String[] {
        "--data", data.toString(), "--scale", "0.0001", "--iterations", "1", "--warmup", "0",
        "--datasets", "plain_ints,nullable"});
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    new Compare(options, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
    String text = printed.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    assertThat(text).as("printed results")
        .contains("memcpy bandwidth", "## Read, 1 thread", "## Write, 1 thread")
        .contains("| plain_ints.parquet-java.parquet | arrow-cpp |", "| nullable | duckdb snappy |")
        .doesNotContain("MISMATCH");
  }

  /**
   * Our reader whose output the runner consumes with the rows of its first batch in the wrong order (its second
   * half before its first), as a reader delivering two batches swapped would: same rows, same values, same sums.
   */
  private static final class ReorderingEngine implements ReadEngine {
    private final OursEngine ours = new OursEngine();

    @Override
    public String name() {
      return ours.name();
    }

    @Override
    public String unavailableReason() {
      return null;
    }

    @Override
    public Materialized read(Path file, int threads, BufferAllocator allocator) throws Exception {
      RetainedBatches read = (RetainedBatches) ours.read(file, threads, allocator);
      ValueChecksum checksum = new ValueChecksum();
      List<VectorSchemaRoot> batches = read.batches();
      VectorSchemaRoot first = batches.get(0);
      int half = first.getRowCount() / 2;
      try (VectorSchemaRoot head = first.slice(0, half);
          VectorSchemaRoot tail = first.slice(half, first.getRowCount() - half)) {
        ArrowChecksum.add(tail, checksum);
        ArrowChecksum.add(head, checksum);
      }
      for (VectorSchemaRoot batch : batches.subList(1, batches.size())) {
        ArrowChecksum.add(batch, checksum);
      }
      return new Materialized() {
        @Override
        public ValueChecksum checksum() {
          return checksum;
        }

        @Override
        public long rows() {
          return read.rows();
        }

        @Override
        public void close() {
          read.close();
        }
      };
    }
  }

  @Test
  void reorderedBatchesAreAMismatchThatFailsTheRun() throws Exception {
    CompareOptions options = CompareOptions.parse(new String[] {
        "--data", data.toString(), "--scale", "0.0001", "--iterations", "1", "--warmup", "0", "--no-write",
        "--datasets", "plain_ints"});
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Compare compare = new Compare(options, new PrintStream(printed, true, StandardCharsets.UTF_8));
    compare.useEngines(List.of(new ReorderingEngine(), new ArrowCppEngine()));
    assertThatThrownBy(compare::run).as("a run in which our values come back in another order")
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("checksum MISMATCH")
        .hasMessageContaining("parquet-arrow");
    assertThat(printed.toString(StandardCharsets.UTF_8)).as("the table is still printed")
        .contains("| plain_ints.parquet-java.parquet | parquet-arrow |", "MISMATCH");
  }

  @Test
  void ourReaderWithoutReadAheadRunsOnlyWhenNamedAndBesideOurs() throws Exception {
    CompareOptions options = CompareOptions.parse(new String[] {
        "--data", data.toString(), "--scale", "0.0001", "--iterations", "1", "--warmup", "0", "--no-write",
        "--datasets", "strings", "--engines", "parquet-arrow,arrow-cpp," + OursEngine.WITHOUT_READ_AHEAD});
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    new Compare(options, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
    String text = printed.toString(StandardCharsets.UTF_8);
    assertThat(text).as("printed results")
        .contains("| strings.duckdb.parquet | " + OursEngine.WITHOUT_READ_AHEAD + " |")
        .doesNotContain("MISMATCH");
    assertThat(text.indexOf("| strings.duckdb.parquet | " + OursEngine.WITHOUT_READ_AHEAD + " |"))
        .as("the variant printed after ours, before Arrow C++")
        .isGreaterThan(text.indexOf("| strings.duckdb.parquet | parquet-arrow |"))
        .isLessThan(text.indexOf("| strings.duckdb.parquet | arrow-cpp |"));
    CompareOptions all = CompareOptions.parse(new String[] {
        "--data", data.toString(), "--scale", "0.0001", "--iterations", "1", "--warmup", "0", "--no-write",
        "--datasets", "strings"});
    printed.reset();
    new Compare(all, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
    assertThat(printed.toString(StandardCharsets.UTF_8)).as("all engines, the variant not named")
        .contains("| strings.duckdb.parquet | parquet-arrow |")
        .doesNotContain(OursEngine.WITHOUT_READ_AHEAD);
  }

  @Test
  void scalingModeComparesTwoThreadCountsOfOurReader() throws Exception {
    CompareOptions defaults = CompareOptions.parse(new String[] {"--scaling"});
    assertThat(defaults.threads()).as("thread counts compared by default").containsExactly(1, 2);
    assertThat(defaults.warmup()).as("warm-up pairs by default").isEqualTo(15);
    assertThat(defaults.iterations()).as("measured pairs by default").isEqualTo(15);
    CompareOptions options = CompareOptions.parse(new String[] {
        "--data", data.toString(), "--scale", "0.0001", "--iterations", "1", "--warmup", "0",
        "--datasets", "plain_ints", "--scaling"});
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    new Compare(options, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
    String text = printed.toString(StandardCharsets.UTF_8);
    assertThat(text).as("printed results")
        .contains("## Thread scaling of parquet-arrow: 2 against 1 threads", "| 1t/2t medians |",
            "| 2 side by side s | ceiling: median (q1-q3) |")
        .doesNotContain("## Read, 1 thread");
  }

  @Test
  void decimalsStoredAsBytesCountAsTheirUnscaledValue() {
    assertThat(ValueChecksum.unscaledLowBits(new byte[] {0x01, 0x00}, 0, 2)).as("256").isEqualTo(256);
    assertThat(ValueChecksum.unscaledLowBits(new byte[] {(byte) 0xFF, (byte) 0xFE}, 0, 2)).as("-2").isEqualTo(-2);
    byte[] sixteen = new byte[16];
    sixteen[15] = 7;
    assertThat(ValueChecksum.unscaledLowBits(sixteen, 0, 16)).as("7 in 16 bytes").isEqualTo(7);
    assertThat(ValueChecksum.unscaledLowBits(new byte[0], 0, 0)).as("empty").isZero();
  }
}
