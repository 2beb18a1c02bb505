package io.parquetarrow.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

class ArrowValuesTest {

  @Test
  void readsScalarVectors() {
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (IntVector ints = new IntVector("i", allocator);
          UInt8Vector unsigned = new UInt8Vector("u", allocator);
          DecimalVector decimals = new DecimalVector("d", allocator, 10, 2);
          DateDayVector dates = new DateDayVector("date", allocator);
          TimeMicroVector times = new TimeMicroVector("t", allocator);
          TimeStampNanoVector local = new TimeStampNanoVector("ts", allocator);
          TimeStampMicroTZVector zoned = new TimeStampMicroTZVector("tz", allocator, "Europe/Paris");
          VarCharVector strings = new VarCharVector("s", allocator);
          VarBinaryVector binary = new VarBinaryVector("b", allocator)) {
        ints.allocateNew(2);
        ints.set(0, -7);
        ints.setNull(1);
        ints.setValueCount(2);
        unsigned.allocateNew(1);
        unsigned.set(0, -1L);
        unsigned.setValueCount(1);
        decimals.allocateNew(1);
        decimals.set(0, new BigDecimal("-12.34"));
        decimals.setValueCount(1);
        dates.allocateNew(1);
        dates.set(0, 19_723);
        dates.setValueCount(1);
        times.allocateNew(1);
        times.set(0, 3_723_000_005L);
        times.setValueCount(1);
        local.allocateNew(1);
        local.set(0, 1L);
        local.setValueCount(1);
        zoned.allocateNew(1);
        zoned.set(0, 0L);
        zoned.setValueCount(1);
        strings.allocateNew(1);
        strings.set(0, "é\"".getBytes(StandardCharsets.UTF_8));
        strings.setValueCount(1);
        binary.allocateNew(1);
        binary.set(0, new byte[] {0, (byte) 0xab});
        binary.setValueCount(1);

        assertThat(text(ints, 0)).as("int").isEqualTo("-7");
        assertThat(ArrowValues.valueAt(ints, 1)).as("null").isInstanceOf(DisplayValue.Null.class);
        assertThat(text(unsigned, 0)).as("uint64").isEqualTo("18446744073709551615");
        assertThat(text(decimals, 0)).as("decimal").isEqualTo("-12.34");
        assertThat(text(dates, 0)).as("date").isEqualTo("2024-01-01");
        assertThat(text(times, 0)).as("time").isEqualTo("01:02:03.000005");
        assertThat(text(local, 0)).as("local timestamp").isEqualTo("1970-01-01T00:00:00.000000001");
        assertThat(text(zoned, 0)).as("zoned timestamp").isEqualTo("1970-01-01T01:00:00.000000+01:00");
        assertThat(text(strings, 0)).as("string").isEqualTo("\"é\\\"\"");
        assertThat(text(binary, 0)).as("binary").isEqualTo("00ab");
      }
      assertThat(allocator.getAllocatedMemory()).as("outstanding Arrow memory").isZero();
    }
  }

  @Test
  void readsNestedVectors() {
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (StructVector struct = StructVector.empty("s", allocator)) {
        IntVector a = struct.addOrGet("a", FieldType.nullable(new ArrowType.Int(32, true)), IntVector.class);
        ListVector b = struct.addOrGet("b", FieldType.nullable(new ArrowType.List()), ListVector.class);
        struct.allocateNew();
        a.allocateNew(2);
        a.set(0, 1);
        a.setValueCount(1);
        UnionListWriter writer = b.getWriter();
        writer.setPosition(0);
        writer.startList();
        writer.integer().writeInt(1);
        writer.integer().writeInt(2);
        writer.endList();
        writer.setValueCount(1);
        struct.setIndexDefined(0);
        struct.setValueCount(1);
        DisplayValue value = ArrowValues.valueAt(struct, 0);
        assertThat(value.toText(40)).as("struct text").isEqualTo("{a: 1, b: [1, 2]}");
        StringBuilder json = new StringBuilder();
        value.writeJson(JsonWriter.compact(json));
        assertThat(json.toString()).as("struct json").isEqualTo("{\"a\":1,\"b\":[1,2]}");
        assertThat(List.of(struct.getChildrenFromFields().size())).as("children").containsExactly(2);
      }
      assertThat(allocator.getAllocatedMemory()).as("outstanding Arrow memory").isZero();
    }
  }

  private static String text(org.apache.arrow.vector.ValueVector vector, int index) {
    return ArrowValues.valueAt(vector, index).toText(40);
  }
}
