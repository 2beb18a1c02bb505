package io.parquetarrow.core.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/** Hive partition directories: parsing, percent-decoding, the default partition, and type inference. */
class DatasetPartitionsTest {

  private static List<HivePaths.Segment> segments(String relativePath) {
    return HivePaths.segments(relativePath, HivePaths.DEFAULT_PARTITION);
  }

  @Test
  void readsKeyValueDirectoriesInOrderAndPassesOverOthers() {
    assertThat(segments("year=2024/extra/city=Paris/part-0.parquet")).containsExactly(
        new HivePaths.Segment("year", "2024"), new HivePaths.Segment("city", "Paris"));
    assertThat(segments("part-0.parquet")).isEmpty();
    // The file name is never a partition, even with an '='.
    assertThat(segments("a=1/b=2.parquet")).containsExactly(new HivePaths.Segment("a", "1"));
  }

  @Test
  void decodesPercentEscapesAsUtf8AndKeepsPlus() {
    assertThat(segments("s=New%20York%2FNY%3Dx/f")).containsExactly(
        new HivePaths.Segment("s", "New York/NY=x"));
    assertThat(HivePaths.decode("a+b", "f")).isEqualTo("a+b");
    assertThat(HivePaths.decode("caf%C3%A9", "f")).isEqualTo("café");
    assertThat(HivePaths.decode("%25", "f")).isEqualTo("%");
    assertThat(segments("k%3Dey=v/f")).containsExactly(new HivePaths.Segment("k=ey", "v"));
  }

  @Test
  void readsTheDefaultPartitionAsNull() {
    assertThat(segments("a=__HIVE_DEFAULT_PARTITION__/f")).containsExactly(
        new HivePaths.Segment("a", null));
    assertThat(HivePaths.segments("a=NULL/f", "NULL")).containsExactly(new HivePaths.Segment("a", null));
    assertThat(segments("a=NULL/f")).containsExactly(
        new HivePaths.Segment("a", "NULL"));
  }

  @Test
  void rejectsMalformedDirectories() {
    assertThatThrownBy(() -> segments("a=%2/f")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a=%2/f").hasMessageContaining("malformed escape");
    assertThatThrownBy(() -> segments("a=%zz/f")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> segments("=1/f")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no key");
    assertThatThrownBy(() -> segments("a=1/a=2/f")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("partition key a appears twice");
  }

  @Test
  void infersInt32ThenInt64ThenUtf8() {
    assertThat(PartitionValues.infer(List.of("1", "-2", "007"))).isEqualTo(new ArrowType.Int(32, true));
    assertThat(PartitionValues.infer(Arrays.asList("1", null, "3000000000"))).isEqualTo(new ArrowType.Int(64, true));
    assertThat(PartitionValues.infer(List.of("1", "99999999999999999999"))).isEqualTo(ArrowType.Utf8.INSTANCE);
    assertThat(PartitionValues.infer(List.of("1", "1.5"))).isEqualTo(ArrowType.Utf8.INSTANCE);
    assertThat(PartitionValues.infer(List.of("+1"))).isEqualTo(ArrowType.Utf8.INSTANCE);
    assertThat(PartitionValues.infer(List.of("2024-01-31"))).isEqualTo(ArrowType.Utf8.INSTANCE);
    assertThat(PartitionValues.infer(Arrays.asList((String) null))).isEqualTo(ArrowType.Utf8.INSTANCE);
  }

  @Test
  void convertsValuesToInferredOrExplicitTypes() {
    List<Field> inferred = PartitionValues.fields(List.of("n", "s"),
        Map.of("n", List.of("1", "2"), "s", List.of("x", "1")), null);
    assertThat(inferred).extracting(Field::getType).containsExactly(new ArrowType.Int(32, true),
        ArrowType.Utf8.INSTANCE);
    assertThat(inferred).allMatch(Field::isNullable);
    assertThat(PartitionValues.convert(inferred, Map.of("n", "2", "s", "1"), "f")).containsExactly(
        Map.entry("n", 2), Map.entry("s", "1"));

    Schema explicit = new Schema(List.of(
        new Field("d", FieldType.nullable(new ArrowType.Date(DateUnit.DAY)), null),
        new Field("n", FieldType.nullable(new ArrowType.Int(64, true)), null)));
    List<Field> typed = PartitionValues.fields(List.of("n", "d"), Map.of(), explicit);
    assertThat(PartitionValues.convert(typed, Map.of("n", "5", "d", "2024-02-29"), "f")).containsExactly(
        Map.entry("n", 5L), Map.entry("d", LocalDate.of(2024, 2, 29)));
    assertThatThrownBy(() -> PartitionValues.convert(typed, Map.of("n", "x", "d", "2024-02-29"), "n=x/f"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n=x/f")
        .hasMessageContaining("'x'");
    assertThatThrownBy(() -> PartitionValues.fields(List.of("n", "other"), Map.of(), explicit))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("other");
  }

  @Test
  void refusesUnsupportedExplicitTypes() {
    Schema schema = new Schema(List.of(new Field("t", FieldType.nullable(new ArrowType.Binary()), null)));
    assertThatThrownBy(() -> DatasetOptions.builder().partitionSchema(schema))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("partition column t");
  }

  @Test
  void skipsHiddenPathsAtAnyLevel() {
    assertThat(FileDiscovery.hidden("a=1/part-0.parquet")).isFalse();
    assertThat(FileDiscovery.hidden("_SUCCESS")).isTrue();
    assertThat(FileDiscovery.hidden("a=1/.part-0.parquet.crc")).isTrue();
    assertThat(FileDiscovery.hidden("_temporary/0/part-0.parquet")).isTrue();
    assertThat(FileDiscovery.hidden(".hive-staging/a=1/f.parquet")).isTrue();
  }
}
