package io.parquetarrow.core.testing;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.writer.BaseWriter.StructWriter;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** Small hand-built tables covering the common column kinds, for tests of the oracles and assertions. */
public final class TestTables {
  private TestTables() {}

  /** The schema of {@link #mixed}: flat primitives, a list and a struct, all nullable. */
  public static Schema mixedSchema() {
    return new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(32, true)),
        Field.nullable("big", new ArrowType.Int(64, true)),
        Field.nullable("ratio", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
        Field.nullable("flag", ArrowType.Bool.INSTANCE),
        Field.nullable("name", ArrowType.Utf8.INSTANCE),
        Field.nullable("blob", ArrowType.Binary.INSTANCE),
        Field.nullable("price", new ArrowType.Decimal(10, 2, 128)),
        Field.nullable("day", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)),
        Field.nullable("at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        new Field("numbers", FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("element", new ArrowType.Int(32, true)))),
        new Field("point", FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(Field.nullable("x", new ArrowType.Int(32, true)), Field.nullable("label", ArrowType.Utf8.INSTANCE)))));
  }

  /**
   * {@code rows} rows of {@link #mixedSchema()}, deterministic in {@code variant} (a different variant changes
   * some values), with nulls in every column, NaN and -0.0 among the doubles.
   */
  public static VectorSchemaRoot mixed(BufferAllocator allocator, int rows, int variant) {
    VectorSchemaRoot root = VectorSchemaRoot.create(mixedSchema(), allocator);
    root.allocateNew();
    IntVector id = (IntVector) root.getVector("id");
    BigIntVector big = (BigIntVector) root.getVector("big");
    Float8Vector ratio = (Float8Vector) root.getVector("ratio");
    BitVector flag = (BitVector) root.getVector("flag");
    VarCharVector name = (VarCharVector) root.getVector("name");
    VarBinaryVector blob = (VarBinaryVector) root.getVector("blob");
    DecimalVector price = (DecimalVector) root.getVector("price");
    DateDayVector day = (DateDayVector) root.getVector("day");
    TimeStampMicroTZVector at = (TimeStampMicroTZVector) root.getVector("at");
    ListVector numbers = (ListVector) root.getVector("numbers");
    StructVector point = (StructVector) root.getVector("point");
    IntVector numberElements = (IntVector) numbers.getDataVector();
    StructWriter structWriter = point.getWriter();
    for (int i = 0; i < rows; i++) {
      boolean isNull = i % 7 == 3;
      int value = i * 31 + variant * (i % 5 == 4 ? 1 : 0);
      if (isNull) {
        id.setNull(i);
        big.setNull(i);
        ratio.setNull(i);
        flag.setNull(i);
        name.setNull(i);
        blob.setNull(i);
        price.setNull(i);
        day.setNull(i);
        at.setNull(i);
      } else {
        id.setSafe(i, value);
        big.setSafe(i, (long) value << 33);
        ratio.setSafe(i, switch (i % 6) {
          case 0 -> Double.NaN;
          case 1 -> -0.0;
          default -> value / 7.0;
        });
        flag.setSafe(i, i % 2);
        name.setSafe(i, ("name-" + value + (i % 3 == 0 ? "" : "-ünïcode")).getBytes(StandardCharsets.UTF_8));
        blob.setSafe(i, new byte[] {(byte) i, (byte) (i >> 8), 0, (byte) 0xff});
        price.setSafe(i, BigDecimal.valueOf(value * 101L - 5000, 2));
        day.setSafe(i, 18000 + value);
        at.setSafe(i, 1_600_000_000_000_000L + value * 1_000_003L);
      }
      // Filled through the vectors, not a UnionListWriter, which would replace the "element" child by "$data$".
      if (i % 11 == 5) {
        numbers.setNull(i);
      } else {
        int start = numbers.startNewValue(i);
        for (int k = 0; k < i % 4; k++) {
          if (k == 2) {
            numberElements.setNull(start + k);
          } else {
            numberElements.setSafe(start + k, value + k);
          }
        }
        numbers.endValue(i, i % 4);
      }
      structWriter.setPosition(i);
      if (i % 13 == 6) {
        structWriter.writeNull();
      } else {
        structWriter.start();
        structWriter.integer("x").writeInt(-value);
        if (i % 5 != 0) {
          byte[] label = ("p" + value).getBytes(StandardCharsets.UTF_8);
          try (org.apache.arrow.memory.ArrowBuf buffer = allocator.buffer(label.length)) {
            buffer.setBytes(0, label);
            structWriter.varChar("label").writeVarChar(0, label.length, buffer);
          }
        }
        structWriter.end();
      }
    }
    root.setRowCount(rows);
    return root;
  }
}
