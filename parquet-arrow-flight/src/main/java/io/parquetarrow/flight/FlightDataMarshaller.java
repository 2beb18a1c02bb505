package io.parquetarrow.flight;

import io.grpc.Drainable;
import io.grpc.MethodDescriptor.Marshaller;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.arrow.flight.grpc.AddWritableBuffer;

/**
 * Hands the DoGet messages of {@link FlightDataFrames} to gRPC as they are: gRPC drains the stream returned here
 * into its message framer, and Flight's {@link AddWritableBuffer} puts the message's buffer itself into the
 * framer's buffer chain, with a reference of its own, where a plain stream would be copied into gRPC's buffers.
 * Where gRPC takes another path (it would only with message compression, which this server never turns on),
 * {@code AddWritableBuffer} copies instead, so the message still arrives. The server never parses a response.
 */
final class FlightDataMarshaller implements Marshaller<ByteBuf> {
  @Override
  public InputStream stream(ByteBuf message) {
    return new MessageStream(message.retain());
  }

  @Override
  public ByteBuf parse(InputStream stream) {
    throw new UnsupportedOperationException("the server only writes FlightData");
  }

  /** One message, given to gRPC's framer whole; not {@code KnownLength}, so gRPC drains it into a buffer chain. */
  private static final class MessageStream extends ByteBufInputStream implements Drainable {
    private final ByteBuf message;

    MessageStream(ByteBuf message) {
      super(message, false);
      this.message = message;
    }

    @Override
    public int drainTo(OutputStream target) throws IOException {
      // Either way the framer writes the buffer from its reader index on, so the index stays where it is.
      int length = message.readableBytes();
      AddWritableBuffer.add(message, target, true);
      return length;
    }

    @Override
    public void close() throws IOException {
      try {
        super.close();
      } finally {
        message.release();
      }
    }
  }
}
