package io.parquetarrow.core.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.file.InputFile;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ChunkReadAhead} with reads run when asked (a direct executor): budget, order, take, drop and close. */
class ChunkReadAheadTest {
  private static final byte[] FILE = new byte[10_000];

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

  private static ChunkReadAhead.Taken assertChunk(ChunkReadAhead.Taken taken, int start, int length) {
    assertThat(taken).isNotNull();
    assertThat(taken.bytes().length).isGreaterThanOrEqualTo(taken.offset() + length);
    for (int i = 0; i < length; i++) {
      assertThat(taken.bytes()[taken.offset() + i]).as("byte %d of the chunk at %d", i, start)
          .isEqualTo(FILE[start + i]);
    }
    return taken;
  }

  @Test
  void readsInScheduleOrderWithinTheBudgetAndMoreAsChunksAreTaken() {
    LoggingFile file = new LoggingFile();
    try (ChunkReadAhead readAhead = new ChunkReadAhead(file, Runnable::run, 250)) {
      readAhead.schedule(0, 100);
      readAhead.start();
      readAhead.schedule(100, 100);
      readAhead.start();
      readAhead.schedule(200, 100);
      readAhead.start();
      readAhead.schedule(300, 300);
      readAhead.start();
      readAhead.schedule(100, 100);
      readAhead.start();
      assertThat(file.reads).as("two chunks fit 250 bytes; the 300-byte chunk is never queued")
          .containsExactly("0+100", "100+100");
      ChunkReadAhead.Taken first = assertChunk(readAhead.take(0, 100), 0, 100);
      assertThat(file.reads).as("taking one frees room for the next").containsExactly("0+100", "100+100", "200+100");
      assertThat(readAhead.take(300, 300)).as("never scheduled").isNull();
      assertThat(readAhead.take(100, 99)).as("another length than scheduled").isNull();
      ChunkReadAhead.Taken second = assertChunk(readAhead.take(100, 100), 100, 100);
      assertThat(readAhead.take(100, 100)).as("taken already").isNull();
      assertThat(readAhead.chunksTaken()).isEqualTo(2);
      first.release();
      second.release();
    }
  }

  @Test
  void aTakerNeverWaitsForAReadNotStartedAndDroppedChunksFreeTheBudget() {
    LoggingFile file = new LoggingFile();
    try (ChunkReadAhead readAhead = new ChunkReadAhead(file, Runnable::run, 200)) {
      readAhead.schedule(0, 150);
      readAhead.start();
      readAhead.schedule(150, 150);
      readAhead.start();
      readAhead.schedule(300, 100);
      readAhead.start();
      assertThat(file.reads).containsExactly("0+150");
      assertThat(readAhead.take(150, 150)).as("queued, not started: the caller reads it").isNull();
      assertThat(file.reads).as("the next one waits for room").containsExactly("0+150");
      readAhead.drop(0);
      assertThat(file.reads).as("the chunk taken unread is skipped; the next one is read")
          .containsExactly("0+150", "300+100");
      assertChunk(readAhead.take(300, 100), 300, 100).release();
    }
  }

  @Test
  void chunksQueuedTogetherNextToEachOtherAreReadWithOneRequestIntoOneArray() {
    LoggingFile file = new LoggingFile();
    List<Runnable> pending = new ArrayList<>();
    try (ChunkReadAhead readAhead = new ChunkReadAhead(file, pending::add, 1000)) {
      readAhead.schedule(0, 100);
      readAhead.schedule(100, 150);
      readAhead.schedule(250 + ChunkReadAhead.HOLE_LIMIT + 1, 10);
      readAhead.schedule(260, 40);
      readAhead.schedule(310, 90);
      assertThat(pending).as("nothing runs before start").isEmpty();
      readAhead.start();
      readAhead.start();
      assertThat(pending).as("one task for the queue").hasSize(1);
      pending.remove(0).run();
      assertThat(file.reads).as("0..250 in one request, then 260..300 (after the far chunk), 310..400 across a hole")
          .containsExactly("0+250", "8443+10", "260+140");
      assertThat(readAhead.requests()).isEqualTo(3);
      ChunkReadAhead.Taken a = assertChunk(readAhead.take(0, 100), 0, 100);
      ChunkReadAhead.Taken b = assertChunk(readAhead.take(100, 150), 100, 150);
      assertThat(b.bytes()).as("one array for the first request").isSameAs(a.bytes());
      assertThat(b.offset()).isEqualTo(100);
      assertChunk(readAhead.take(8443, 10), 8443, 10);
      assertChunk(readAhead.take(310, 90), 310, 90).release();
      a.release();
      b.release();
    }
  }

  @Test
  void aRequestNeverSpansTwoGroups() {
    LoggingFile file = new LoggingFile();
    List<Runnable> pending = new ArrayList<>();
    try (ChunkReadAhead readAhead = new ChunkReadAhead(file, pending::add, 1000)) {
      readAhead.schedule(0, 100);
      readAhead.schedule(100, 100);
      readAhead.start();
      readAhead.schedule(200, 100);
      readAhead.schedule(300, 100);
      readAhead.start();
      pending.remove(0).run();
      assertThat(file.reads).as("two groups of neighbours, one request each").containsExactly("0+200", "200+200");
      for (int start = 0; start < 400; start += 100) {
        assertChunk(readAhead.take(start, 100), start, 100).release();
      }
    }
  }

  @Test
  void closeGivesBackWhatWasNotTakenAndStopsReading() {
    LoggingFile file = new LoggingFile();
    ChunkReadAhead readAhead = new ChunkReadAhead(file, Runnable::run, 100);
    readAhead.schedule(0, 100);
    readAhead.start();
    readAhead.schedule(100, 100);
    readAhead.start();
    readAhead.close();
    assertThat(readAhead.take(0, 100)).as("after close").isNull();
    readAhead.schedule(200, 10);
    readAhead.start();
    assertThat(file.reads).as("nothing read after close").containsExactly("0+100");
  }
}
