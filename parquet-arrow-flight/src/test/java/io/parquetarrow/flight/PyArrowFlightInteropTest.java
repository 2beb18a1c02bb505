package io.parquetarrow.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.PyArrowEnvironment;
import io.parquetarrow.core.testing.PyArrowEnvironment.Result;
import io.parquetarrow.core.testing.TestAllocators;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server with pyarrow's Flight client (Arrow C++), {@code flight_interop.py}: listing, every endpoint compared
 * with {@code pyarrow.parquet.read_table} of the same file, projection with a filter, and uploads read back both
 * through Flight and by pyarrow from the written file. pyarrow comes from core's {@link PyArrowEnvironment};
 * skipped only when there is no {@code python3}.
 */
class PyArrowFlightInteropTest {
  @TempDir Path directory;

  @Test
  void pyarrowListsReadsFiltersAndUploads() throws Exception {
    Path python = PyArrowEnvironment.python();
    try (BufferAllocator allocator = TestAllocators.root()) {
      FlightTestData.write(directory.resolve("data.parquet"), 45_000, 0, allocator);
      Files.createDirectories(directory.resolve("sub"));
      FlightTestData.write(directory.resolve("sub/more.parquet"), 123, 7, allocator);
      try (ParquetFlightServer server = ParquetFlightServer.builder(directory, allocator).sliceBytes(100_000)
          .build().start()) {
        Result result = PyArrowEnvironment.run(List.of(python.toString(), script().toString(),
            Integer.toString(server.port()), directory.toString()));
        assertThat(result.exitCode()).as("flight_interop.py:%n%s", result.output()).isZero();
        assertThat(result.output()).contains("all checks passed");
        assertThat(server.allocator().getAllocatedMemory()).isZero();
      }
    }
  }

  private static Path script() throws URISyntaxException {
    return Path.of(PyArrowFlightInteropTest.class.getResource("/pyarrow/flight_interop.py").toURI());
  }
}
