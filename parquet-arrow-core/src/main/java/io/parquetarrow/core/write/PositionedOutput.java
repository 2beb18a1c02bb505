package io.parquetarrow.core.write;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * The bottom of the write path: a buffered sink over a {@link WritableByteChannel} that counts the bytes
 * written, since every offset in a Parquet footer is a position in the file. Not thread-safe.
 */
public final class PositionedOutput {
  private static final int BUFFER_SIZE = 64 * 1024;

  private final WritableByteChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE);
  private long position;

  public PositionedOutput(WritableByteChannel channel) {
    this.channel = Objects.requireNonNull(channel, "channel");
  }

  /** Bytes written so far: the file offset of the next byte. */
  public long position() {
    return position;
  }

  public void write(byte[] bytes, int offset, int length) throws IOException {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    position += length;
    if (length >= BUFFER_SIZE) {
      drain();
      ByteBuffer source = ByteBuffer.wrap(bytes, offset, length);
      while (source.hasRemaining()) {
        channel.write(source);
      }
      return;
    }
    if (length > buffer.remaining()) {
      drain();
    }
    buffer.put(bytes, offset, length);
  }

  public void write(byte[] bytes) throws IOException {
    write(bytes, 0, bytes.length);
  }

  /** Writes any buffered bytes to the channel. */
  public void flush() throws IOException {
    drain();
  }

  private void drain() throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
    buffer.clear();
  }
}
