package io.parquetarrow.core.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.CompressionCodec;
import io.parquetarrow.format.DataPageHeader;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.PageHeader;
import io.parquetarrow.format.PageType;
import io.parquetarrow.format.Statistics;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Uncompressed PLAIN pages of a column read straight into vectors: their bodies go from the file into the offered
 * {@link ValueDestination} without the heap window, the CRC is verified there, a page with more values than
 * fit puts those that fit there and leaves the rest in the file (or, with a CRC, in the heap window, verified
 * with the rest of the page), and a page whose body is not exactly its values comes back through the heap as
 * before. A peeked page is skipped without reading its body.
 */
class UncompressedDirectReadTest {
  private static final int WIDTH = 8;

  /** A chunk of PLAIN INT64 pages, each {@code counts[i]} values, with CRCs; values are {@code seed}-random. */
  private static byte[] chunk(long seed, int[] counts, long[] values) {
    return chunk(seed, counts, values, 0);
  }

  /**
   * Like {@link #chunk(long, int[], long[])}, every page header after the first carrying statistics with a
   * {@code statisticsBytes}-byte min and max (a header longer than the first prefix fetched for it).
   */
  private static byte[] chunk(long seed, int[] counts, long[] values, int statisticsBytes) {
    return chunk(seed, counts, values, statisticsBytes, true);
  }

  private static byte[] chunk(long seed, int[] counts, long[] values, int statisticsBytes, boolean crcs) {
    SplittableRandom random = new SplittableRandom(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int next = 0;
    for (int count : counts) {
      ByteBuffer body = ByteBuffer.allocate(count * WIDTH).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 0; i < count; i++) {
        values[next] = random.nextLong();
        body.putLong(values[next++]);
      }
      CRC32 crc = new CRC32();
      crc.update(body.array());
      Statistics statistics = statisticsBytes == 0 || out.size() == 0 ? null : new Statistics(
          null, null, null, null, new byte[statisticsBytes], new byte[statisticsBytes], null, null, null);
      byte[] header = new PageHeader(PageType.DATA_PAGE, body.capacity(), body.capacity(),
          crcs ? (Integer) (int) crc.getValue() : null,
          new DataPageHeader(count, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, statistics), null, null, null)
          .encode();
      out.writeBytes(header);
      out.writeBytes(body.array());
    }
    return out.toByteArray();
  }

  private static PageReader reader(byte[] chunk, long valueCount) {
    return reader(new ArrayInputFile(chunk), chunk.length, valueCount);
  }

  /** A reader of the chunk that is all of {@code file}. */
  private static PageReader reader(InputFile file, int chunkLength, long valueCount) {
    return new PageReader(new ColumnChunkBytes(file, 0, chunkLength), 0, valueCount,
        CompressionCodec.UNCOMPRESSED, null, true, new ChunkLocation("direct.parquet", 0, "values"));
  }

  private static ValueDestination offer(ByteBuffer vector, int fromValue, int values) {
    ByteBuffer view = vector.duplicate().position(fromValue * WIDTH).limit((fromValue + values) * WIDTH).slice();
    return new ValueDestination(view, WIDTH, values);
  }

