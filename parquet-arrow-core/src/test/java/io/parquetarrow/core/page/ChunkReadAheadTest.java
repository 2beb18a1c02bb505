package io.parquetarrow.core.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.InputFile;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ChunkReadAhead} with reads run when asked (a direct executor): budget, order, take, drop and close. */
class ChunkReadAheadTest {
  private static final byte[] FILE = new byte[1000];

  static {
    for (int i = 0; i < FILE.length; i++) {
      FILE[i] = (byte) (i * 31 + 7);
    }
  }

  /** The file above, logging each read as "start+length". */
  private static final class LoggingFile implements InputFile {
    final List<String> reads = new ArrayList<>();

    @Override
    public String name() {
      return "chunks";
    }

    @Override
    public long length() {
      return FILE.length;
    }

    @Override
    public void readFully(long position, ByteBuffer destination) {
      reads.add(position + "+" + destination.remaining());
      destination.put(FILE, (int) position, destination.remaining());
    }

    @Override
    public void close() {}
  }

  private static void assertChunk(byte[] taken, int start, int length) {
    assertThat(taken).isNotNull();
    assertThat(taken.length).isGreaterThanOrEqualTo(length);
    for (int i = 0; i < length; i++) {
      assertThat(taken[i]).as("byte %d of the chunk at %d", i, start).isEqualTo(FILE[start + i]);
    }
  }

  @Test
  void readsInScheduleOrderWithinTheBudgetAndMoreAsChunksAreTaken() {
    LoggingFile file = new LoggingFile();
    try (ChunkReadAhead readAhead = new ChunkReadAhead(file, Runnable::run, 250)) {
      readAhead.schedule(0, 100);
      readAhead.schedule(100, 100);
      readAhead.schedule(200, 100);
      readAhead.schedule(300, 300);
      readAhead.schedule(100, 100);
      assertThat(file.reads).as("two chunks fit 250 bytes; the 300-byte chunk is never queued")
          .containsExactly("0+100", "100+100");
      byte[] first = readAhead.take(0, 100);
      assertChunk(first, 0, 100);
      assertThat(file.reads).as("taking one frees room for the next").containsExactly("0+100", "100+100", "200+100");
      assertThat(readAhead.take(300, 300)).as("never scheduled").isNull();
      assertThat(readAhead.take(100, 99)).as("another length than scheduled").isNull();
      assertChunk(readAhead.take(100, 100), 100, 100);
      assertThat(readAhead.take(100, 100)).as("taken already").isNull();
      assertThat(readAhead.chunksTaken()).isEqualTo(2);
      ScratchArrays.give(first);
    }
  }

  @Test
  void aTakerNeverWaitsForAReadNotStartedAndDroppedChunksFreeTheBudget() {
    LoggingFile file = new LoggingFile();
    try (ChunkReadAhead readAhead = new ChunkReadAhead(file, Runnable::run, 200)) {
      readAhead.schedule(0, 150);
      readAhead.schedule(150, 150);
      readAhead.schedule(300, 100);
      assertThat(file.reads).containsExactly("0+150");
      assertThat(readAhead.take(150, 150)).as("queued, not started: the caller reads it").isNull();
      assertThat(file.reads).as("the next one waits for room").containsExactly("0+150");
      readAhead.drop(0);
      assertThat(file.reads).as("the chunk taken unread is skipped; the next one is read")
          .containsExactly("0+150", "300+100");
      assertChunk(readAhead.take(300, 100), 300, 100);
    }
  }

  @Test
  void closeGivesBackWhatWasNotTakenAndStopsReading() {
    LoggingFile file = new LoggingFile();
    ChunkReadAhead readAhead = new ChunkReadAhead(file, Runnable::run, 100);
    readAhead.schedule(0, 100);
    readAhead.schedule(100, 100);
    readAhead.close();
    assertThat(readAhead.take(0, 100)).as("after close").isNull();
    readAhead.schedule(200, 10);
    assertThat(file.reads).as("nothing read after close").containsExactly("0+100");
  }
}
