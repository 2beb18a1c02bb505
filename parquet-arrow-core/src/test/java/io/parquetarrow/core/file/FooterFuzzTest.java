package io.parquetarrow.core.file;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.fuzz.FuzzChecks;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer fuzz target of the footer as the reader opens it: the input is the FileMetaData bytes of a file
 * {@code PAR1 <input> <length> PAR1}, which {@link ParquetFile#readMetadata(InputFile)} decodes and validates, and
 * whose schema, Arrow schema mapping and row groups are then looked at as a reader would. Campaigns start from the
 * footers of the parquet-testing files ({@code ./fuzz} copies them into the generated corpus). See
 * {@link FuzzChecks} for what counts as a finding.
 */
class FooterFuzzTest {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  @Tag("parquet-footers")
  @FuzzTest
  void fileMetaData(byte[] input) {
    byte[] file = ByteBuffer.allocate(input.length + 12).order(ByteOrder.LITTLE_ENDIAN)
        .put(MAGIC).put(input).putInt(input.length).put(MAGIC).array();
    FuzzChecks.run(input.length, () -> {
      ParquetMetadata metadata = ParquetFile.readMetadata(new BytesFile(file));
      metadata.schema();
      metadata.arrowSchemaMapping();
      for (RowGroupMetadata rowGroup : metadata.rowGroups()) {
        for (ColumnChunkMetadata column : rowGroup.columns()) {
          if (column.isMetadataAvailable()) {
            column.startOffset();
            column.chunkLength();
          }
        }
      }
      metadata.toString();
    });
  }

  /** A file held in memory. */
  private record BytesFile(byte[] bytes) implements InputFile {
    @Override
    public String name() {
      return "fuzz.parquet";
    }

    @Override
    public long length() {
      return bytes.length;
    }

    @Override
    public void readFully(long position, ByteBuffer destination) throws EOFException {
      if (position < 0 || position + destination.remaining() > bytes.length) {
        throw new EOFException("read of " + destination.remaining() + " bytes at " + position + " past the end");
      }
      destination.put(bytes, (int) position, destination.remaining());
    }

    @Override
    public void close() {}
  }
}
