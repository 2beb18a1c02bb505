package io.parquetarrow.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.Encoding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The writer's round-trip matrix through our own reader: every flat type of {@link FlatTables#allTypes()} ×
 * every codec × both data page versions × each way of choosing encodings (dictionary, plain, the DELTA family,
 * BYTE_STREAM_SPLIT where the type allows it, auto). Interop with other readers is covered by
 * {@code FlatWriteInteropTest} and {@code ParquetJavaInteropTest}; this one pins that whatever the writer can
 * produce, our reader reads back.
 */
class WriteReadMatrixTest {
  @TempDir Path directory;
  private BufferAllocator allocator;

  /** How the columns' encodings are chosen in one run of the matrix. */
  enum EncodingMode { DICTIONARY, PLAIN, DELTA, BYTE_STREAM_SPLIT, AUTO }

  @BeforeEach
  void openAllocator() {
    allocator = TestAllocators.root();
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).as("Arrow memory still allocated at the end of the test").isZero();
    allocator.close();
  }

  static Stream<Arguments> matrix() {
    List<Arguments> cases = new ArrayList<>();
    for (Codec codec : Codec.values()) {
      for (WriteOptions.DataPageVersion version : WriteOptions.DataPageVersion.values()) {
        for (EncodingMode mode : EncodingMode.values()) {
          cases.add(Arguments.of(codec, version, mode));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("matrix")
  void everyTypeReadsBackThroughOurReader(Codec codec, WriteOptions.DataPageVersion version, EncodingMode mode)
      throws Exception {
    long seed = 7919L * (codec.ordinal() + 1) + 31L * version.ordinal() + mode.ordinal();
    Schema schema = FlatTables.allTypes();
    WriteOptions.Builder options = WriteOptions.builder().codec(codec).dataPageVersion(version)
        .pageRowLimit(300).rowGroupRowLimit(700);
    applyEncodings(options, schema, mode);
    Path file = directory.resolve("matrix.parquet");
    try (VectorSchemaRoot expected = FlatTables.fill(allocator, schema, 1500, seed, 0.2)) {
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options.build())) {
        writer.write(expected);
      }
      int offset = 0;
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator)) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          try (VectorSchemaRoot slice = expected.slice(offset, batch.getRowCount())) {
            ArrowAssertions.assertRootsEqual(String.format("%s %s %s (seed %d), rows from %d", codec, version,
                mode, seed, offset), slice, batch);
          }
          offset += batch.getRowCount();
        }
      }
      assertThat(offset).as("rows read back").isEqualTo(expected.getRowCount());
    }
  }

  /** Sets, for each column, the encoding {@code mode} asks for where its physical type allows one. */
  private static void applyEncodings(WriteOptions.Builder options, Schema schema, EncodingMode mode) {
    switch (mode) {
      case DICTIONARY -> options.dictionaryEnabled(true);
      case PLAIN -> options.dictionaryEnabled(false);
      case AUTO -> options.autoEncoding(true);
      case DELTA, BYTE_STREAM_SPLIT -> {
        options.dictionaryEnabled(false);
        for (Field field : schema.getFields()) {
          Encoding encoding = mode == EncodingMode.DELTA ? deltaEncoding(field.getType())
              : byteStreamSplitEncoding(field.getType());
          if (encoding != null) {
            options.columnEncoding(field.getName(), encoding);
          }
        }
      }
      default -> throw new IllegalArgumentException(mode.toString());
    }
  }

  /** The DELTA encoding for the column's physical type (booleans: RLE), or null to keep PLAIN. */
  private static Encoding deltaEncoding(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int, Date, Time, Timestamp, Duration -> Encoding.DELTA_BINARY_PACKED;
      case Utf8, LargeUtf8, Binary, LargeBinary -> Encoding.DELTA_LENGTH_BYTE_ARRAY;
      case FixedSizeBinary, Decimal -> Encoding.DELTA_BYTE_ARRAY;
      case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.HALF
          ? Encoding.DELTA_BYTE_ARRAY : null;
      case Bool -> Encoding.RLE;
      default -> null;
    };
  }

  /** BYTE_STREAM_SPLIT where the physical type allows it (strings: DELTA_BYTE_ARRAY), or null. */
  private static Encoding byteStreamSplitEncoding(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int, Date, Time, Timestamp, Duration, FloatingPoint, FixedSizeBinary, Decimal ->
          Encoding.BYTE_STREAM_SPLIT;
      case Utf8, LargeUtf8, Binary, LargeBinary -> Encoding.DELTA_BYTE_ARRAY;
      default -> null;
    };
  }
}
