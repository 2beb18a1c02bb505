package io.parquetarrow.core.file;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An {@link InputFile} over a local file, read with {@link FileChannel#read(ByteBuffer, long)} (positional reads,
 * which are safe to issue from several threads at once and do not move a shared file position).
 */
public final class LocalInputFile implements InputFile {
  private final Path path;
  private final FileChannel channel;
  private final long length;

  private LocalInputFile(Path path, FileChannel channel, long length) {
    this.path = path;
    this.channel = channel;
    this.length = length;
  }

  /** Opens {@code path} for reading; the caller closes the result. */
  public static LocalInputFile open(Path path) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    try {
      return new LocalInputFile(path, channel, channel.size());
    } catch (RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  public Path path() {
    return path;
  }

  @Override
  public String name() {
    return path.toString();
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void readFully(long position, ByteBuffer destination) throws IOException {
    long next = position;
    while (destination.hasRemaining()) {
      int read = channel.read(destination, next);
      if (read < 0) {
        throw new EOFException(String.format("%s: end of file at byte %d while reading %d more bytes",
            path, next, destination.remaining()));
      }
      next += read;
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  @Override
  public String toString() {
    return "LocalInputFile[" + path + "]";
  }
}
