package io.parquetarrow.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.filter.RowRanges;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.simd.KernelProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Reads a file through {@link RowGroupBatches} for some rows of each row group, and compares what comes out with a
 * read of every row cut to the same rows: the harness of the tests of reading by row ranges.
 */
final class SelectedRowsReads {
  /** What a read returned, one rendered string per row, and what it cost. */
  record Result(List<String> rows, List<Integer> batchSizes, long bytesRead, long pagesNotRead,
      long pageIndexRequests, long rangesReadAhead) {}

  private SelectedRowsReads() {}

  /**
   * Reads {@code file} with {@code options}, only the rows {@code rows} gives per row group (null: every row),
   * reading ahead with up to {@code readAheadBytes} on the calling thread; asserts no Arrow memory is left.
   */
  static Result read(Path file, ReadOptions options, IntFunction<RowRanges> rows, long readAheadBytes)
      throws IOException {
    try (BufferAllocator allocator = TestAllocators.root();
        ParquetFile parquet = ParquetFile.open(file, options.decryption())) {
      ReadPlan plan = ReadPlan.create(parquet, options, KernelProvider.get());
      Result result;
      try (PlanVectors planned = PlanVectors.of(plan, allocator)) {
        DictionaryProvider provider = planned.provider();
        List<String> rendered = new ArrayList<>();
        List<Integer> batchSizes = new ArrayList<>();
        try (VectorSchemaRoot root = new VectorSchemaRoot(planned.vectors());
            ColumnChunks chunks = new ColumnChunks(parquet, true, readAheadBytes, Runnable::run);
            RowGroupBatches batches = new RowGroupBatches(plan, planned.fields(), chunks, allocator, provider,
                RowGroupReader::readBatch)) {
          batches.selectRows(rows);
          for (int count = batches.next(root); count >= 0; count = batches.next(root)) {
            root.setRowCount(count);
            batchSizes.add(count);
            for (int row = 0; row < count; row++) {
              rendered.add(render(root, row, provider));
            }
          }
          result = new Result(rendered, batchSizes, chunks.bytesRead(), chunks.pagesNotRead(),
              chunks.pageIndexRequests(), chunks.chunksReadAhead());
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left after reading %s", file).isZero();
      return result;
    }
  }

  /** The rows of {@code all} (every row of the file, in order) that {@code rows} selects in each row group. */
  static List<String> slice(List<String> all, long[] rowGroupRows, IntFunction<RowRanges> rows) {
    List<String> expected = new ArrayList<>();
    long first = 0;
    for (int group = 0; group < rowGroupRows.length; group++) {
      RowRanges ranges = rows.apply(group);
      ranges = ranges == null ? RowRanges.all(rowGroupRows[group])
          : ranges.intersect(RowRanges.all(rowGroupRows[group]));
      for (int i = 0; i < ranges.rangeCount(); i++) {
        for (long row = ranges.start(i); row < ranges.end(i); row++) {
          expected.add(all.get((int) (first + row)));
        }
      }
      first += rowGroupRows[group];
    }
    return expected;
  }

  /**
   * Random ranges of a row group of {@code rowCount} rows: none, all, one row, a few short ranges, many scattered
   * single rows, a range at the end, or ranges running past the end, as {@code random} chooses.
   */
  static RowRanges randomRanges(Random random, long rowCount) {
    if (rowCount == 0) {
      return RowRanges.none();
    }
    int bound = (int) Math.min(rowCount, Integer.MAX_VALUE);
    RowRanges.Builder builder = new RowRanges.Builder();
    switch (random.nextInt(8)) {
      case 0 -> {
        return RowRanges.none();
      }
      case 1 -> {
        return RowRanges.all(rowCount);
      }
      case 2 -> {
        long row = random.nextInt(bound);
        return RowRanges.of(row, row + 1);
      }
      case 3 -> {
        return RowRanges.of(rowCount - 1 - random.nextInt(Math.min(bound, 50)), rowCount + 10);
      }
      default -> {
        long row = 0;
        int ranges = 1 + random.nextInt(6);
        for (int i = 0; i < ranges && row < rowCount; i++) {
          row += random.nextInt(Math.max(1, bound / ranges));
          long length = 1 + random.nextInt(Math.max(1, bound / (4 * ranges)));
          builder.add(row, Math.min(rowCount, row + length));
          row += length + 1;
        }
      }
    }
    return builder.build();
  }

  /** One row: each field's value, a dictionary-encoded one looked up in its dictionary. */
  static String render(VectorSchemaRoot root, int row, DictionaryProvider dictionaries) {
    StringBuilder text = new StringBuilder();
    for (FieldVector vector : root.getFieldVectors()) {
      Object value;
      if (vector.getField().getDictionary() != null && !vector.isNull(row)) {
        long index = ((BaseIntVector) vector).getValueAsLong(row);
        value = dictionaries.lookup(vector.getField().getDictionary().getId()).getVector().getObject((int) index);
      } else {
        value = vector.getObject(row);
      }
      if (value instanceof byte[] bytes) {
        value = HexFormat.of().formatHex(bytes);
      }
      text.append(vector.getField().getName()).append('=').append(value).append("; ");
    }
    return text.toString();
  }
}