  @Test
  void pagesAreReadIntoTheDestinationAndTheRestOfOneThatDoesNotFitIsVerifiedOnTheHeap() throws Exception {
    long seed = 20_261_123;
    System.out.println("UncompressedDirectReadTest seed " + seed);
    int[] counts = {3_000, 5_000, 2_000};
    long[] values = new long[10_000];
    byte[] chunk = chunk(seed, counts, values);
    ByteBuffer vector = ByteBuffer.allocateDirect(9_000 * WIDTH).order(ByteOrder.LITTLE_ENDIAN);
    try (PageReader reader = reader(chunk, 10_000)) {
      DataPage first = (DataPage) reader.nextPage(offer(vector, 0, 9_000));
      assertThat(first.valuesInDestination()).as("first page (3,000 values) offered room for 9,000")
          .isEqualTo(3_000);
      DataPage second = (DataPage) reader.nextPage(offer(vector, 3_000, 6_000));
      assertThat(second.valuesInDestination()).as("second page (5,000 values) offered room for 6,000")
          .isEqualTo(5_000);
      DataPage third = (DataPage) reader.nextPage(offer(vector, 8_000, 1_000));
      assertThat(third.valuesInDestination()).as("third page (2,000 values) offered room for 1,000")
          .isEqualTo(1_000);
      assertThat(third.valuesInFile()).as("the rest of a page with a CRC, left in the file").isNull();
      assertThat(third.length()).as("the rest of the third page on the heap").isEqualTo(1_000 * WIDTH);
      ByteBuffer heap = ByteBuffer.wrap(third.data(), third.offset(), third.length()).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 0; i < 1_000; i++) {
        assertThat(heap.getLong()).as("heap value %d of the third page", 1_000 + i).isEqualTo(values[9_000 + i]);
      }
      assertThat(reader.nextPage(offer(vector, 0, 9_000))).as("after the last page").isNull();
      assertThat(reader.pagesReadIntoDestination()).as("pages read straight into the destination").isEqualTo(3);
      assertThat(reader.pagesIntoDestination()).as("pages decompressed into the destination").isZero();
    }
    for (int i = 0; i < 9_000; i++) {
      assertThat(vector.getLong(i * WIDTH)).as("value %d in the destination", i).isEqualTo(values[i]);
    }
  }

  @Test
  void aChecksumMismatchInTheRestOfAPageThatDoesNotFitIsCorruption() throws Exception {
    long[] values = new long[5_000];
    byte[] chunk = chunk(29, new int[] {5_000}, values);
    chunk[chunk.length - 5] ^= 0x10; // among the values past the first 1,000
    ByteBuffer vector = ByteBuffer.allocateDirect(1_000 * WIDTH);
    try (PageReader reader = reader(chunk, 5_000)) {
      assertThatThrownBy(() -> reader.nextPage(offer(vector, 0, 1_000)))
          .as("a flipped bit in the part of a page that does not fit the destination")
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("direct.parquet")
          .hasMessageContaining("checksum mismatch");
    }
  }

  @Test
  void withoutACrcTheRestOfAPageThatDoesNotFitStaysInTheFile() throws Exception {
    long seed = 20_261_124;
    System.out.println("UncompressedDirectReadTest seed " + seed);
    long[] values = new long[7_000];
    byte[] chunk = chunk(seed, new int[] {5_000, 2_000}, values, 0, false);
    ByteBuffer vector = ByteBuffer.allocateDirect(7_000 * WIDTH).order(ByteOrder.LITTLE_ENDIAN);
    try (PageReader reader = reader(chunk, 7_000)) {
      DataPage first = (DataPage) reader.nextPage(offer(vector, 0, 1_000));
      assertThat(first.valuesInDestination()).as("a page of 5,000 values offered room for 1,000").isEqualTo(1_000);
      assertThat(first.length()).as("bytes of the first page on the heap").isZero();
      PageValuesInFile rest = first.valuesInFile();
      assertThat(rest).as("the rest of the first page").isNotNull();
      assertThat(rest.length()).as("bytes of the first page left in the file").isEqualTo(4_000 * WIDTH);
      // Read in two batches' pieces, the second after the reader has moved past the page.
      rest.readInto(0, vector.duplicate().position(1_000 * WIDTH).limit(2_500 * WIDTH).slice());
      assertThat(((DataPage) reader.nextPage(offer(vector, 5_000, 2_000))).valuesInDestination())
          .as("second page").isEqualTo(2_000);
      rest.readInto(1_500 * WIDTH, vector.duplicate().position(2_500 * WIDTH).limit(5_000 * WIDTH).slice());
      assertThatThrownBy(() -> rest.readInto(3_000 * WIDTH, ByteBuffer.allocate(1_001 * WIDTH)))
          .as("bytes past the rest of the page").isInstanceOf(IllegalArgumentException.class);
    }
    for (int i = 0; i < 7_000; i++) {
      assertThat(vector.getLong(i * WIDTH)).as("value %d in the destination", i).isEqualTo(values[i]);
    }
  }

  @Test
  void aFileEndingInsideAPageThatDoesNotFitIsCorruption() throws Exception {
    long[] values = new long[5_000];
    byte[] whole = chunk(13, new int[] {5_000}, values, 0, false);
    // The chunk claims its full length but the file ends 100 bytes short of it.
    ArrayInputFile truncated = new ArrayInputFile(java.util.Arrays.copyOf(whole, whole.length - 100));
    ByteBuffer vector = ByteBuffer.allocateDirect(5_000 * WIDTH);
    try (PageReader reader = new PageReader(new ColumnChunkBytes(truncated, 0, whole.length), 0, 5_000,
        CompressionCodec.UNCOMPRESSED, null, true, new ChunkLocation("direct.parquet", 0, "values"))) {
      DataPage page = (DataPage) reader.nextPage(offer(vector, 0, 1_000));
      // The first 1,000 values are in the file; the end of the rest is not.
      assertThatThrownBy(() -> page.valuesInFile().readInto(0, vector.duplicate().position(1_000 * WIDTH).slice()))
          .as("reading the rest of the page past the end of the file")
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("direct.parquet")
          .hasMessageContaining("file ends inside the column chunk");
    }
  }

  @Test
  void aPeekedDataPageIsSkippedWithoutReadingItsBody() throws Exception {
    int[] counts = {3_000, 5_000, 2_000};
    long[] values = new long[10_000];
    byte[] chunk = chunk(23, counts, values, 0, false);
    CountingInputFile file = new CountingInputFile(new ArrayInputFile(chunk));
    try (PageReader reader = new PageReader(new ColumnChunkBytes(file, 0, chunk.length, 0, 1_024), 0,
        10_000, CompressionCodec.UNCOMPRESSED, null, true, new ChunkLocation("direct.parquet", 0, "values"))) {
      DataPage.Header first = reader.peekDataPage();
      assertThat(first.valueCount()).as("the first page's values, peeked").isEqualTo(3_000);
      assertThat(reader.peekDataPage()).as("peeking again").isEqualTo(first);
      reader.skipDataPage();
      assertThat(reader.peekDataPage().valueCount()).as("the second page's values, peeked").isEqualTo(5_000);
      reader.skipDataPage();
      DataPage third = (DataPage) reader.nextPage();
      assertThat(third.valueCount()).as("the page read after two skipped").isEqualTo(2_000);
      ByteBuffer heap = ByteBuffer.wrap(third.data(), third.offset(), third.length()).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 0; i < 2_000; i++) {
        assertThat(heap.getLong()).as("value %d of the third page", i).isEqualTo(values[8_000 + i]);
      }
      assertThat(reader.peekDataPage()).as("after the last page").isNull();
      assertThat(reader.pagesSkipped()).as("pages skipped").isEqualTo(2);
      assertThat(reader.bytesRead()).as("bytes read of a chunk of %d bytes", chunk.length)
          .isLessThan(chunk.length - 7_000L * WIDTH);
      assertThatThrownBy(reader::skipDataPage).as("a skip without a peeked page")
          .isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void aBodyReadIntoTheDestinationIsNotAlsoFetchedWithTheNextHeader() throws Exception {
    int[] counts = {2_000, 2_000, 2_000, 2_000};
    long[] values = new long[8_000];
    byte[] chunk = chunk(3, counts, values);
    ByteBuffer vector = ByteBuffer.allocateDirect(8_000 * WIDTH).order(ByteOrder.LITTLE_ENDIAN);
    try (PageReader reader = reader(chunk, 8_000)) {
      for (int page = 0; page < counts.length; page++) {
        assertThat(((DataPage) reader.nextPage(offer(vector, page * 2_000, 8_000 - page * 2_000)))
            .valuesInDestination()).as("page %d in the destination", page).isEqualTo(2_000);
      }
      assertThat(reader.nextPage(offer(vector, 0, 8_000))).as("after the last page").isNull();
      // The first header is fetched with the usual 8 KiB (a third of the first body); after a page read into the
      // destination only a short prefix is, so the later bodies are read once.
      assertThat(reader.bytesRead()).as("bytes read for a chunk of %d bytes", chunk.length)
          .isLessThanOrEqualTo(chunk.length + ColumnChunkBytes.NEAR_FETCH + 3 * 256L);
    }
    for (int i = 0; i < 8_000; i++) {
      assertThat(vector.getLong(i * WIDTH)).as("value %d in the destination", i).isEqualTo(values[i]);
    }
  }

  @Test
  void theNextHeaderIsReadWithTheBodyBeforeIt() throws Exception {
    int[] counts = {2_000, 2_000, 2_000, 2_000};
    long[] values = new long[8_000];
    byte[] chunk = chunk(17, counts, values, 0, false);
    CountingInputFile file = new CountingInputFile(new ArrayInputFile(chunk));
    ByteBuffer vector = ByteBuffer.allocateDirect(8_000 * WIDTH).order(ByteOrder.LITTLE_ENDIAN);
    try (PageReader reader = reader(file, chunk.length, 8_000)) {
      for (int page = 0; page < counts.length; page++) {
        assertThat(((DataPage) reader.nextPage(offer(vector, page * 2_000, 8_000 - page * 2_000)))
            .valuesInDestination()).as("page %d in the destination", page).isEqualTo(2_000);
      }
      assertThat(reader.nextPage(offer(vector, 0, 8_000))).as("after the last page").isNull();
    }
    // The first header (with the start of the first body), then one request per body: each body brings the
    // header after it, written where the next body then goes.
    assertThat(file.requests).as("requests for 4 pages").isEqualTo(1 + counts.length);
    for (int i = 0; i < 8_000; i++) {
      assertThat(vector.getLong(i * WIDTH)).as("value %d in the destination", i).isEqualTo(values[i]);
    }
  }

  @Test
  void aHeaderLongerThanTheShortPrefixAfterADirectPageIsFetchedWhole() throws Exception {
    int[] counts = {1_500, 1_500, 1_500};
    long[] values = new long[4_500];
    byte[] chunk = chunk(5, counts, values, 1_000); // later headers of about 2 KB
    ByteBuffer vector = ByteBuffer.allocateDirect(4_500 * WIDTH).order(ByteOrder.LITTLE_ENDIAN);
    try (PageReader reader = reader(chunk, 4_500)) {
      for (int page = 0; page < counts.length; page++) {
        assertThat(((DataPage) reader.nextPage(offer(vector, page * 1_500, 4_500 - page * 1_500)))
            .valuesInDestination()).as("page %d in the destination", page).isEqualTo(1_500);
      }
      assertThat(reader.nextPage(offer(vector, 0, 4_500))).as("after the last page").isNull();
    }
    for (int i = 0; i < 4_500; i++) {
      assertThat(vector.getLong(i * WIDTH)).as("value %d in the destination", i).isEqualTo(values[i]);
    }
  }

  @Test
  void aChecksumMismatchInADirectPageIsCorruption() throws Exception {
    long[] values = new long[4_000];
    byte[] chunk = chunk(7, new int[] {4_000}, values);
    chunk[chunk.length - 5] ^= 0x10;
    ByteBuffer vector = ByteBuffer.allocateDirect(4_000 * WIDTH);
    try (PageReader reader = reader(chunk, 4_000)) {
      assertThatThrownBy(() -> reader.nextPage(offer(vector, 0, 4_000)))
          .as("a flipped bit in a page read into the destination")
          .isInstanceOf(ParquetCorruptionException.class)
          .hasMessageContaining("direct.parquet")
          .hasMessageContaining("checksum mismatch");
    }
  }

  @Test
  void aBodyThatIsNotExactlyItsValuesTakesTheCheckedHeapPath() throws Exception {
    long[] values = new long[100];
    byte[] honest = chunk(11, new int[] {100}, values);
    // The header claims 99 values for a body of 100: not exactly the values, so it is not read directly.
    byte[] lyingHeader = new PageHeader(PageType.DATA_PAGE, 800, 800, null,
        new DataPageHeader(99, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null), null, null, null).encode();
    int honestHeaderLength = honest.length - 800;
    byte[] chunk = new byte[lyingHeader.length + 800];
    System.arraycopy(lyingHeader, 0, chunk, 0, lyingHeader.length);
    System.arraycopy(honest, honestHeaderLength, chunk, lyingHeader.length, 800);
    ByteBuffer vector = ByteBuffer.allocateDirect(200 * WIDTH);
    try (PageReader reader = reader(chunk, 99)) {
      DataPage page = (DataPage) reader.nextPage(offer(vector, 0, 200));
      assertThat(page.valuesInDestination()).as("a page of 99 values in 800 bytes").isZero();
      assertThat(page.length()).as("its body, handed to the column layer's checks").isEqualTo(800);
      assertThat(reader.pagesReadIntoDestination()).as("pages read straight into the destination").isZero();
    }
  }

  /** Counts the requests made of another file. */
  private static final class CountingInputFile implements InputFile {
    private final InputFile file;
    int requests;

    CountingInputFile(InputFile file) {
      this.file = file;
    }

    @Override
    public String name() {
      return file.name();
    }

    @Override
    public long length() throws java.io.IOException {
      return file.length();
    }

    @Override
    public void readFully(long position, ByteBuffer destination) throws java.io.IOException {
      requests++;
      file.readFully(position, destination);
    }

    @Override
    public void close() throws java.io.IOException {
      file.close();
    }
  }

  /** The chunk bytes as a file. */
  private record ArrayInputFile(byte[] bytes) implements InputFile {
    @Override
    public String name() {
      return "direct.parquet";
    }

    @Override
    public long length() {
      return bytes.length;
    }

    @Override
    public void readFully(long position, ByteBuffer destination) throws EOFException {
      int length = destination.remaining();
      if (position < 0 || position + length > bytes.length) {
        throw new EOFException("read of " + length + " bytes at " + position + " past " + bytes.length);
      }
      destination.put(bytes, (int) position, length);
    }

    @Override
    public void close() {}
  }
}
