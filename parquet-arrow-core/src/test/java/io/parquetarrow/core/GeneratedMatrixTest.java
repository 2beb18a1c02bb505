package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.core.testing.ArrowBatches;
import io.parquetarrow.core.testing.ArrowCppOracle;
import io.parquetarrow.core.testing.DuckDbWriter;
import io.parquetarrow.core.testing.TestAllocators;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A generated matrix, written by DuckDB into a temporary directory and read by us and by Arrow C++: every flat
 * type DuckDB writes (booleans, signed and unsigned integers of each width, floats with NaN, dates, times,
 * timestamps of each unit with and without time zone, decimals stored as INT32, INT64 and FIXED_LEN_BYTE_ARRAY,
 * strings, blobs, UUIDs, intervals) × nullable or not × codec (uncompressed, snappy, gzip, zstd, lz4_raw,
 * brotli) × data page v1 (PLAIN, RLE_DICTIONARY) or v2 (adds DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY,
 * DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT) × dictionary on or off × small (one page) or large (several row groups
 * and pages). Ours must equal Arrow C++'s read value for value, in batches of an odd size so batch boundaries
 * fall inside pages. Arrow C++ in arrow-dataset is built without Brotli, so a Brotli file is compared with
 * Arrow C++'s read of the same rows written uncompressed. INT32 columns keep consecutive differences within 31
 * bits: DuckDB computes DELTA_BINARY_PACKED deltas of INT32 in 64 bits and may write 33-bit miniblocks, which
 * Arrow C++ rejects ("delta bit width larger than integer bit width").
 */
class GeneratedMatrixTest {
  @TempDir Path temporary;

  static Stream<Arguments> matrix() {
    List<Arguments> cases = new ArrayList<>();
    String[] codecs = {"uncompressed", "snappy", "gzip", "zstd", "lz4_raw", "brotli"};
    // (nullable, dictionary, rows) varied pairwise across codec × page version.
    Object[][] shapes = {{true, true, 10}, {true, false, 25_000}, {false, true, 25_000}, {false, false, 10}};
    for (String codec : codecs) {
      for (String version : new String[] {"V1", "V2"}) {
        for (Object[] shape : shapes) {
          cases.add(Arguments.of(codec, version, shape[0], shape[1], shape[2]));
        }
      }
    }
    return cases.stream();
  }

  static String query(boolean nullable, int rows) {
    String[][] columns = {
        {"bool_col", "(i % 3 = 0)"},
        {"int8_col", "((i % 256) - 128)::TINYINT"},
        {"int16_col", "((i * 7) % 65536 - 32768)::SMALLINT"},
        {"int32_col", "((i * 7919) % 2000000000 - 1000000000)::INTEGER"},
        {"int64_col", "(i * 1000003 * CASE WHEN i % 2 = 0 THEN -1 ELSE 1 END)::BIGINT"},
        {"uint8_col", "(i % 256)::UTINYINT"},
        {"uint16_col", "((i * 31) % 65536)::USMALLINT"},
        {"uint32_col", "((i * 104729) % 2000000000)::UINTEGER"},
        {"uint64_col", "(18446744073709551615::UBIGINT - (i * 7919)::UBIGINT)"},
        {"float_col", "CASE WHEN i % 97 = 5 THEN 'nan'::FLOAT ELSE (i / 7.0)::FLOAT END"},
        {"double_col", "CASE WHEN i % 89 = 7 THEN '-inf'::DOUBLE ELSE (i / 3.0 - 100)::DOUBLE END"},
        {"date_col", "(DATE '1969-12-01' + (i % 20000)::INTEGER)"},
        {"time_col", "(TIME '00:00:00' + to_microseconds(i * 1000037 % 86400000000))"},
        {"timestamp_col", "(TIMESTAMP '1960-01-01' + to_microseconds(i * 100000007))"},
        {"timestamp_ms_col", "(TIMESTAMP '2020-01-01' + to_milliseconds(i * 1009))::TIMESTAMP_MS"},
        {"timestamp_ns_col", "(TIMESTAMP '2020-01-01' + to_microseconds(i * 13))::TIMESTAMP_NS"},
        {"timestamptz_col", "(TIMESTAMPTZ '2001-02-03 04:05:06+00' + to_seconds(i * 977))"},
        {"decimal_4_1_col", "((i % 19990) / 10.0 - 999)::DECIMAL(4,1)"},
        {"decimal_9_2_col", "((i * 37) % 1999999 / 100.0 - 9999)::DECIMAL(9,2)"},
        {"decimal_18_3_col", "((i * 1000003) / 1000.0 * CASE WHEN i % 2 = 0 THEN -1 ELSE 1 END)::DECIMAL(18,3)"},
        {"decimal_38_10_col", "((i * 123456789012345) / 10000000000.0 - 5)::DECIMAL(38,10)"},
        {"varchar_col", "CASE WHEN i % 11 = 0 THEN '' ELSE 'value ' || (i % 500) || repeat('x', i % 37) END"},
        {"blob_col", "encode('blob' || (i % 300))"},
        {"uuid_col", "('00000000-0000-4000-8000-' || lpad((i % 1000)::VARCHAR, 12, '0'))::UUID"},
        {"interval_col", "to_days((i % 400)::INTEGER) + to_milliseconds(i % 86400000)"},
    };
    StringBuilder select = new StringBuilder("SELECT ");
    for (int c = 0; c < columns.length; c++) {
      if (c > 0) {
        select.append(", ");
      }
      String expression = columns[c][1];
      if (nullable) {
        // Nulls in runs and scattered, different per column.
        expression = "CASE WHEN i % " + (5 + c) + " = 1 OR (i / 1000) % 7 = " + (c % 7) + " THEN NULL ELSE "
            + expression + " END";
      }
      select.append(expression).append(" AS ").append(columns[c][0]);
    }
    return select + " FROM range(" + rows + ") t(i)";
  }

  @ParameterizedTest(name = "{0} {1} nullable={2} dictionary={3} rows={4}")
  @MethodSource("matrix")
  void oursEqualsArrowCpp(String codec, String version, boolean nullable, boolean dictionary, int rows)
      throws Exception {
    String query = query(nullable, rows);
    DuckDbWriter.Options options = DuckDbWriter.Options.defaults().compression(codec).parquetVersion(version)
        .rowGroupSize(10_000);
    if (!dictionary) {
      options = options.dictionarySizeLimit(0);
    }
    String label = codec + "_" + version + "_" + (nullable ? "nullable" : "nonnull") + "_"
        + (dictionary ? "dictionary" : "plain") + "_" + rows;
    Path file = temporary.resolve(label + ".parquet");
    DuckDbWriter.write(query, file, options);
    Path reference = file;
    if (codec.equals("brotli")) {
      reference = temporary.resolve(label + ".uncompressed.parquet");
      DuckDbWriter.write(query, reference, options.compression("uncompressed"));
    }
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowBatches expected = ArrowCppOracle.read(allocator, reference)) {
        List<VectorSchemaRoot> actual =
            ReaderTestSupport.readBatches(allocator, file, ReadOptions.builder().batchRows(4_099).build());
        try {
          ArrowAssertions.assertBatchesEqual(label, expected.batches(), actual);
        } finally {
          actual.forEach(VectorSchemaRoot::close);
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after %s", label).isZero();
    }
  }
}
