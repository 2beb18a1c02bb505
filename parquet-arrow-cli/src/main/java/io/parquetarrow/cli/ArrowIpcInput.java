package io.parquetarrow.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * The input of {@code parquet-arrow write}: an Arrow IPC file ({@code ARROW1} magic, random access) or an Arrow
 * IPC stream (anything else), read batch by batch with arrow-java's readers, counting the bytes read for the
 * progress bar.
 *
 * <p>arrow-java's readers report a malformed input with whatever exception its decoding meets (an index out of
 * bounds in the flatbuffer, an {@code IllegalArgumentException}, ...); every such failure is turned here into an
 * {@link InvalidArrowInputException} saying which format was expected, so the command prints one line naming the
 * input. A stream's first message length is also checked against the file's size before arrow-java allocates a
 * buffer of that length: a text file given by mistake would otherwise ask for gigabytes.
 */
final class ArrowIpcInput implements AutoCloseable {

  /** The magic that starts (and ends) an Arrow IPC file: "ARROW1". */
  static final byte[] FILE_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

  /** The IPC continuation marker that precedes each message's length (since Arrow 0.15). */
  private static final int CONTINUATION_MARKER = 0xFFFFFFFF;

  /** Which of the two IPC formats the input is. */
  enum Format {
    FILE("Arrow IPC file"), STREAM("Arrow IPC stream");

    final String description;

    Format(String description) {
      this.description = description;
    }
  }

  /** The input is not a readable Arrow IPC file or stream. */
  static final class InvalidArrowInputException extends IOException {
    private static final long serialVersionUID = 1L;

    InvalidArrowInputException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final Format format;
  private final FileChannel channel;
  private final CountingChannel counting;
  private final ArrowReader reader;
  private final long size;

  private ArrowIpcInput(Format format, FileChannel channel, CountingChannel counting, ArrowReader reader,
      long size) {
    this.format = format;
    this.channel = channel;
    this.counting = counting;
    this.reader = reader;
    this.size = size;
  }

  /**
   * Opens {@code path}, detects its format and reads its schema (and, for a file, its footer and dictionaries).
   *
   * @throws InvalidArrowInputException when the bytes are neither format's
   */
  static ArrowIpcInput open(Path path, BufferAllocator allocator) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    Format format = Format.STREAM;
    try {
      long size = channel.size();
      ByteBuffer head = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      while (head.hasRemaining() && channel.read(head) >= 0) {
        // Read until 8 bytes or the end of the file.
      }
      head.flip();
      channel.position(0);
      byte[] start = new byte[Math.min(FILE_MAGIC.length, head.remaining())];
      head.duplicate().get(start);
      format = Arrays.equals(start, FILE_MAGIC) ? Format.FILE : Format.STREAM;
      if (format == Format.STREAM) {
        checkFirstMessageLength(head, size);
      }
      CountingChannel counting = format == Format.STREAM ? new CountingChannel(channel) : null;
      ArrowReader reader = format == Format.FILE
          ? new ArrowFileReader(channel, allocator)
          : new ArrowStreamReader(counting, allocator);
      ArrowIpcInput input = new ArrowIpcInput(format, channel, counting, reader, size);
      // Reading the schema (a file's footer and dictionaries too) is the first contact with the bytes.
      input.guard(() -> {
        reader.getVectorSchemaRoot();
        return null;
      });
      return input;
    } catch (IOException | RuntimeException e) {
      try {
        channel.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof InvalidArrowInputException || !isDecodingFailure(e)) {
        throw e;
      }
      throw new InvalidArrowInputException(describeFailure(format, e), e);
    }
  }

  Format format() {
    return format;
  }

  /** The batch the reader loads into; the same object for the whole input. */
  VectorSchemaRoot root() throws IOException {
    return reader.getVectorSchemaRoot();
  }

  /** The input's dictionaries, for dictionary-encoded fields. */
  DictionaryProvider dictionaries() {
    return reader;
  }

  /** Loads the next batch into {@link #root()}; false at the end of the input. */
  boolean loadNextBatch() throws IOException {
    return guard(reader::loadNextBatch);
  }

  /** The input's size in bytes. */
  long size() {
    return size;
  }

  /** Bytes read so far (for a file, the position of the last block read). */
  long bytesRead() {
    if (counting != null) {
      return counting.count;
    }
    try {
      return Math.min(size, channel.position());
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      reader.close();
    } finally {
      channel.close();
    }
  }

  private interface Read<T> {
    T run() throws IOException;
  }

  private <T> T guard(Read<T> read) throws IOException {
    try {
      return read.run();
    } catch (IOException | RuntimeException e) {
      if (!isDecodingFailure(e)) {
        throw e;
      }
      throw new InvalidArrowInputException(describeFailure(format, e), e);
    }
  }

  /**
   * Whether {@code e} comes from decoding the bytes rather than from the file system: arrow-java throws plain
   * {@link IOException}s for truncated or malformed input, and runtime exceptions from its flatbuffer decoding.
   */
  private static boolean isDecodingFailure(Exception e) {
    return e instanceof RuntimeException || !(e instanceof FileSystemException)
        && !(e instanceof ClosedChannelException);
  }

  private static String describeFailure(Format format, Exception e) {
    String detail = e.getMessage() == null || e.getMessage().isBlank()
        ? e.getClass().getSimpleName() : e.getMessage();
    return "not a valid " + format.description + " (" + detail + ")";
  }

  /**
   * Checks the stream's first message prefix: a continuation marker and a length (or, before Arrow 0.15, the
   * length alone) that the file can hold.
   */
  private static void checkFirstMessageLength(ByteBuffer head, long size) throws InvalidArrowInputException {
    if (head.remaining() < 4) {
      throw new InvalidArrowInputException("not a valid Arrow IPC stream (" + head.remaining()
          + " bytes; a stream starts with a 4 or 8 byte message prefix)", null);
    }
    int first = head.getInt(0);
    long length;
    if (first == CONTINUATION_MARKER) {
      if (head.remaining() < 8) {
        throw new InvalidArrowInputException("not a valid Arrow IPC stream (the file ends inside the first "
            + "message's length)", null);
      }
      length = head.getInt(4);
    } else {
      length = first;
    }
    long remaining = size - (first == CONTINUATION_MARKER ? 8 : 4);
    if (length <= 0 || length > remaining) {
      throw new InvalidArrowInputException(String.format(Locale.ROOT,
          "not a valid Arrow IPC stream (the first message's length is %d, but %d bytes follow it; expected the "
              + "schema message of an IPC stream or the ARROW1 magic of an IPC file)", length, remaining), null);
    }
  }

  /** Counts the bytes arrow-java's stream reader takes from the file. */
  private static final class CountingChannel implements ReadableByteChannel {
    private final ReadableByteChannel delegate;
    private long count;

    CountingChannel(ReadableByteChannel delegate) {
      this.delegate = delegate;
    }

    @Override
    public int read(ByteBuffer destination) throws IOException {
      int read = delegate.read(destination);
      if (read > 0) {
        count += read;
      }
      return read;
    }

    @Override
    public boolean isOpen() {
      return delegate.isOpen();
    }

    @Override
    public void close() throws IOException {
      delegate.close();
    }
  }
}
