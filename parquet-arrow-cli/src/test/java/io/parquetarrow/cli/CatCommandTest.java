package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;

/**
 * {@code cat} on {@code testdata/sample.parquet} (1,000 rows: id = i, name = "item-" + i % 37, quantity null
 * where i % 10 == 3, ...; see testdata/README.md) in every format.
 */
class CatCommandTest {

  @Test
  void tableShowsTwentyAlignedRowsByDefault() {
    CommandRunner.Result result = CommandRunner.run("cat", TestFiles.sampleFile().toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    List<String> lines = result.stdout().lines().toList();
    assertThat(lines).as(result.describe()).hasSize(1 + 1 + 20 + 1);
    assertThat(lines.get(0)).as("header").startsWith("id").contains("| name", "| price", "| score");
    assertThat(lines.get(1)).as("rule").matches("[-+]+");
    assertThat(lines.get(2)).as("first row").startsWith(" 0 | item-0 ");
    assertThat(lines.get(5)).as("row 3 has a null quantity").contains("|     null |");
    assertThat(lines.get(lines.size() - 1)).as("footer").isEqualTo("(20 of 1000 rows)");
    int separator = lines.get(0).indexOf(" | name");
    for (String line : lines.subList(2, 22)) {
      assertThat(line.indexOf(" | ")).as("aligned: %s", line).isEqualTo(separator);
    }
  }

  @Test
  void csvIsRfc4180WithNullsEmpty() {
    CommandRunner.Result result =
        CommandRunner.run("cat", "--format", "csv", "--limit", "5", TestFiles.sampleFile().toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    String csv = result.stdout();
    assertThat(csv).as("CRLF records").endsWith("\r\n");
    String[] records = csv.split("\r\n");
    assertThat(records).as(result.describe()).hasSize(6);
    assertThat(records[0]).as("header").isEqualTo("id,name,quantity,price,ship_date,updated_at,flag,score");
    assertThat(records[1]).as("row 0").isEqualTo("0,item-0,0,0.00,2024-01-01,2024-01-01T00:00:00.000000,true,0.0");
    assertThat(records[4]).as("row 3: quantity null is an empty field").startsWith("3,item-3,,");
  }

  @Test
  @SuppressWarnings("unchecked")
  void jsonIsOneObjectPerRow() {
    CommandRunner.Result result = CommandRunner.run("cat", "--format", "json", TestFiles.sampleFile().toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    List<String> lines = result.stdout().lines().toList();
    assertThat(lines).as("one line per row").hasSize(1000);
    for (int i = 0; i < lines.size(); i++) {
      Map<String, Object> row = JsonTestParser.parseObject(lines.get(i));
      assertThat(row.get("id")).as("id of row %d", i).isEqualTo(new BigDecimal(i));
      assertThat(row.get("name")).as("name of row %d", i).isEqualTo("item-" + (i % 37));
      if (i % 10 == 3) {
        assertThat(row).as("row %d", i).containsEntry("quantity", null);
      } else {
        assertThat(row.get("quantity")).as("quantity of row %d", i).isEqualTo(new BigDecimal((i * 7) % 1000));
      }
      assertThat(row.get("flag")).as("flag of row %d", i).isEqualTo(i % 3 == 0);
    }
  }

  @Test
  void columnsSelectAndLimitCuts() {
    CommandRunner.Result result = CommandRunner.run(
        "cat", "--format", "json", "--columns", "name,id", "--limit", "3", TestFiles.sampleFile().toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    List<String> lines = result.stdout().lines().toList();
    assertThat(lines).as(result.describe()).hasSize(3);
    assertThat(JsonTestParser.parseObject(lines.get(2)).keySet()).as("selected columns")
        .containsExactlyInAnyOrder("id", "name");
  }

  @Test
  void arrowStreamReadsBackWithEveryRow() throws Exception {
    Path sample = TestFiles.sampleFile();
    CommandRunner.Result result = CommandRunner.run("cat", "--format", "arrow", sample.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stderr()).as("stderr").isEmpty();
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowStreamReader stream = new ArrowStreamReader(new ByteArrayInputStream(result.stdoutBytes()), allocator);
          ParquetArrowReader parquet = ParquetArrowReader.open(sample, allocator)) {
        VectorSchemaRoot root = stream.getVectorSchemaRoot();
        assertThat(root.getSchema().getFields()).as("schema")
            .isEqualTo(parquet.getVectorSchemaRoot().getSchema().getFields());
        long rows = 0;
        while (stream.loadNextBatch()) {
          BigIntVector id = (BigIntVector) root.getVector("id");
          for (int i = 0; i < root.getRowCount(); i++) {
            assertThat(id.get(i)).as("id at row %d", rows + i).isEqualTo(rows + i);
          }
          rows += root.getRowCount();
        }
        assertThat(rows).as("rows in the stream").isEqualTo(1000);
      }
      assertThat(allocator.getAllocatedMemory()).as("outstanding Arrow memory").isZero();
    }
  }

  @Test
  void arrowStreamHonoursLimit() throws Exception {
    Path file = TestFiles.corpusDataDirectory().resolve("alltypes_plain.parquet");
    CommandRunner.Result result = CommandRunner.run(
        "cat", "--format", "arrow", "--limit", "7", "--batch-rows", "3", file.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowStreamReader stream =
          new ArrowStreamReader(new ByteArrayInputStream(result.stdoutBytes()), allocator)) {
        long rows = 0;
        int batches = 0;
        while (stream.loadNextBatch()) {
          rows += stream.getVectorSchemaRoot().getRowCount();
          batches++;
        }
        assertThat(rows).as("rows in the stream (8 in the file)").isEqualTo(7);
        assertThat(batches).as("batches of 3, 3 and the 1 the limit leaves").isEqualTo(3);
      }
      assertThat(allocator.getAllocatedMemory()).as("outstanding Arrow memory").isZero();
    }
  }

  @Test
  void csvOfAlltypesPlainHasItsWellKnownRows() {
    Path file = TestFiles.corpusDataDirectory().resolve("alltypes_plain.parquet");
    CommandRunner.Result result = CommandRunner.run("cat", "--format", "csv", "--limit", "2", file.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    // string columns are BYTE_ARRAY without a STRING annotation in this file, so they are binary: hex.
    assertThat(result.stdout()).as(result.describe()).isEqualTo(
        "id,bool_col,tinyint_col,smallint_col,int_col,bigint_col,float_col,double_col,date_string_col,string_col,"
            + "timestamp_col\r\n"
            + "4,true,0,0,0,0,0.0,0.0,30332f30312f3039,30,2009-03-01T00:00:00.000000000\r\n"
            + "5,false,1,1,1,10,1.1,10.1,30332f30312f3039,31,2009-03-01T00:01:00.000000000\r\n");
  }

  @Test
  void filterReturnsTheMatchingRowsAndCountsThem() {
    Path file = TestFiles.corpusDataDirectory().resolve("alltypes_plain.parquet");
    CommandRunner.Result result = CommandRunner.run("cat", "--format", "csv", "--columns", "id",
        "--filter", "id >= 6 AND bool_col = true", "--scan-statistics", file.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout()).as(result.describe()).isEqualTo("id\r\n6\r\n");
    assertThat(result.stderr()).as(result.describe()).contains("rows: 8 decoded, 1 returned");
  }

  @Test
  void explainPrintsThePruningOfEachRowGroup() {
    Path file = TestFiles.corpusDataDirectory().resolve("alltypes_tiny_pages.parquet");
    CommandRunner.Result result = CommandRunner.run("cat", "--explain", "--filter", "id BETWEEN 10 AND 20",
        file.toString());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.stdout()).as(result.describe())
        .startsWith("filter: id BETWEEN 10 AND 20\nrow group 0: 7300 rows, kept ")
        .contains("total: 1 row groups, 0 pruned;");
  }

  @Test
  void badFilterIsOneLineError() {
    Path sample = TestFiles.sampleFile();
    CommandRunner.Result unknown = CommandRunner.run("cat", "--filter", "nope = 1", sample.toString());
    assertThat(unknown.exitCode()).as(unknown.describe()).isEqualTo(1);
    assertThat(unknown.stderr()).as(unknown.describe()).contains("nope");
    CommandRunner.Result explainAlone = CommandRunner.run("cat", "--explain", sample.toString());
    assertThat(explainAlone.exitCode()).as(explainAlone.describe()).isNotZero();
    assertThat(explainAlone.stderr()).as(explainAlone.describe()).contains("--filter");
  }

  @Test
  void unknownColumnIsOneLineError() {
    Path sample = TestFiles.sampleFile();
    CommandRunner.Result result = CommandRunner.run("cat", "--columns", "nope", sample.toString());
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(1);
    ErrorReportingTest.assertOneErrorLine(result, sample);
    assertThat(result.stderr()).as(result.describe()).contains("nope");
  }

  @Test
  void checksumsAreVerifiedUnlessTurnedOff() {
    Path corrupt = TestFiles.corpusDataDirectory().resolve("datapage_v1-corrupt-checksum.parquet");
    CommandRunner.Result verified = CommandRunner.run("cat", "--format", "csv", corrupt.toString());
    assertThat(verified.exitCode()).as(verified.describe()).isEqualTo(1);
    ErrorReportingTest.assertOneErrorLine(verified, corrupt);
    assertThat(verified.stderr()).as(verified.describe()).contains("checksum");
    CommandRunner.Result unverified =
        CommandRunner.run("cat", "--format", "csv", "--no-verify-checksums", corrupt.toString());
    assertThat(unverified.exitCode()).as(unverified.describe()).isZero();
    assertThat(unverified.stdout().split("\r\n")).as("header and rows").hasSizeGreaterThan(1);
  }

  @Test
  void negativeLimitIsUsageError() {
    CommandRunner.Result result = CommandRunner.run("cat", "--limit", "-1", TestFiles.sampleFile().toString());
    assertThat(result.exitCode()).as(result.describe()).isEqualTo(2);
  }
}
