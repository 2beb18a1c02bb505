package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.junit.jupiter.api.Test;

/**
 * Differential test of {@code meta --json}'s statistics: wherever parquet-java and this command both give a
 * bound for a column chunk, they are the same value, for the types whose values compare directly — booleans,
 * integers (signed and unsigned), decimals, floats and UTF-8 strings. The two may differ in when they give a
 * bound at all (parquet-java also drops statistics of old writers it distrusts), so a bound only one side gives
 * is counted, not failed.
 */
class ParquetJavaStatisticsComparisonTest {

  @Test
  @SuppressWarnings("unchecked")
  void boundsAgreeWithParquetJava() throws Exception {
    Path data = TestFiles.corpusDataDirectory();
    List<Path> files = new ArrayList<>(TestFiles.parquetFilesUnder(data));
    files.add(TestFiles.sampleFile());
    List<String> mismatches = new ArrayList<>();
    int compared = 0;
    List<String> onlyOneSide = new ArrayList<>();
    for (Path file : files) {
      List<BlockMetaData> blocks;
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        blocks = reader.getFooter().getBlocks();
      } catch (Exception | LinkageError e) {
        continue;
      }
      CommandRunner.Result result = CommandRunner.run("meta", "--json", file.toString());
      if (result.exitCode() != 0) {
        mismatches.add(result.describe());
        continue;
      }
      List<Object> rowGroups = (List<Object>) JsonTestParser.parseObject(result.stdout()).get("row_groups");
      for (int rowGroup = 0; rowGroup < blocks.size(); rowGroup++) {
        List<ColumnChunkMetaData> javaColumns = blocks.get(rowGroup).getColumns();
        List<Object> ourColumns = (List<Object>) ((Map<String, Object>) rowGroups.get(rowGroup)).get("columns");
        for (int column = 0; column < javaColumns.size(); column++) {
          Statistics<?> statistics = javaColumns.get(column).getStatistics();
          Map<String, Object> ours = (Map<String, Object>) ((Map<String, Object>) ourColumns.get(column))
              .get("statistics");
          if (statistics == null || !statistics.hasNonNullValue() || ours == null) {
            continue;
          }
          PrimitiveType type = statistics.type();
          String where = file.getFileName() + " row group " + rowGroup + " column " + javaColumns.get(column).getPath();
          Object expectedMin = comparable(statistics.genericGetMin(), type);
          Object expectedMax = comparable(statistics.genericGetMax(), type);
          if (expectedMin == null) {
            continue;
          }
          if (ours.get("min") == null || ours.get("max") == null) {
            onlyOneSide.add(where);
            continue;
          }
          compared++;
          if (!expectedMin.equals(ours.get("min")) || !expectedMax.equals(ours.get("max"))) {
            mismatches.add(where + ": parquet-java [" + expectedMin + ", " + expectedMax + "], ours ["
                + ours.get("min") + ", " + ours.get("max") + "]");
          }
        }
      }
    }
    System.out.println("statistics compared with parquet-java: " + compared + " chunks; bounds given by only one"
        + " side: " + onlyOneSide);
    assertThat(mismatches).as("chunks whose bounds differ from parquet-java's").isEmpty();
    assertThat(compared).as("chunks compared").isGreaterThan(20);
  }

  /**
   * parquet-java's bound as the value our JSON parses to (numbers as BigDecimal with the same scale, strings,
   * booleans), or null for a type this test does not compare.
   */
  private static Object comparable(Object value, PrimitiveType type) {
    LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
    if (annotation instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal) {
      BigInteger unscaled = value instanceof Binary binary
          ? new BigInteger(binary.getBytes())
          : BigInteger.valueOf(((Number) value).longValue());
      return new BigDecimal(unscaled, decimal.getScale());
    }
    if (annotation instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer && !integer.isSigned()) {
      long bits = ((Number) value).longValue();
      return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32
          ? BigDecimal.valueOf(Integer.toUnsignedLong((int) bits))
          : new BigDecimal(Long.toUnsignedString(bits));
    }
    if (annotation instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
      return ((Binary) value).toStringUsingUTF8();
    }
    if (annotation != null && !(annotation instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation)) {
      return null;
    }
    return switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> value;
      case INT32, INT64 -> BigDecimal.valueOf(((Number) value).longValue());
      case FLOAT, DOUBLE -> {
        double number = ((Number) value).doubleValue();
        yield Double.isFinite(number) ? new BigDecimal(value.toString()) : null;
      }
      default -> null;
    };
  }
}
