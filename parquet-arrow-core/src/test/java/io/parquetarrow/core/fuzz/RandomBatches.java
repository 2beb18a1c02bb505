package io.parquetarrow.core.fuzz;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow schemas and batches drawn from a fuzzer's bytes, for the writer round trip: flat columns of the integer
 * widths (signed and unsigned), floating point, booleans, strings, binary, fixed-size binary, decimals of any
 * precision, dates and timestamps, and lists of INT32 and structs of an INT32 and a string; each field nullable or
 * not. Values come from the bytes too, so the fuzzer steers them (runs, extremes, NaN payloads, empty strings).
 */
final class RandomBatches {
  /** The column kinds a schema is drawn from. */
  enum Kind { INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, FLOAT, DOUBLE, BOOL, UTF8, BINARY,
    FIXED_BINARY, DECIMAL, DATE, TIMESTAMP, LIST, STRUCT }

  static final int MAXIMUM_COLUMNS = 4;
  static final int MAXIMUM_ROWS = 300;

  private RandomBatches() {}

  /** A schema of one to {@value #MAXIMUM_COLUMNS} columns named c0, c1, ... */
  static Schema schema(ByteDraws data) {
    int columns = data.nextInt(1, MAXIMUM_COLUMNS);
    List<Field> fields = new ArrayList<>();
    for (int column = 0; column < columns; column++) {
      fields.add(field("c" + column, data.pick(Kind.values()), data));
    }
    return new Schema(fields);
  }

  private static Field field(String name, Kind kind, ByteDraws data) {
    boolean nullable = data.nextBoolean();
    return switch (kind) {
      case LIST -> new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null),
          List.of(new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null)));
      case STRUCT -> new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null),
          List.of(new Field("x", FieldType.nullable(new ArrowType.Int(32, true)), null),
              new Field("label", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
      default -> new Field(name, new FieldType(nullable, primitive(kind, data), null), null);
    };
  }

  private static ArrowType primitive(Kind kind, ByteDraws data) {
    return switch (kind) {
      case INT8 -> new ArrowType.Int(8, true);
      case INT16 -> new ArrowType.Int(16, true);
      case INT32 -> new ArrowType.Int(32, true);
      case INT64 -> new ArrowType.Int(64, true);
      case UINT8 -> new ArrowType.Int(8, false);
      case UINT16 -> new ArrowType.Int(16, false);
      case UINT32 -> new ArrowType.Int(32, false);
      case UINT64 -> new ArrowType.Int(64, false);
      case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case BOOL -> ArrowType.Bool.INSTANCE;
      case UTF8 -> ArrowType.Utf8.INSTANCE;
      case BINARY -> ArrowType.Binary.INSTANCE;
      case FIXED_BINARY -> new ArrowType.FixedSizeBinary(data.nextInt(1, 17));
      case DECIMAL -> {
        int precision = data.nextInt(1, 38);
        yield new ArrowType.Decimal(precision, data.nextInt(0, precision), 128);
      }
      case DATE -> new ArrowType.Date(DateUnit.DAY);
      case TIMESTAMP -> new ArrowType.Timestamp(data.pick(new TimeUnit[] {TimeUnit.MILLISECOND,
          TimeUnit.MICROSECOND, TimeUnit.NANOSECOND}), data.nextBoolean() ? "UTC" : null);
      case LIST, STRUCT -> throw new IllegalStateException("not a primitive kind: " + kind);
    };
  }

  /** A batch of {@code schema} with up to {@value #MAXIMUM_ROWS} rows; the caller closes it. */
  static VectorSchemaRoot batch(Schema schema, BufferAllocator allocator, ByteDraws data) {
    int rows = data.nextInt(0, MAXIMUM_ROWS);
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      root.allocateNew();
      for (FieldVector vector : root.getFieldVectors()) {
        boolean nullable = vector.getField().isNullable();
        for (int row = 0; row < rows; row++) {
          if (nullable && data.nextInt(0, 3) == 0) {
            continue; // allocateNew left the validity bit clear
          }
          setValue(vector, row, data);
        }
        vector.setValueCount(rows);
      }
      root.setRowCount(rows);
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private static void setValue(FieldVector vector, int row, ByteDraws data) {
    if (vector instanceof TinyIntVector v) {
      v.setSafe(row, data.nextByte());
    } else if (vector instanceof SmallIntVector v) {
      v.setSafe(row, data.nextShort());
    } else if (vector instanceof IntVector v) {
      v.setSafe(row, data.nextInt());
    } else if (vector instanceof BigIntVector v) {
      v.setSafe(row, data.nextLong());
    } else if (vector instanceof UInt1Vector v) {
      v.setSafe(row, data.nextByte());
    } else if (vector instanceof UInt2Vector v) {
      v.setSafe(row, (char) data.nextShort());
    } else if (vector instanceof UInt4Vector v) {
      v.setSafe(row, data.nextInt());
    } else if (vector instanceof UInt8Vector v) {
      v.setSafe(row, data.nextLong());
    } else if (vector instanceof Float4Vector v) {
      v.setSafe(row, Float.intBitsToFloat(data.nextInt()));
    } else if (vector instanceof Float8Vector v) {
      v.setSafe(row, Double.longBitsToDouble(data.nextLong()));
    } else if (vector instanceof BitVector v) {
      v.setSafe(row, data.nextBoolean() ? 1 : 0);
    } else if (vector instanceof FixedSizeBinaryVector v) {
      byte[] value = new byte[v.getByteWidth()];
      byte[] drawn = data.nextBytes(value.length);
      System.arraycopy(drawn, 0, value, 0, drawn.length);
      v.setSafe(row, value);
    } else if (vector instanceof BaseVariableWidthVector v) {
      v.setSafe(row, data.nextBoolean() ? data.nextBytes(data.nextInt(0, 40))
          : data.nextString(data.nextInt(0, 20)).getBytes(StandardCharsets.UTF_8));
    } else if (vector instanceof DecimalVector v) {
      BigInteger limit = BigInteger.TEN.pow(v.getPrecision());
      BigInteger unscaled = BigInteger.valueOf(data.nextLong()).multiply(BigInteger.valueOf(data.nextLong()))
          .mod(limit.shiftLeft(1)).subtract(limit.subtract(BigInteger.ONE));
      v.setSafe(row, new BigDecimal(unscaled.min(limit.subtract(BigInteger.ONE)), v.getScale()));
    } else if (vector instanceof DateDayVector v) {
      v.setSafe(row, data.nextInt(-1_000_000, 1_000_000));
    } else if (vector instanceof TimeStampVector v) {
      v.setSafe(row, data.nextLong());
    } else if (vector instanceof ListVector v) {
      IntVector elements = (IntVector) v.getDataVector();
      int start = v.startNewValue(row);
      int count = data.nextInt(0, 5);
      for (int k = 0; k < count; k++) {
        if (data.nextInt(0, 4) == 0) {
          elements.setNull(start + k);
        } else {
          elements.setSafe(start + k, data.nextInt());
        }
      }
      v.endValue(row, count);
    } else if (vector instanceof StructVector v) {
      v.setIndexDefined(row);
      if (data.nextBoolean()) {
        ((IntVector) v.getChild("x")).setSafe(row, data.nextInt());
      }
      if (data.nextBoolean()) {
        ((BaseVariableWidthVector) v.getChild("label")).setSafe(row,
            data.nextString(8).getBytes(StandardCharsets.UTF_8));
      }
    } else {
      throw new IllegalStateException("no value maker for " + vector.getClass().getSimpleName());
    }
  }
}
