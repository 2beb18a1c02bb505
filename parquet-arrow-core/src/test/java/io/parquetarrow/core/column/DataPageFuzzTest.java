package io.parquetarrow.core.column;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.page.DataPage;
import io.parquetarrow.core.page.DictionaryPage;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import io.parquetarrow.fuzz.FuzzChecks;
import io.parquetarrow.fuzz.FuzzChecks.FuzzFinding;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.util.SplittableRandom;

/**
 * Jazzer fuzz target of the column layer's route from an uncompressed page to values: {@link DataPageCursor} as the
 * flat and repeated readers drive it (levels of a v1 or v2 page, the chunk's dictionary, every value encoding, and
 * the ways a reader takes values: into a {@link ColumnBatch}, into a fixed-width sink, appended as byte arrays, as
 * booleans, or skipped). The input's last bytes choose the column (physical type, type length, maximum levels),
 * the page header (kept within what {@code PageReader} checks before a page reaches the cursor) and the reader's
 * steps; the rest is split into a dictionary page and a data page body. See
 * {@link FuzzChecks} for what counts as a finding; {@code ./fuzz} runs a campaign.
 */
class DataPageFuzzTest {
  private static final int MAX_LEVELS = 1 << 14;
  private static final int MAX_STEP = 4096;
  /** Entries taken one step at a time before the rest of the page is skipped in one step. */
  private static final int STEPPED_ENTRIES = 1 << 12;
  private static final Type[] TYPES = Type.values();
  private static final Encoding[] VALUE_ENCODINGS = {Encoding.PLAIN, Encoding.PLAIN_DICTIONARY, Encoding.RLE,
      Encoding.BIT_PACKED, Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_LENGTH_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY,
      Encoding.RLE_DICTIONARY, Encoding.BYTE_STREAM_SPLIT};
  private static final Encoding[] LEVEL_ENCODINGS = {Encoding.RLE, Encoding.BIT_PACKED};

  @FuzzTest
  void dataPage(FuzzedDataProvider data) {
    ParquetKernels kernels = data.consumeBoolean() ? KernelProvider.scalarKernels() : KernelProvider.get();
    Type type = data.pickValue(TYPES);
    int typeLength = data.consumeInt(1, 40);
    int maxDefinitionLevel = data.consumeInt(0, 3);
    int maxRepetitionLevel = data.consumeInt(0, 2);
    boolean version2 = data.consumeBoolean();
    int levelCount = data.consumeInt(0, MAX_LEVELS);
    int nullCount = data.consumeInt(0, MAX_LEVELS);
    Encoding valueEncoding = data.pickValue(VALUE_ENCODINGS);
    Encoding definitionEncoding = data.pickValue(LEVEL_ENCODINGS);
    Encoding repetitionEncoding = data.pickValue(LEVEL_ENCODINGS);
    int repetitionLength = data.consumeInt(0, 1 << 12);
    int definitionLength = data.consumeInt(0, 1 << 12);
    int dictionaryEntries = data.consumeInt(-1, MAX_LEVELS);
    int dictionaryLength = data.consumeInt(0, 1 << 16);
    SplittableRandom steps = new SplittableRandom(data.consumeLong());
    byte[] bytes = data.consumeRemainingAsBytes();
    int dictionaryBytes = dictionaryEntries < 0 ? 0 : Math.min(dictionaryLength, bytes.length);
    // What PageReader checks before a page reaches the cursor: v2 level sections inside the page, and
    // 0 <= num_nulls <= num_values.
    int bodyLength = bytes.length - dictionaryBytes;
    int repetitionBytes = Math.min(repetitionLength, bodyLength);
    int definitionBytes = Math.min(definitionLength, bodyLength - repetitionBytes);
    int nulls = Math.min(nullCount, levelCount);
    FuzzChecks.run(bytes.length, () -> {
      ChunkLocation location = new ChunkLocation("fuzz.parquet", 0, "column");
      DataPageCursor cursor = new DataPageCursor(location, type, type == Type.FIXED_LEN_BYTE_ARRAY ? typeLength : 0,
          maxDefinitionLevel, maxRepetitionLevel, kernels, null);
      try {
        if (dictionaryEntries >= 0) {
          cursor.useDictionary(new DictionaryPage(dictionaryEntries, Encoding.PLAIN, bytes, 0, dictionaryBytes, 4));
        }
        DataPage.Header header = new DataPage.Header(version2 ? 2 : 1, levelCount, version2 ? nulls : -1,
            version2 ? levelCount : -1, valueEncoding, version2 ? Encoding.RLE : definitionEncoding,
            version2 ? Encoding.RLE : repetitionEncoding, version2 ? repetitionBytes : -1,
            version2 ? definitionBytes : -1, 4 + dictionaryBytes);
        cursor.start(new DataPage(header, bytes, dictionaryBytes, bodyLength, 0, null, -1));
        consume(cursor, steps);
      } finally {
        cursor.release();
      }
    });
  }

