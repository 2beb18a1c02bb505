package io.parquetarrow.core.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowReader;
import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.LocalInputFile;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.DataPageHeader;
import io.parquetarrow.format.DictionaryPageHeader;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Page headers that claim sizes far beyond their column chunk (a 2 GiB page, 10⁹ values, a dictionary larger
 * than the chunk) are rejected from the chunk's own sizes before anything of the claimed size is allocated:
 * the Arrow allocator's peak stays small (one exception: an UNCOMPRESSED page whose only lie is its
 * uncompressed_page_size may be read by its true compressed_page_size and succeed, without allocating by the
 * claim). A compressed page claiming more than the chunk's total_uncompressed_size is rejected before its
 * decompression buffer is sized. and the heap's peak does not grow by anything near the claim (the
 * tests run with {@code -Xmx2g}, so an array of the claimed size would be an {@link OutOfMemoryError}).
 *
 * <p>The files are written here (one int64 column, one row group, page checksums on) and their first page
 * header is rewritten in place: the new header leaves out the checksum and is padded with unknown boolean
 * fields (which readers skip) to the original length, so no offset in the footer moves.
 */
class HugeClaimsTest {
  private static final long ARROW_PEAK_LIMIT = 4L << 20;
  private static final long HEAP_GROWTH_LIMIT = 512L << 20;

  @TempDir
  Path directory;

  enum Claim {
    DATA_PAGE_2GIB_UNCOMPRESSED(false, header -> withSizes(header, Integer.MAX_VALUE, header.compressedPageSize())),
    DATA_PAGE_2GIB_COMPRESSED(false, header -> withSizes(header, Integer.MAX_VALUE, Integer.MAX_VALUE)),
    DATA_PAGE_BILLION_VALUES(false, header -> new PageHeader(header.type(), header.uncompressedPageSize(),
        header.compressedPageSize(), null, withValues(header.dataPageHeader(), 1_000_000_000), null, null, null)),
    DATA_PAGE_ALL_HUGE(false, header -> new PageHeader(header.type(), Integer.MAX_VALUE, header.compressedPageSize(),
        null, withValues(header.dataPageHeader(), 1_000_000_000), null, null, null)),
    DICTIONARY_LARGER_THAN_CHUNK(true, header -> withSizes(header, Integer.MAX_VALUE, Integer.MAX_VALUE)),
    DICTIONARY_2GIB_UNCOMPRESSED(true, header -> withSizes(header, Integer.MAX_VALUE, header.compressedPageSize())),
    DATA_PAGE_900MIB_UNCOMPRESSED(false, header -> withSizes(header, 900 << 20, header.compressedPageSize())),
    DICTIONARY_900MIB_UNCOMPRESSED(true, header -> withSizes(header, 900 << 20, header.compressedPageSize())),
    DICTIONARY_BILLION_VALUES(true, header -> new PageHeader(header.type(), header.uncompressedPageSize(),
        header.compressedPageSize(), null, null, null,
        new DictionaryPageHeader(1_000_000_000, header.dictionaryPageHeader().encoding(),
            header.dictionaryPageHeader().isSorted()), null));

    final boolean dictionary;
    final UnaryOperator<PageHeader> rewrite;

    Claim(boolean dictionary, UnaryOperator<PageHeader> rewrite) {
      this.dictionary = dictionary;
      this.rewrite = rewrite;
    }
  }

  @ParameterizedTest
  @EnumSource(Claim.class)
  void uncompressedFileIsRejectedBeforeAllocating(Claim claim) throws IOException {
    check(claim, Codec.UNCOMPRESSED);
  }

  @ParameterizedTest
  @EnumSource(Claim.class)
  void zstdFileIsRejectedBeforeAllocating(Claim claim) throws IOException {
    check(claim, Codec.ZSTD);
  }

  @ParameterizedTest
  @EnumSource(Claim.class)
  void snappyFileIsRejectedBeforeAllocating(Claim claim) throws IOException {
    check(claim, Codec.SNAPPY);
  }

