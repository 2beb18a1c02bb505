package io.parquetarrow.core;

import io.parquetarrow.core.file.InputFile;
import java.io.EOFException;
import java.nio.ByteBuffer;

/** An in-memory {@link InputFile} over a byte array, for tests that damage files without writing them out. */
public final class BytesInputFile implements InputFile {
  private final String name;
  private final byte[] bytes;

  public BytesInputFile(String name, byte[] bytes) {
    this.name = name;
    this.bytes = bytes;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return bytes.length;
  }

  @Override
  public void readFully(long position, ByteBuffer destination) throws EOFException {
    int length = destination.remaining();
    if (position < 0 || position + length > bytes.length) {
      throw new EOFException(name + ": read of " + length + " bytes at " + position + " past the end ("
          + bytes.length + " bytes)");
    }
    destination.put(bytes, (int) position, length);
  }

  @Override
  public void close() {}
}
