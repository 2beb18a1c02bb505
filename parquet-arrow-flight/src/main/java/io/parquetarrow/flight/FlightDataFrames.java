package io.parquetarrow.flight;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The wire form of the FlightData messages a DoGet sends, in direct memory only, so that Netty writes a batch's
 * own buffers to the socket with a gathering write: no copy on the stream thread and none on the event loop.
 * (Arrow Java's Flight frames a message with a heap header, which makes the whole message non-direct, and Netty
 * then copies all of it into a direct buffer before writing.)
 *
 * <p>A message is the protobuf encoding of {@code FlightData} (Flight.proto), fields in number order as protobuf
 * writes them:
 *
 * <pre>
 * data_header = 2  (bytes): the IPC Message flatbuffer (Schema or RecordBatch), without the IPC stream's
 *                           continuation marker and length prefix
 * data_body = 1000 (bytes): the batch's buffers in order, each padded with zeros to a multiple of 8 bytes, as the
 *                           RecordBatch's buffer offsets and body length say (Columnar.rst, "Buffer Alignment and
 *                           Padding"); absent for a schema
 * </pre>
 *
 * <p>The result is a {@link CompositeByteBuf} of a small prefix (both field keys and lengths and the flatbuffer,
 * plus eight zero bytes the padding components point into), allocated from the stream's allocator, and one
 * wrapper per batch buffer. Every wrapper points at the Arrow memory without owning it: the message holds one
 * reference on each {@link ArrowBuf} and gives them back when its own count reaches zero, after gRPC and Netty
 * have written or dropped it. The stream's allocator therefore counts a message until it is on the socket.
 */
final class FlightDataFrames {
  private static final int DATA_HEADER_FIELD = 2;
  private static final int DATA_BODY_FIELD = 1000;
  private static final int LENGTH_DELIMITED = 2;
  private static final int ALIGNMENT = 8;

  private FlightDataFrames() {
  }

  /** The message that starts a stream: the schema, no body. */
  static ByteBuf schema(Schema schema, BufferAllocator allocator) {
    ByteBuffer header = MessageSerializer.serializeMetadata(schema, IpcOption.DEFAULT);
    return frame(header, List.of(), 0, allocator);
  }

  /**
   * The record batch {@code root} holds now. The message references the root's buffers; the caller must not write
   * into them again (the library's reader decodes each batch into fresh buffers).
   */
  static ByteBuf batch(VectorSchemaRoot root, BufferAllocator allocator) {
    // Unloading retains every buffer, and closing the batch gives those back: frame takes references of its own.
    ArrowRecordBatch batch = new VectorUnloader(root, true, true).getRecordBatch();
    try {
      ByteBuffer header = MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT);
      return frame(header, batch.getBuffers(), batch.computeBodyLength(), allocator);
    } finally {
      batch.close();
    }
  }

  private static ByteBuf frame(ByteBuffer header, List<ArrowBuf> body, long bodyLength, BufferAllocator allocator) {
    int headerLength = header.remaining();
    int prefixLength = keyLength(DATA_HEADER_FIELD) + varintLength(headerLength) + headerLength;
    if (!body.isEmpty()) {
      prefixLength += keyLength(DATA_BODY_FIELD) + varintLength(bodyLength);
    }
    ArrowBuf prefix = allocator.buffer(prefixLength + ALIGNMENT);
    List<ArrowBuf> owned = new ArrayList<>(body.size() + 1);
    owned.add(prefix);
    try {
      prefix.setZero(0, prefix.capacity());
      long index = 0;
      index = putKey(prefix, index, DATA_HEADER_FIELD);
      index = putVarint(prefix, index, headerLength);
      prefix.setBytes(index, header);
      index += headerLength;
      if (!body.isEmpty()) {
        index = putKey(prefix, index, DATA_BODY_FIELD);
        index = putVarint(prefix, index, bodyLength);
      }
      List<ByteBuf> components = new ArrayList<>(2 * body.size() + 1);
      components.add(wrap(prefix, 0, prefixLength));
      long written = 0;
      for (ArrowBuf buffer : body) {
        buffer.getReferenceManager().retain();
        owned.add(buffer);
        long length = buffer.readableBytes();
        if (length > 0) {
          components.add(wrap(buffer, buffer.readerIndex(), length));
        }
        int padding = (int) ((ALIGNMENT - length % ALIGNMENT) % ALIGNMENT);
        if (padding > 0) {
          components.add(wrap(prefix, prefixLength, padding));
        }
        written += length + padding;
      }
      if (written != bodyLength) {
        throw new IllegalStateException("the batch's buffers hold " + written + " bytes with padding, its header says "
            + bodyLength);
      }
      return new ArrowMessageBuf(components, owned);
    } catch (RuntimeException e) {
      owned.forEach(buffer -> buffer.getReferenceManager().release());
      throw e;
    }
  }

  /** A direct Netty buffer over Arrow memory it does not own (releasing it frees nothing). */
  private static ByteBuf wrap(ArrowBuf buffer, long index, long length) {
    return Unpooled.wrappedBuffer(buffer.nioBuffer(index, Math.toIntExact(length)));
  }

  private static int keyLength(int field) {
    return varintLength((long) field << 3 | LENGTH_DELIMITED);
  }

  private static long putKey(ArrowBuf buffer, long index, int field) {
    return putVarint(buffer, index, (long) field << 3 | LENGTH_DELIMITED);
  }

  /** Protobuf's base-128 varint: seven bits a byte, least significant first, the high bit set on all but the last. */
  private static long putVarint(ArrowBuf buffer, long index, long value) {
    long rest = value;
    while ((rest & ~0x7FL) != 0) {
      buffer.setByte(index++, (int) (rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    buffer.setByte(index++, (int) rest);
    return index;
  }

  private static int varintLength(long value) {
    int length = 1;
    long rest = value >>> 7;
    while (rest != 0) {
      length++;
      rest >>>= 7;
    }
    return length;
  }

  /** The message's components, giving the Arrow buffers back once Netty and gRPC have released the message. */
  private static final class ArrowMessageBuf extends CompositeByteBuf {
    private final List<ArrowBuf> owned;

    ArrowMessageBuf(List<ByteBuf> components, List<ArrowBuf> owned) {
      // No component limit: Netty's write queue may append the next frames to a message it holds, and a composite
      // at its limit would copy everything into one buffer.
      super(UnpooledByteBufAllocator.DEFAULT, true, Integer.MAX_VALUE, components);
      this.owned = owned;
    }

    @Override
    protected void deallocate() {
      super.deallocate();
      owned.forEach(buffer -> buffer.getReferenceManager().release());
    }
  }
}
