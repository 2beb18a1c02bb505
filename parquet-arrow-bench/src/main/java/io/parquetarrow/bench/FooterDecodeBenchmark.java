package io.parquetarrow.bench;

import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.FileMetaData;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Footer decoding of a wide file (10,000 columns by default, one row group, statistics on every chunk): our
 * hand-written compact-protocol decoder ({@link FileMetaData#decode}) and our validated
 * model ({@link ParquetMetadata#of}) against parquet-java's generated Thrift ({@code Util.readFileMetaData}) and
 * its {@link ParquetMetadataConverter#fromParquetMetadata} on top. The footer bytes are built once with
 * parquet-java's Thrift classes, so both sides decode exactly the same bytes. Reported in milliseconds per footer.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FooterDecodeBenchmark {
  /** Bytes per column chunk in the imaginary file the footer describes. */
  static final long CHUNK_BYTES = 1000;

  @Param({"10000"})
  public int columns;

  private byte[] footer;
  private long footerStart;
  private long fileLength;
  private final ParquetMetadataConverter converter = new ParquetMetadataConverter();

  @Setup
  public void setUp() throws IOException {
    footer = ParquetJavaFooters.footerBytes(columns);
    footerStart = 4 + columns * CHUNK_BYTES;
    fileLength = footerStart + footer.length + 8;
  }

  @Benchmark
  public FileMetaData oursDecode() throws ParquetException {
    return FileMetaData.decode(footer, 0, footer.length);
  }

  @Benchmark
  public ParquetMetadata oursDecodeAndValidate() throws ParquetException {
    return ParquetMetadata.of(FileMetaData.decode(footer, 0, footer.length), "footer",
        fileLength, footerStart);
  }

  @Benchmark
  public Object parquetJavaThrift() throws IOException {
    return ParquetJavaFooters.decode(footer);
  }

  @Benchmark
  public Object parquetJavaConverted() throws IOException {
    return ParquetJavaFooters.decodeAndConvert(footer, converter);
  }
}
