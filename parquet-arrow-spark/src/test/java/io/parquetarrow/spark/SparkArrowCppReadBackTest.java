package io.parquetarrow.spark;

import static io.parquetarrow.spark.SparkTestSupport.assertNoArrowMemoryHeld;
import static io.parquetarrow.spark.SparkTestSupport.spark;
import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written through {@code parquet-arrow} from Spark are read by Arrow C++ (the dataset JNI) into the same
 * Arrow types and values as by parquet-arrow's own reader: the writer's output is not only readable by itself and
 * by Spark ({@link SparkReadWriteTest}) but by an independent implementation.
 */
class SparkArrowCppReadBackTest {
  private static final Pattern MAP_ENTRIES_NAME = Pattern.compile("Map\\((true|false)\\)\\[[^:\\[]+: Struct");

  @TempDir
  Path directory;

  @Test
  void arrowCppReadsWhatTheConnectorWrote() throws Exception {
    Path out = directory.resolve("written");
    SparkReadWriteTest.allTypes(spark()).write().format("parquet-arrow").mode("overwrite")
        .option("compression", "zstd").save(out.toString());
    assertNoArrowMemoryHeld();
    List<Path> files;
    try (Stream<Path> list = Files.list(out)) {
      files = list.filter(path -> path.getFileName().toString().endsWith(".parquet")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    long rows = 0;
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (Path file : files) {
        List<String> cpp = readWithArrowCpp(file, allocator);
        List<String> ours = readWithParquetArrow(file, allocator);
        assertThat(ours).as("%s: rows read by parquet-arrow and by Arrow C++", file.getFileName()).hasSameSizeAs(cpp);
        for (int i = 0; i < cpp.size(); i++) {
          assertThat(ours.get(i)).as("%s: line %d read by parquet-arrow and by Arrow C++", file.getFileName(), i)
              .isEqualTo(cpp.get(i));
        }
        rows += ours.size() - 1;
      }
    }
    assertThat(rows).isEqualTo(1000);
  }

  /** The schema's field types, then one line per row. */
  private static List<String> readWithArrowCpp(Path file, BufferAllocator allocator) throws Exception {
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(allocator, NativeMemoryPool.getDefault(),
            FileFormat.PARQUET, file.toUri().toString());
         Dataset dataset = factory.finish();
         Scanner scanner = dataset.newScan(new ScanOptions(1024));
         ArrowReader reader = scanner.scanBatches()) {
      return lines(reader);
    }
  }

  private static List<String> readWithParquetArrow(Path file, BufferAllocator allocator) throws IOException {
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
      return lines(reader);
    }
  }

  private static List<String> lines(ArrowReader reader) throws IOException {
    List<String> lines = new ArrayList<>();
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    List<String> types = new ArrayList<>();
    for (Field field : root.getSchema().getFields()) {
      types.add(field.getName() + ": " + field.getType() + field.getChildren());
    }
    // The name of a map's entries struct is not compared: core names it after the map field, while Arrow C++
    // keeps the name the stored ARROW:schema gives ("entries"); readers address entries by position.
    lines.add(MAP_ENTRIES_NAME.matcher(String.join(", ", types)).replaceAll("Map($1)[entries: Struct"));
    while (reader.loadNextBatch()) {
      for (int row = 0; row < root.getRowCount(); row++) {
        StringBuilder line = new StringBuilder();
        for (FieldVector vector : root.getFieldVectors()) {
          Object value = vector.getObject(row);
          line.append(value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : value).append('|');
        }
        lines.add(line.toString());
      }
    }
    return lines;
  }
}
