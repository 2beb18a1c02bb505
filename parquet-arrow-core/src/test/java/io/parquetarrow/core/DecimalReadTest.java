package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decimals stored as FIXED_LEN_BYTE_ARRAY of every length from 1 to 9 bytes (precisions 1 to 20, as Arrow C++
 * and our writer store them), required and nullable: each read back equal to what was written, including each
 * precision's largest and smallest values, zero and -1, in batch sizes that end on odd rows, so both the
 * whole-word loads and the byte-by-byte tail of short big-endian values are taken. Then decimals that a flat
 * column's reader converts while decoding (INT32, INT64 and FIXED_LEN_BYTE_ARRAY up to 8 bytes, into decimal128
 * and decimal256), from chunks whose dictionary fell back to another encoding part way (PLAIN, DELTA_BINARY_PACKED,
 * DELTA_BYTE_ARRAY), so that one batch mixes values gathered from the converted dictionary with values converted
 * run by run.
 */
class DecimalReadTest {
  private static final int[] PRECISIONS = {1, 2, 3, 4, 5, 7, 9, 10, 12, 14, 15, 16, 17, 18, 19, 20};

  @TempDir Path temporary;

  @Test
  void fixedLengthDecimalsOfEveryShortLengthReadBackExactly() throws Exception {
    List<Field> fields = new ArrayList<>();
    for (int precision : PRECISIONS) {
      int scale = Math.min(2, precision);
      fields.add(Field.notNullable("required_" + precision, new ArrowType.Decimal(precision, scale, 128)));
      fields.add(Field.nullable("nullable_" + precision, new ArrowType.Decimal(precision, scale, 128)));
    }
    Schema schema = new Schema(fields);
    Path file = temporary.resolve("decimals.parquet");
    int rows = 3001;
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot expected = VectorSchemaRoot.create(schema, allocator)) {
        SplittableRandom random = new SplittableRandom(20261123);
        for (FieldVector vector : expected.getFieldVectors()) {
          DecimalVector decimals = (DecimalVector) vector;
          int precision = ((ArrowType.Decimal) decimals.getField().getType()).getPrecision();
          int scale = ((ArrowType.Decimal) decimals.getField().getType()).getScale();
          BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
          boolean nullable = decimals.getField().isNullable();
          decimals.allocateNew(rows);
          for (int row = 0; row < rows; row++) {
            BigInteger unscaled = switch (row % 7) {
              case 0 -> max;
              case 1 -> max.negate();
              case 2 -> BigInteger.ZERO;
              case 3 -> BigInteger.ONE.negate();
              default -> new BigInteger(max.bitLength() + 2, new java.util.Random(random.nextLong())).mod(
                  max.shiftLeft(1).add(BigInteger.ONE)).subtract(max);
            };
            if (nullable && row % 5 == 4) {
              decimals.setNull(row);
            } else {
              decimals.set(row, new BigDecimal(unscaled, scale));
            }
          }
          decimals.setValueCount(rows);
        }
        expected.setRowCount(rows);
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema,
            WriteOptions.builder().pageRowLimit(777).build())) {
          writer.write(expected);
        }
        try (ParquetFile parquet = ParquetFile.open(file)) {
          for (ColumnDescriptor column : parquet.metadata().schema().columns()) {
            assertThat(column.physicalType()).as("%s stored as", column.dottedPath())
                .isEqualTo(Type.FIXED_LEN_BYTE_ARRAY);
          }
        }
        for (int batchRows : new int[] {1, 7, 1000, 4096}) {
          List<VectorSchemaRoot> actual =
              ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
          try {
            ArrowAssertions.assertBatchesEqual("decimals in batches of " + batchRows, List.of(expected), actual);
          } finally {
            actual.forEach(VectorSchemaRoot::close);
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  private static final MessageType STORED_AS_INTEGERS = MessageTypeParser.parseMessageType(
      "message decimals { required int32 d9 (DECIMAL(9,2)); optional int32 d9n (DECIMAL(9,2));"
          + " required int64 d18 (DECIMAL(18,3)); optional int64 d18n (DECIMAL(18,3));"
          + " optional fixed_len_byte_array(5) f5 (DECIMAL(11,2)); required fixed_len_byte_array(8) f8 (DECIMAL(18,0)); }");

  /** The unscaled value of {@code column} (precision {@code precision}) in {@code row}; null for a null. */
  private static BigInteger unscaled(String column, int precision, int row, SplittableRandom random) {
    if (column.endsWith("n") && row % 9 == 4) {
      return null;
    }
    BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    if (row < 2_000) {
      // Few distinct values: the dictionary holds them all.
      return BigInteger.valueOf(row % 23 - 11);
    }
    return switch (row % 11) {
      case 0 -> max;
      case 1 -> max.negate();
      case 2 -> BigInteger.ZERO;
      case 3 -> BigInteger.ONE.negate();
      // Then as many distinct values as rows: the dictionary outgrows its limit and the chunk goes on in PLAIN.
      default -> new BigInteger(max.bitLength() + 2, new java.util.Random(random.nextLong()))
          .mod(max.shiftLeft(1).add(BigInteger.ONE)).subtract(max);
    };
  }

  @Test
  void integerAndShortFixedDecimalsFromDictionaryAndPlainPagesReadBackExactly() throws Exception {
    int rows = 6_000;
    String[] names = {"d9", "d9n", "d18", "d18n", "f5", "f8"};
    int[] precisions = {9, 9, 18, 18, 11, 18};
    BigInteger[][] expected = new BigInteger[names.length][rows];
    SplittableRandom random = new SplittableRandom(1124);
    for (int row = 0; row < rows; row++) {
      for (int c = 0; c < names.length; c++) {
        expected[c][row] = unscaled(names[c], precisions[c], row, random);
      }
    }
    Path file = temporary.resolve("integer-decimals.parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(STORED_AS_INTEGERS);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new org.apache.parquet.io.LocalOutputFile(file))
        .withConf(new Configuration())
        .withType(STORED_AS_INTEGERS)
        // Version 2: parquet-java's version 1 writes FIXED_LEN_BYTE_ARRAY without a dictionary.
        .withWriterVersion(org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_2_0)
        .withDictionaryEncoding(true)
        .withDictionaryPageSize(2048)
        .withPageSize(2048)
        .withPageRowCountLimit(500)
        .build()) {
      for (int row = 0; row < rows; row++) {
        Group group = groups.newGroup();
        for (int c = 0; c < names.length; c++) {
          BigInteger value = expected[c][row];
          if (value == null) {
            continue;
          }
          switch (names[c].charAt(0)) {
            case 'd' -> {
              if (precisions[c] <= 9) {
                group.append(names[c], value.intValueExact());
              } else {
                group.append(names[c], value.longValueExact());
              }
            }
            default -> group.append(names[c], Binary.fromConstantByteArray(bigEndian(value, c == 4 ? 5 : 8)));
          }
        }
        writer.write(group);
      }
    }
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (ColumnChunkMetadata chunk : parquet.metadata().rowGroup(0).columns()) {
        // Version 2 falls back to DELTA_BINARY_PACKED (integers) and DELTA_BYTE_ARRAY (fixed length).
        assertThat(chunk.encodings()).as("encodings of a chunk").contains(Encoding.RLE_DICTIONARY)
            .containsAnyOf(Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_BYTE_ARRAY);
      }
    }
    try (BufferAllocator allocator = TestAllocators.root()) {
      for (int batchRows : new int[] {1, 7, 1000, 4096}) {
        List<VectorSchemaRoot> batches =
            ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
        try {
          int first = 0;
          for (VectorSchemaRoot batch : batches) {
            for (int c = 0; c < names.length; c++) {
              DecimalVector vector = (DecimalVector) batch.getVector(names[c]);
              for (int row = 0; row < batch.getRowCount(); row++) {
                BigDecimal value = vector.getObject(row);
                assertThat(value == null ? null : value.unscaledValue())
                    .as("%s row %d in batches of %d", names[c], first + row, batchRows)
                    .isEqualTo(expected[c][first + row]);
              }
            }
            first += batch.getRowCount();
          }
          assertThat(first).as("rows").isEqualTo(rows);
        } finally {
          batches.forEach(VectorSchemaRoot::close);
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  /**
   * Our writer's decimal256 (FIXED_LEN_BYTE_ARRAY of 7 and 8 bytes, read back as decimal256 through
   * {@code ARROW:schema}): once with a dictionary that falls back to PLAIN, in three row groups, once PLAIN only in
   * pages of 20,000 values, so that one batch's values are converted in several runs.
   */
  @Test
  void decimal256StoredShortReadsBackExactly() throws Exception {
    Schema schema = new Schema(List.of(
        Field.notNullable("required", new ArrowType.Decimal(15, 2, 256)),
        Field.nullable("nullable", new ArrowType.Decimal(18, 4, 256))));
    int rows = 12_000;
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (VectorSchemaRoot expected = VectorSchemaRoot.create(schema, allocator)) {
        SplittableRandom random = new SplittableRandom(256);
        for (FieldVector vector : expected.getFieldVectors()) {
          Decimal256Vector decimals = (Decimal256Vector) vector;
          ArrowType.Decimal type = (ArrowType.Decimal) decimals.getField().getType();
          decimals.allocateNew(rows);
          for (int row = 0; row < rows; row++) {
            BigInteger unscaled = unscaled(decimals.getField().isNullable() ? "dn" : "d", type.getPrecision(), row,
                random);
            if (unscaled == null) {
              decimals.setNull(row);
            } else {
              decimals.set(row, new BigDecimal(unscaled, type.getScale()));
            }
          }
          decimals.setValueCount(rows);
        }
        expected.setRowCount(rows);
        for (boolean dictionary : new boolean[] {true, false}) {
          Path file = temporary.resolve("decimal256-" + dictionary + ".parquet");
          try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, dictionary
              // Row groups of 5,000: the next row group's reader converts its own dictionary into pooled arrays.
              ? WriteOptions.builder().pageRowLimit(600).dictionaryPageSizeLimit(4096).rowGroupRowLimit(5_000).build()
              : WriteOptions.builder().dictionaryEnabled(false).pageRowLimit(20_000).build())) {
            writer.write(expected);
          }
          try (ParquetFile parquet = ParquetFile.open(file)) {
            assertThat(parquet.metadata().rowGroups()).as("row groups").hasSize(dictionary ? 3 : 1);
            for (ColumnChunkMetadata chunk : parquet.metadata().rowGroup(0).columns()) {
              assertThat(chunk.encodings()).as("encodings of a chunk").contains(Encoding.PLAIN);
              if (dictionary) {
                assertThat(chunk.encodings()).as("encodings of a chunk").contains(Encoding.RLE_DICTIONARY);
              }
            }
          }
          for (int batchRows : new int[] {1, 999, 4096, 9000}) {
            List<VectorSchemaRoot> actual =
                ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(batchRows).build());
            try {
              assertThat(((BaseFixedWidthVector) actual.get(0).getVector(0)).getTypeWidth()).isEqualTo(32);
              ArrowAssertions.assertBatchesEqual("decimal256, dictionary " + dictionary + ", in batches of "
                  + batchRows, List.of(expected), actual);
            } finally {
              actual.forEach(VectorSchemaRoot::close);
            }
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  /** {@code value} as {@code length} bytes of big-endian two's complement. */
  private static byte[] bigEndian(BigInteger value, int length) {
    byte[] minimal = value.toByteArray();
    byte[] out = new byte[length];
    Arrays.fill(out, value.signum() < 0 ? (byte) -1 : 0);
    System.arraycopy(minimal, 0, out, length - minimal.length, minimal.length);
    return out;
  }
}
