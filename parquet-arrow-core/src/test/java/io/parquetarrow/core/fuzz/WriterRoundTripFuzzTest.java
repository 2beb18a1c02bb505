package io.parquetarrow.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.core.BytesInputFile;
import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.testing.ArrowAssertions;
import io.parquetarrow.format.Encoding;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Fuzzes the writer with Arrow batches drawn from the input ({@link RandomBatches}: schema, row counts, values)
 * under write options drawn from it too (codec, data page version, dictionary on or off, a value encoding for the
 * first column, small pages and row groups, checksums, statistics and page index on or off), writes them to
 * memory and reads the file back with our reader: the rows must equal the batches written, value by value
 * ({@link ArrowAssertions}). A mismatch is a finding, as is anything {@link FuzzFindings} counts; an
 * {@link IllegalArgumentException} (options or encoding not valid for the column) is a clean rejection.
 */
class WriterRoundTripFuzzTest {
  private static final Codec[] CODECS =
      {Codec.UNCOMPRESSED, Codec.SNAPPY, Codec.GZIP, Codec.ZSTD, Codec.LZ4_RAW, Codec.BROTLI, Codec.LZ4};
  private static final Encoding[] ENCODINGS = {Encoding.PLAIN, Encoding.RLE, Encoding.DELTA_BINARY_PACKED,
      Encoding.DELTA_LENGTH_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY, Encoding.BYTE_STREAM_SPLIT};

  @FuzzTest(maxDuration = "5m")
  void writeAndReadBack(byte[] input) throws Exception {
    FuzzFindings.check(null, input.length, allocator -> roundTrip(new ByteDraws(input), allocator));
  }

  private static void roundTrip(ByteDraws data, BufferAllocator allocator) throws Exception {
    Schema schema = RandomBatches.schema(data);
    WriteOptions options = options(data, schema);
    List<VectorSchemaRoot> written = new ArrayList<>();
    List<VectorSchemaRoot> read = new ArrayList<>();
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(bytes, schema, options)) {
        for (int batch = data.nextInt(1, 3); batch > 0; batch--) {
          VectorSchemaRoot root = RandomBatches.batch(schema, allocator, data);
          written.add(root);
          writer.write(root);
        }
      }
      ReadOptions readOptions = ReadOptions.builder().threads(1).readAheadBytes(0)
          .batchRows(data.nextInt(1, 500)).build();
      try (ParquetArrowReader reader = ParquetArrowReader.open(
          new BytesInputFile("round-trip.parquet", bytes.toByteArray()), allocator, readOptions)) {
        while (reader.loadNextBatch()) {
          read.add(detach(reader.getVectorSchemaRoot(), allocator));
        }
        if (read.isEmpty()) {
          read.add(detach(reader.getVectorSchemaRoot(), allocator));
        }
      }
      ArrowAssertions.assertBatchesEqual("round trip with " + options, written, read,
          ArrowAssertions.Tolerance.NESTED_FIELD_NAMES);
    } finally {
      AutoCloseables.close(written);
      AutoCloseables.close(read);
    }
  }

  private static WriteOptions options(ByteDraws data, Schema schema) {
    WriteOptions.Builder options = WriteOptions.builder()
        .codec(data.pick(CODECS))
        .dataPageVersion(data.nextBoolean() ? WriteOptions.DataPageVersion.V2 : WriteOptions.DataPageVersion.V1)
        .dictionaryEnabled(data.nextBoolean())
        .dictionaryPageSizeLimit(data.nextInt(16, 4096))
        .pageSizeBytes(data.nextInt(16, 8192))
        .pageRowLimit(data.nextInt(1, 128))
        .rowGroupRowLimit(data.nextInt(1, 400))
        .writeBatchRows(data.nextInt(1, 64))
        .pageChecksums(data.nextBoolean())
        .statisticsEnabled(data.nextBoolean())
        .pageIndexEnabled(data.nextBoolean())
        .syncOnClose(false);
    if (data.nextBoolean()) {
      options.columnEncoding(schema.getFields().get(0).getName(), data.pick(ENCODINGS));
    }
    if (data.nextBoolean()) {
      options.autoEncoding(true);
    }
    return options.build();
  }

  /**
   * Moves the reader's current batch into a root of its own, as the reader reuses its root. The targets are made
   * from the vectors' fields: a transfer pair made by name alone would make some vectors (fixed-size binary)
   * nullable whatever the field said.
   */
  private static VectorSchemaRoot detach(VectorSchemaRoot root, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    for (FieldVector vector : root.getFieldVectors()) {
      FieldVector target = vector.getField().createVector(allocator);
      vectors.add(target);
      vector.makeTransferPair(target).transfer();
    }
    VectorSchemaRoot detached = new VectorSchemaRoot(vectors);
    detached.setRowCount(root.getRowCount());
    return detached;
  }
}
