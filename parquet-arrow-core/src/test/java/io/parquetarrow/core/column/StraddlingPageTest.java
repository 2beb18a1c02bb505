package io.parquetarrow.core.column;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.PageReader;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.simd.KernelProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rest of an uncompressed PLAIN page that straddles a batch, held by the page cursor (in the file without a
 * CRC, in the heap window with one): whatever the next step is (a batch straight into a vector, a skip inside the
 * rest, a batch decoded on the heap, a sink without a direct view), the values come back where they were written.
 */
class StraddlingPageTest {
  private static final int ROWS = 10_003;
  private static final int PAGE_ROWS = 1_000;

  @TempDir Path directory;

  @ParameterizedTest(name = "checksums {0}")
  @CsvSource({"false", "true"})
  void theRestOfAStraddlingPageIsReadSkippedAndDecodedInPlace(boolean checksums) throws Exception {
    long seed = checksums ? 20_261_128L : 20_261_129L;
    System.out.println("StraddlingPageTest seed " + seed);
    long[] values = new SplittableRandom(seed).longs(ROWS).toArray();
    Path file = write(values, checksums);
    try (ParquetFile parquet = ParquetFile.open(file)) {
      ColumnChunkMetadata chunk = parquet.metadata().rowGroup(0).column(0);
      ColumnDescriptor column = chunk.column();
      PageReader pages = new PageReader(parquet.inputFile(), chunk.startOffset(), chunk.chunkLength(),
          chunk.valueCount(), chunk.codec(), null, true, new ChunkLocation(parquet.name(), 0, "id"));
      try (FlatColumnReader reader = new FlatColumnReader(pages, column.physicalType(), column.typeLength(),
          column.maxDefinitionLevel(), ROWS, KernelProvider.get(), null)) {
        ColumnBatch scratch = new ColumnBatch();
        int row = 0;
        // Each step starts inside the rest of the page the step before straddled.
        row = assertDirect(reader, scratch, values, row, 1_500, true, "a batch ending inside the second page");
        reader.skip(200);
        row += 200;
        row = assertDirect(reader, scratch, values, row, 1_000, true, "a batch after a skip inside the rest");
        row = assertDirect(reader, scratch, values, row, 250, false, "a batch into a sink without a view");
        row = assertDirect(reader, scratch, values, row, 1_300, true, "a batch straddling again");
        ColumnBatch batch = new ColumnBatch();
        reader.read(400, batch);
        for (int i = 0; i < 400; i++) {
          assertThat(batch.longs()[i]).as("row %d decoded on the heap from the rest", row + i)
              .isEqualTo(values[row + i]);
        }
        row += 400;
        row = assertDirect(reader, scratch, values, row, 2_777, true, "a batch across several pages");
        reader.skip(1_234);
        row += 1_234;
        assertDirect(reader, scratch, values, row, ROWS - row, true, "the last rows");
      }
      assertThat(pages.pagesReadIntoDestination()).as("pages read from the file into the sink").isPositive();
    }
  }

  /** Reads {@code rows} rows into a sink over a direct buffer and checks them; returns the next row. */
  private static int assertDirect(FlatColumnReader reader, ColumnBatch scratch, long[] values, int row, int rows,
      boolean withView, String what) throws Exception {
    ByteBuffer vector = ByteBuffer.allocateDirect(rows * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    reader.read(rows, scratch, new BufferTarget(vector, withView));
    for (int i = 0; i < rows; i++) {
      assertThat(vector.getLong(i * Long.BYTES)).as("%s: row %d", what, row + i).isEqualTo(values[row + i]);
    }
    return row + rows;
  }

  private Path write(long[] values, boolean checksums) throws Exception {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true))));
    Path file = directory.resolve("straddling-" + checksums + ".parquet");
    WriteOptions options = WriteOptions.builder().pageRowLimit(PAGE_ROWS).dictionaryEnabled(false)
        .pageChecksums(checksums).build();
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      BigIntVector ids = (BigIntVector) root.getVector("id");
      ids.allocateNew(values.length);
      for (int i = 0; i < values.length; i++) {
        ids.set(i, values[i]);
      }
      root.setRowCount(values.length);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
        writer.write(root);
      }
    }
    return file;
  }

  /** A vector's data buffer stood in for by a direct buffer, with or without a view for the page layer. */
  private record BufferTarget(ByteBuffer buffer, boolean withView) implements FlatBatchTarget {
    @Override
    public Layout layout() {
      return Layout.FIXED_WIDTH;
    }

    @Override
    public int valueWidth() {
      return Long.BYTES;
    }

    @Override
    public ValueSink fixedWidthValues(int rows) {
      return new ValueSink() {
        @Override
        public void putBytes(long destinationOffset, byte[] source, int sourceOffset, int length) {
          buffer.duplicate().position((int) destinationOffset).put(source, sourceOffset, length);
        }

        @Override
        public void putInts(long destinationOffset, int[] source, int count) {
          throw new UnsupportedOperationException("a column of longs");
        }

        @Override
        public void putLongs(long destinationOffset, long[] source, int count) {
          for (int i = 0; i < count; i++) {
            buffer.putLong((int) destinationOffset + i * Long.BYTES, source[i]);
          }
        }

        @Override
        public ByteBuffer directView(long destinationOffset, int length) {
          return withView ? buffer.duplicate().position((int) destinationOffset)
              .limit((int) destinationOffset + length).slice() : null;
        }

        @Override
        public void spreadNulls(int firstSlot, int slots, int values, int width, byte[] validity) {
          throw new AssertionError("a required column has no nulls");
        }
      };
    }

    @Override
    public BinarySink binaryValues(int rows) {
      throw new AssertionError("a column of longs");
    }

    @Override
    public BitSink bitValues(int rows) {
      throw new AssertionError("a column of longs");
    }

    @Override
    public void finish(int rows, int nullCount, byte[] validity) {
      assertThat(nullCount).isZero();
    }

    @Override
    public void abandon() {}

    @Override
    public void assemble(ColumnBatch batch) throws ParquetException {
      throw new AssertionError("a required column of longs goes straight into the vector");
    }
  }
}
