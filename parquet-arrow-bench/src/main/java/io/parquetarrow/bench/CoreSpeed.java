package io.parquetarrow.bench;

import io.parquetarrow.core.codec.Codecs;
import io.parquetarrow.core.codec.Decompressor;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.DataPageHeaderV2;
import io.parquetarrow.format.PageHeader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How fast one core decompresses a file's pages: the work of a read without the reader, so that it can be
 * timed on each core alone and on all at once ({@code ./bench cores} pins one JVM per core with {@code taskset}).
 * On a virtual machine whose cores share physical cores with other guests, the cores are not equally fast, and no
 * two-thread reader can scale past what the slower one adds; this shows how much that is.
 *
 * <pre>
 * CoreSpeed FILE [SECONDS]
 * </pre>
 *
 * Decompresses every page of FILE (read into memory first) with our decompressors over and over for SECONDS
 * (default 10) after as long a warm-up (at most 2 seconds), and prints the median milliseconds per pass over all
 * pages.
 */
public final class CoreSpeed {
  private CoreSpeed() {}

  public static void main(String[] arguments) throws Exception {
    if (arguments.length < 1) {
      System.err.println("usage: CoreSpeed FILE [SECONDS]");
      System.exit(2);
    }
    Path file = Path.of(arguments[0]);
    double seconds = arguments.length > 1 ? Double.parseDouble(arguments[1]) : 10;
    byte[] bytes = Files.readAllBytes(file);
    List<Page> pages = pages(file, bytes);
    int largest = pages.stream().mapToInt(Page::uncompressedLength).max().orElse(0);
    byte[] output = new byte[largest];
    List<Double> passes = new ArrayList<>();
    long warmEnd = System.nanoTime() + (long) (Math.min(2, seconds) * 1e9);
    long end = warmEnd + (long) (seconds * 1e9);
    try (Decompressors decompressors = new Decompressors()) {
      for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
        long started = now;
        for (Page page : pages) {
          decompressors.of(page.codec()).decompress(
              bytes, page.offset(), page.compressedLength(), output, 0, page.uncompressedLength());
        }
        long finished = System.nanoTime();
        if (started >= warmEnd) {
          passes.add((finished - started) / 1e6);
        }
      }
    }
    double[] sorted = passes.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    System.out.printf(Locale.ROOT, "%s: %d pages, %.1f MB uncompressed, median %.2f ms per pass (%d passes)%n",
        file.getFileName(), pages.size(), pages.stream().mapToLong(Page::uncompressedLength).sum() / 1e6,
        sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2], sorted.length);
  }

  /** Every page body of every column chunk, as it lies in {@code bytes} (V2 levels, stored uncompressed, left out). */
  static List<Page> pages(Path file, byte[] bytes) throws Exception {
    List<Page> pages = new ArrayList<>();
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (RowGroupMetadata rowGroup : parquet.metadata().rowGroups()) {
        for (ColumnChunkMetadata chunk : rowGroup.columns()) {
          long end = chunk.startOffset() + chunk.chunkLength();
          for (long position = chunk.startOffset(); position < end; ) {
            PageHeader.Decoded decoded =
                PageHeader.decodePrefix(bytes, (int) position, (int) Math.min(end - position, 1 << 20));
            PageHeader header = decoded.header();
            int body = (int) position + decoded.headerLength();
            DataPageHeaderV2 v2 = header.dataPageHeaderV2();
            int levels = v2 == null ? 0 : v2.definitionLevelsByteLength() + v2.repetitionLevelsByteLength();
            if (v2 == null || v2.compressed()) {
              pages.add(new Page(chunk.codec(), body + levels, header.compressedPageSize() - levels,
                  header.uncompressedPageSize() - levels));
            }
            position = body + (long) header.compressedPageSize();
          }
        }
      }
    }
    return pages;
  }

  record Page(CompressionCodec codec, int offset, int compressedLength, int uncompressedLength) {}

  /** One decompressor per codec, kept for the whole run. */
  private static final class Decompressors implements AutoCloseable {
    private final Map<CompressionCodec, Decompressor> byCodec = new EnumMap<>(CompressionCodec.class);

    Decompressor of(CompressionCodec codec) throws Exception {
      Decompressor decompressor = byCodec.get(codec);
      if (decompressor == null) {
        decompressor = Codecs.decompressor(codec);
        byCodec.put(codec, decompressor);
      }
      return decompressor;
    }

    @Override
    public void close() throws Exception {
      for (Decompressor decompressor : byCodec.values()) {
        decompressor.close();
      }
      byCodec.clear();
    }
  }
}
