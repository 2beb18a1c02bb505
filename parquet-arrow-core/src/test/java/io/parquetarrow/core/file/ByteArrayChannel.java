package io.parquetarrow.core.file;

import java.nio.ByteBuffer;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;

/** A read-only, in-memory {@link SeekableByteChannel}: a hand-written fake for {@link ChannelInputFile} tests. */
final class ByteArrayChannel implements SeekableByteChannel {
  private final byte[] bytes;
  private long position;
  private boolean open = true;
  int reads;

  ByteArrayChannel(byte[] bytes) {
    this.bytes = bytes;
  }

  @Override
  public int read(ByteBuffer destination) {
    reads++;
    if (position >= bytes.length) {
      return -1;
    }
    int count = (int) Math.min(destination.remaining(), bytes.length - position);
    destination.put(bytes, (int) position, count);
    position += count;
    return count;
  }

  @Override
  public int write(ByteBuffer source) {
    throw new NonWritableChannelException();
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public SeekableByteChannel position(long newPosition) {
    position = newPosition;
    return this;
  }

  @Override
  public long size() {
    return bytes.length;
  }

  @Override
  public SeekableByteChannel truncate(long size) {
    throw new NonWritableChannelException();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
  }
}
