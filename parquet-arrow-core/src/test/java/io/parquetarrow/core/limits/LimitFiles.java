package io.parquetarrow.core.limits;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** The generated file the memory and thread tests read, and what a read of one file yields. */
final class LimitFiles {
  private LimitFiles() {}

  static final Schema SCHEMA = new Schema(List.of(
      new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("value", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
      new Field("code", FieldType.nullable(new ArrowType.Int(32, true)), null),
      new Field("name", FieldType.nullable(new ArrowType.Utf8()), null)));

  /**
   * Writes {@code rows} rows of four columns (int64, nullable double, dictionary-friendly int32, strings) into
   * row groups of {@code rowGroupRows}, compressed with {@code codec}.
   */
  static void write(Path file, int rows, long rowGroupRows, Codec codec, boolean checksums) throws IOException {
    WriteOptions options = WriteOptions.builder().codec(codec).rowGroupRowLimit(rowGroupRows)
        .pageChecksums(checksums).build();
    try (BufferAllocator allocator = TestAllocators.root();
         VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
         ParquetArrowWriter writer = ParquetArrowWriter.open(file, SCHEMA, options)) {
      int chunk = 10_000;
      for (int start = 0; start < rows; start += chunk) {
        fill(root, start, Math.min(chunk, rows - start));
        writer.write(root);
      }
    }
  }

  /**
   * Writes one required int64 column of 1000 rows in one row group and one data page, with page checksums;
   * {@code dictionary} gives it a dictionary page (100 distinct values), else it is PLAIN.
   */
  static void writeOneColumn(Path file, boolean dictionary, Codec codec) throws IOException {
    Schema schema = new Schema(List.of(SCHEMA.getFields().get(0)));
    WriteOptions options = WriteOptions.builder().codec(codec).dictionaryEnabled(dictionary).pageChecksums(true)
        .statisticsEnabled(false).pageIndexEnabled(false).build();
    try (BufferAllocator allocator = TestAllocators.root();
         VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
         ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      id.allocateNew(1000);
      for (int i = 0; i < 1000; i++) {
        id.set(i, dictionary ? i % 100 : i * 31L);
      }
      root.setRowCount(1000);
      writer.write(root);
    }
  }

  /** Fills {@code root} with rows {@code [start, start + count)} of the generated data. */
  static void fill(VectorSchemaRoot root, int start, int count) {
    root.allocateNew();
    BigIntVector id = (BigIntVector) root.getVector("id");
    Float8Vector value = (Float8Vector) root.getVector("value");
    IntVector code = (IntVector) root.getVector("code");
    VarCharVector name = (VarCharVector) root.getVector("name");
    for (int i = 0; i < count; i++) {
      int row = start + i;
      id.setSafe(i, row * 31L);
      if (row % 7 != 0) {
        value.setSafe(i, row * 0.5);
      }
      code.setSafe(i, row % 100);
      if (row % 11 != 0) {
        name.setSafe(i, ("name-" + row).getBytes(StandardCharsets.UTF_8));
      }
    }
    root.setRowCount(count);
  }

  /** What reading a file gave: rows, a checksum of the values and the largest batch's buffer bytes. */
  record Result(long rows, long checksum, long largestBatchBytes) {}

  /** Reads all of {@code input} with {@code allocator}; the caller checks the allocator afterwards. */
  static Result read(InputFile input, BufferAllocator allocator, ReadOptions options) throws IOException {
    return read(input, allocator, options, true);
  }

  /** As above; without {@code values} the checksum is 0 (for measurements, where visiting values costs). */
  static Result read(InputFile input, BufferAllocator allocator, ReadOptions options, boolean values)
      throws IOException {
    try (ParquetArrowReader reader = ParquetArrowReader.open(input, allocator, options)) {
      return drain(reader, values);
    }
  }

  /** Reads every batch of {@code reader}. */
  static Result drain(ParquetArrowReader reader, boolean values) throws IOException {
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    long rows = 0;
    long checksum = 0;
    long largest = 0;
    while (reader.loadNextBatch()) {
      long bytes = 0;
      List<FieldVector> vectors = root.getFieldVectors();
      for (int column = 0; column < vectors.size(); column++) {
        FieldVector vector = vectors.get(column);
        bytes += bufferBytes(vector);
        for (int i = 0; values && i < root.getRowCount(); i++) {
          // Independent of where batches end: each value weighed by its row and column.
          checksum += (hash(vector.getObject(i)) + 31L * column) * (2L * (rows + i) + 1);
        }
      }
      rows += root.getRowCount();
      largest = Math.max(largest, bytes);
    }
    return new Result(rows, checksum, largest);
  }

  private static int hash(Object value) {
    if (value == null) {
      return 7;
    }
    return value instanceof byte[] bytes ? Arrays.hashCode(bytes) : value.toString().hashCode();
  }

  private static long bufferBytes(FieldVector vector) {
    long bytes = 0;
    for (ArrowBuf buffer : vector.getFieldBuffers()) {
      bytes += buffer.capacity();
    }
    for (FieldVector child : vector.getChildrenFromFields()) {
      bytes += bufferBytes(child);
    }
    return bytes;
  }
}
