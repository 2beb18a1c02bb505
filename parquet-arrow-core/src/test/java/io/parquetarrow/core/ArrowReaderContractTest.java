package io.parquetarrow.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.Corpus;
import io.parquetarrow.core.testing.TestAllocators;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.junit.jupiter.api.Test;

/**
 * {@link ParquetArrowReader} is an ordinary {@link ArrowReader}: its batches stream through
 * {@link ArrowStreamWriter} (dictionaries included, replaced batch by batch) and through the C Data interface
 * ({@code Data.exportArrayStream}), and come out equal to reading the file directly; all memory is released.
 */
class ArrowReaderContractTest {

  private static final Path FILE = Path.of("alltypes_tiny_pages.parquet");

  private static ReadOptions options() {
    // string_col is read as a dictionary so that the stream carries dictionary batches too.
    return ReadOptions.builder().batchRows(1_000).dictionaryColumns("string_col").build();
  }

  @Test
  void streamsThroughArrowStreamWriter() throws Exception {
    Path file = Corpus.file(FILE.toString());
    ReaderTestSupport.Table direct = ReaderTestSupport.read(file, options());
    try (BufferAllocator allocator = TestAllocators.root()) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options());
          ArrowStreamWriter writer = new ArrowStreamWriter(reader.getVectorSchemaRoot(), reader, bytes)) {
        writer.start();
        while (reader.loadNextBatch()) {
          writer.writeBatch();
        }
        writer.end();
        assertThat(reader.bytesRead()).as("bytes of column data read").isPositive();
      }
      try (ArrowStreamReader stream = new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), allocator)) {
        ReaderTestSupport.Table streamed = ReaderTestSupport.drain(stream);
        assertThat(streamed.rows()).as("rows after an Arrow IPC stream").isEqualTo(direct.rows());
        assertThat(streamed.batchSizes()).as("batch sizes after an Arrow IPC stream").isEqualTo(direct.batchSizes());
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }

  @Test
  void exportsThroughTheCDataInterface() throws Exception {
    Path file = Corpus.file(FILE.toString());
    ReaderTestSupport.Table direct = ReaderTestSupport.read(file, ReadOptions.builder().batchRows(1_000).build());
    try (BufferAllocator allocator = TestAllocators.root()) {
      try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        ParquetArrowReader reader =
            ParquetArrowReader.open(file, allocator, ReadOptions.builder().batchRows(1_000).build());
        Data.exportArrayStream(allocator, reader, stream); // the stream now owns and will close the reader
        try (ArrowReader imported = Data.importArrayStream(allocator, stream)) {
          ReaderTestSupport.Table table = ReaderTestSupport.drain(imported);
          assertThat(table.rows()).as("rows through the C Data interface").isEqualTo(direct.rows());
        }
      }
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left").isZero();
    }
  }
}
