package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ValueSink;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;

/** A {@link ValueSink} over one Arrow buffer; every write is bounds-checked by {@link ArrowBuffers} first. */
final class ArrowBufSink implements ValueSink {
  private ArrowBuf buffer;

  ArrowBufSink target(ArrowBuf buffer) {
    this.buffer = buffer;
    return this;
  }

  @Override
  public void putBytes(long destinationOffset, byte[] source, int sourceOffset, int length) {
    ArrowBuffers.copyBytes(source, sourceOffset, length, buffer, destinationOffset);
  }

  /** The buffer's own memory (direct), so a codec writes the page's values straight into the vector. */
  @Override
  public ByteBuffer directView(long destinationOffset, int length) {
    ArrowBuffers.checkFits(buffer, destinationOffset, length);
    return buffer.nioBuffer(destinationOffset, length);
  }

  @Override
  public void putInts(long destinationOffset, int[] source, int count) {
    ArrowBuffers.copyInts(source, 0, count, buffer, destinationOffset);
  }

  @Override
  public void putLongs(long destinationOffset, long[] source, int count) {
    ArrowBuffers.copyLongs(source, 0, count, buffer, destinationOffset);
  }
}
