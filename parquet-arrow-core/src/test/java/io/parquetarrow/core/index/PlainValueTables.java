package io.parquetarrow.core.index;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The table the index tests write, one column per physical type a Bloom filter covers (INT32, INT64, FLOAT, DOUBLE,
 * BYTE_ARRAY strings, FIXED_LEN_BYTE_ARRAY), with the plain value of each of its values; and the distinct plain
 * values of the columns of any file, as read by our reader. Plain values are compared as hex strings, so a failing
 * assertion shows them.
 *
 * <p>Every value derives from an integer {@code k} ({@link #plain}); a table holds the values of {@code k} its
 * {@code keys} function gives each row, and every 13th row is null.
 */
final class PlainValueTables {
  static final List<String> COLUMNS = List.of("i32", "i64", "f32", "f64", "text", "fixed");
  static final Schema SCHEMA = new Schema(List.of(
      nullable("i32", new ArrowType.Int(32, true)),
      nullable("i64", new ArrowType.Int(64, true)),
      nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      nullable("text", ArrowType.Utf8.INSTANCE),
      nullable("fixed", new ArrowType.FixedSizeBinary(8))));
  private static final long FIXED_MULTIPLIER = 0x9E3779B97F4A7C15L;
  private static final HexFormat HEX = HexFormat.of();

  private PlainValueTables() {}

  private static Field nullable(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  static boolean isNull(int row) {
    return row % 13 == 0;
  }

  /** The plain value of {@code column} for key {@code k}. */
  static byte[] plain(String column, int k) {
    return switch (column) {
      case "i32" -> littleEndian(k, Integer.BYTES);
      case "i64" -> littleEndian(k * 1_000_003L, Long.BYTES);
      case "f32" -> littleEndian(Float.floatToIntBits(k * 0.5f), Integer.BYTES);
      case "f64" -> littleEndian(Double.doubleToLongBits(k * 0.25), Long.BYTES);
      case "text" -> ("value-" + k).getBytes(StandardCharsets.UTF_8);
      case "fixed" -> littleEndian(k * FIXED_MULTIPLIER, Long.BYTES);
      default -> throw new IllegalArgumentException(column);
    };
  }

  private static byte[] littleEndian(long value, int width) {
    ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(value);
    byte[] bytes = new byte[width];
    System.arraycopy(buffer.array(), 0, bytes, 0, width);
    return bytes;
  }

  /** Writes {@code rows} rows, row {@code r} holding the values of key {@code keys(r)}. */
  static void write(Path file, int rows, IntUnaryOperator keys, WriteOptions options, BufferAllocator allocator)
      throws IOException {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
      root.allocateNew();
      for (int row = 0; row < rows; row++) {
        int k = keys.applyAsInt(row);
        for (String column : COLUMNS) {
          FieldVector vector = root.getVector(column);
          if (isNull(row)) {
            vector.setNull(row);
            continue;
          }
          switch (column) {
            case "i32" -> ((IntVector) vector).setSafe(row, k);
            case "i64" -> ((BigIntVector) vector).setSafe(row, k * 1_000_003L);
            case "f32" -> ((Float4Vector) vector).setSafe(row, k * 0.5f);
            case "f64" -> ((Float8Vector) vector).setSafe(row, k * 0.25);
            case "text" -> ((VarCharVector) vector).setSafe(row, plain(column, k));
            case "fixed" -> ((FixedSizeBinaryVector) vector).setSafe(row, plain(column, k));
            default -> throw new IllegalArgumentException(column);
          }
        }
      }
      root.setRowCount(rows);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SCHEMA, options)) {
        writer.write(root);
      }
    }
  }

  /**
   * The distinct non-null plain values of each top-level flat column of {@code file} ({@code columns} only, when
   * given), per row group; {@code decryption} may be null.
   */
  static List<Map<String, Set<String>>> distinctValues(Path file, FileDecryptionProperties decryption,
      BufferAllocator allocator, String... columns) throws IOException {
    List<Map<String, Set<String>>> groups = new ArrayList<>();
    try (ParquetArrowReader probe = ParquetArrowReader.open(file, allocator, options(decryption, columns).build())) {
      for (int group = 0; group < probe.metadata().rowGroups().size(); group++) {
        groups.add(distinctValuesOfGroup(file, options(decryption, columns).rowGroups(group).build(), allocator));
      }
    }
    return groups;
  }

  private static ReadOptions.Builder options(FileDecryptionProperties decryption, String... columns) {
    ReadOptions.Builder options = ReadOptions.builder();
    if (columns.length > 0) {
      options.columns(columns);
    }
    return decryption == null ? options : options.decryption(decryption);
  }

  private static Map<String, Set<String>> distinctValuesOfGroup(Path file, ReadOptions oneGroup,
      BufferAllocator allocator) throws IOException {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, oneGroup)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (FieldVector vector : root.getFieldVectors()) {
          Set<String> column = values.computeIfAbsent(vector.getName(), name -> new LinkedHashSet<>());
          for (int row = 0; row < root.getRowCount(); row++) {
            byte[] plain = plainValue(vector, row);
            if (plain != null) {
              column.add(hex(plain));
            }
          }
        }
      }
    }
    return values;
  }

  /** The plain value of a row of a flat vector, null for a null row or a type this helper does not map. */
  static byte[] plainValue(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    if (vector instanceof TinyIntVector v) {
      return littleEndian(v.get(row), Integer.BYTES);
    } else if (vector instanceof SmallIntVector v) {
      return littleEndian(v.get(row), Integer.BYTES);
    } else if (vector instanceof IntVector v) {
      return littleEndian(v.get(row), Integer.BYTES);
    } else if (vector instanceof BigIntVector v) {
      return littleEndian(v.get(row), Long.BYTES);
    } else if (vector instanceof Float4Vector v) {
      return littleEndian(Float.floatToRawIntBits(v.get(row)), Integer.BYTES);
    } else if (vector instanceof Float8Vector v) {
      return littleEndian(Double.doubleToRawLongBits(v.get(row)), Long.BYTES);
    } else if (vector instanceof VarCharVector v) {
      return v.get(row);
    } else if (vector instanceof VarBinaryVector v) {
      return v.get(row);
    } else if (vector instanceof FixedSizeBinaryVector v) {
      return v.get(row);
    } else if (vector instanceof BitVector v) {
      return new byte[] {(byte) v.get(row)};
    }
    return null;
  }

  static String hex(byte[] bytes) {
    return HEX.formatHex(bytes);
  }

  /** The hex strings of {@code values}, in order. */
  static List<String> hex(List<byte[]> values) {
    return values.stream().map(PlainValueTables::hex).toList();
  }
}