  /** Takes the page's entries as the readers do, in steps the input chose. */
  private static void consume(DataPageCursor cursor, SplittableRandom steps) throws Exception {
    ColumnBatch batch = new ColumnBatch();
    ColumnBatch scratch = new ColumnBatch();
    byte[] validity = new byte[MAX_STEP / 8 + 1];
    int width = cursor.valueWidth();
    int taken = 0;
    while (cursor.levelsRemaining() > 0) {
      if (taken >= STEPPED_ENTRIES) {
        int rest = cursor.levelsRemaining();
        int present = cursor.present(rest);
        cursor.skipValues(present);
        cursor.advance(rest, present);
        break;
      }
      int count = Math.min(cursor.levelsRemaining(), 1 + steps.nextInt(MAX_STEP));
      taken += count;
      int present;
      if (steps.nextBoolean()) {
        present = count - cursor.validity(count, validity, 0);
      } else {
        present = cursor.present(count);
      }
      if (present < 0 || present > count) {
        throw new FuzzFinding(present + " of " + count + " entries are said to be present", null);
      }
      switch (steps.nextInt(5)) {
        case 0 -> cursor.skipValues(present);
        case 1 -> {
          if (width > 0) {
            cursor.copyValues(new HeapSink(present * width), 0, present, width, scratch);
          } else {
            readIntoBatch(cursor, batch, present);
          }
        }
        case 2 -> {
          if (cursor.binaryValues()) {
            ChunkedValues.appendBinary(cursor, new CountingBinarySink(present), 0, present, scratch);
          } else {
            readIntoBatch(cursor, batch, present);
          }
        }
        case 3 -> {
          if (cursor.booleanValues()) {
            ChunkedValues.decodeBooleans(cursor, present, cursor.levelsRemaining(), scratch);
          } else {
            readIntoBatch(cursor, batch, present);
          }
        }
        default -> readIntoBatch(cursor, batch, present);
      }
      cursor.advance(count, present);
    }
  }

  private static void readIntoBatch(DataPageCursor cursor, ColumnBatch batch, int present) throws Exception {
    batch.reset(0, false, false);
    cursor.ensureValueCapacity(batch, 0, present);
    cursor.readValues(batch, 0, present);
  }

  /** A fixed-width sink of exactly the bytes asked for, so that a write beyond them fails. */
  private static final class HeapSink implements ValueSink {
    private final byte[] bytes;

    HeapSink(int length) {
      bytes = new byte[length];
    }

    @Override
    public void putBytes(long destinationOffset, byte[] source, int sourceOffset, int length) {
      System.arraycopy(source, sourceOffset, bytes, Math.toIntExact(destinationOffset), length);
    }

    @Override
    public void putInts(long destinationOffset, int[] source, int count) {
      checkRange(destinationOffset, (long) count * Integer.BYTES);
    }

    @Override
    public void putLongs(long destinationOffset, long[] source, int count) {
      checkRange(destinationOffset, (long) count * Long.BYTES);
    }

    @Override
    public void spreadNulls(int firstSlot, int slots, int values, int width, byte[] validity) {
      throw new UnsupportedOperationException("not used by the target");
    }

    private void checkRange(long offset, long length) {
      if (offset < 0 || length < 0 || offset + length > bytes.length) {
        throw new FuzzFinding("write of " + length + " bytes at " + offset + " beyond a sink of " + bytes.length,
            null);
      }
    }
  }

  /** A byte-array sink that checks the cursor appends no more values than asked for, in row order. */
  private static final class CountingBinarySink implements BinarySink {
    private final int rows;

    CountingBinarySink(int rows) {
      this.rows = rows;
    }

    @Override
    public void append(int row, BinaryBuffer values, int count) {
      if (row < 0 || count < 0 || row + count > rows || values.size() < count) {
        throw new FuzzFinding("append of " + count + " values at row " + row + " to a sink of " + rows, null);
      }
    }

    @Override
    public void spreadNulls(int firstRow, int rows, int values, byte[] validity) {
      throw new UnsupportedOperationException("not used by the target");
    }
  }
}
