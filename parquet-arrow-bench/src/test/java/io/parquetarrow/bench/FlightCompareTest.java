package io.parquetarrow.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FlightCompare} once on a small file, without pyarrow (our server in a child JVM and in this one, a client
 * with a wider window), and its load run for a second with two clients, so the runner cannot rot.
 */
class FlightCompareTest {
  @TempDir Path directory;

  @Test
  void measuresTheLocalReadAndOurServersAndRunsTheLoad() throws Exception {
    Path file = directory.resolve("small.parquet");
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    try (BufferAllocator allocator = TestAllocators.root();
         ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, WriteOptions.defaults());
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      id.allocateNew(1000);
      for (int row = 0; row < 1000; row++) {
        id.set(row, row);
      }
      root.setRowCount(1000);
      writer.write(root);
    }
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Map<String, Double> medians = new FlightCompare(file, 1, 0, 256, null, new FlightClients(4 << 20), true,
        null, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
    assertThat(medians).containsOnlyKeys(FlightCompare.LOCAL, FlightCompare.OURS, FlightCompare.OURS_SAME_JVM);
    assertThat(printed.toString(StandardCharsets.UTF_8)).contains("1,000 rows").contains("| parquet-arrow Flight")
        .contains("CPU s per read by thread");
    ByteArrayOutputStream load = new ByteArrayOutputStream();
    long failures = new FlightLoad(file, 256, new FlightClients(0), new PrintStream(load, true,
        StandardCharsets.UTF_8)).run(2, 1);
    assertThat(failures).as("failed reads under load").isZero();
    assertThat(load.toString(StandardCharsets.UTF_8)).contains("| 2 |").contains("MiB |");
  }
}
