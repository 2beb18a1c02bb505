package io.parquetarrow.core.file;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/**
 * An {@link InputFile} over any {@link SeekableByteChannel} (an in-memory channel, a zip entry, a custom
 * store). A seekable channel has one shared position, so reads are serialised on this object; prefer
 * {@link LocalInputFile} for local files, whose positional reads run in parallel.
 */
public final class ChannelInputFile implements InputFile {
  private final String name;
  private final SeekableByteChannel channel;

  /**
   * Wraps {@code channel}; closing this closes the channel.
   *
   * @param name how error messages name the source
   */
  public ChannelInputFile(String name, SeekableByteChannel channel) {
    this.name = name;
    this.channel = channel;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public synchronized long length() throws IOException {
    return channel.size();
  }

  @Override
  public synchronized void readFully(long position, ByteBuffer destination) throws IOException {
    channel.position(position);
    long next = position;
    while (destination.hasRemaining()) {
      int read = channel.read(destination);
      if (read < 0) {
        throw new EOFException(String.format("%s: end of data at byte %d while reading %d more bytes",
            name, next, destination.remaining()));
      }
      next += read;
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