  private void check(Claim claim, Codec codec) throws IOException {
    Path file = directory.resolve(claim + "-" + codec + ".parquet");
    LimitFiles.writeOneColumn(file, claim.dictionary, codec);
    byte[] bytes = Files.readAllBytes(file);
    rewriteFirstHeader(bytes, claim.rewrite);
    Files.write(file, bytes);
    String label = file.toString();
    List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP).toList();
    System.gc();
    long heapBefore = heap.stream().mapToLong(pool -> pool.getUsage().getUsed()).sum();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long peak;
    ParquetException failure = null;
    try (BufferAllocator allocator = TestAllocators.root(64L << 20)) {
      try (ParquetArrowReader reader = ParquetArrowReader.open(
          LocalInputFile.open(file), allocator, ReadOptions.defaults())) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
          root.contentToTSVString();
        }
      } catch (ParquetException e) {
        failure = e;
      } catch (Throwable e) {
        fail(label + ": expected a ParquetException, got " + e, e);
      }
      peak = allocator.getPeakMemoryAllocation();
      assertThat(allocator.getAllocatedMemory()).as("Arrow memory left, %s", label).isZero();
    }
    long heapPeak = heap.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
    assertThat(heapPeak - heapBefore).as("heap growth, %s (%s)", label, failure)
        .isLessThan(HEAP_GROWTH_LIMIT);
    if (failure == null && codec == Codec.UNCOMPRESSED && claim.name().endsWith("IB_UNCOMPRESSED")) {
      // An uncompressed page is read by its compressed_page_size, which is true here; the claimed
      // uncompressed_page_size is never used to size anything, so the read succeeds without its claim.
      return;
    }
    assertThat(failure).as("%s must be rejected", label).isNotNull();
    System.out.println("HugeClaimsTest " + claim + " " + codec + ": " + failure.getMessage());
    assertThat(failure.getMessage()).as(label).contains(label).contains("row group 0").contains("column");
    assertThat(peak).as("Arrow peak allocation, %s (%s)", label, failure.getMessage())
        .isLessThan(ARROW_PEAK_LIMIT);
  }

  private static PageHeader withSizes(PageHeader header, int uncompressed, int compressed) {
    return new PageHeader(header.type(), uncompressed, compressed, null, header.dataPageHeader(),
        header.indexPageHeader(), header.dictionaryPageHeader(), header.dataPageHeaderV2());
  }

  private static DataPageHeader withValues(DataPageHeader page, int values) {
    return new DataPageHeader(values, page.encoding(), page.definitionLevelEncoding(),
        page.repetitionLevelEncoding(), page.statistics());
  }

  /**
   * Replaces the header of the chunk's first page (right after the magic) with {@code rewrite}'s, of the same
   * length: the written header's checksum leaves room, unknown boolean fields fill the rest.
   */
  static void rewriteFirstHeader(byte[] bytes, UnaryOperator<PageHeader> rewrite) throws IOException {
    int at = 4;
    PageHeader.Decoded original = PageHeader.decodePrefix(bytes, at, bytes.length - at);
    assertThat(original.header().crc()).as("the written header has a checksum").isNotNull();
    PageHeader changed = rewrite.apply(original.header());
    byte[] encoded = changed.encode();
    int padding = original.headerLength() - encoded.length;
    assertThat(padding).as("room in the rewritten header").isNotNegative();
    // Fields after the last one written (5 data, 7 dictionary page header): each byte is a field id delta of 1
    // with the compact type BOOLEAN_TRUE (1); the stop byte ends the struct.
    System.arraycopy(encoded, 0, bytes, at, encoded.length - 1);
    for (int i = 0; i < padding; i++) {
      bytes[at + encoded.length - 1 + i] = 0x11;
    }
    bytes[at + original.headerLength() - 1] = 0;
    PageHeader.Decoded check = PageHeader.decodePrefix(bytes, at, bytes.length - at);
    assertThat(check.headerLength()).isEqualTo(original.headerLength());
    assertThat(check.header()).isEqualTo(changed);
    assertThat(changed.type()).isIn(PageType.DATA_PAGE, PageType.DICTIONARY_PAGE);
  }
}
