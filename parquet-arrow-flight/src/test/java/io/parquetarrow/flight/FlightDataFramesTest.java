package io.parquetarrow.flight;

import static io.parquetarrow.core.testing.ArrowAssertions.assertRootsEqual;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.netty.buffer.ByteBuf;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.core.testing.TestTables;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The messages of {@link FlightDataFrames} parsed back by protobuf's generated {@code FlightData} and Arrow's IPC
 * reader, independently of the framing code: every column kind with nulls (numbers, booleans, strings, binary,
 * decimals, dates, timestamps, a list and a struct), empty and odd-length batches whose buffers need padding, all
 * in direct memory, holding the batch's memory until released and no longer.
 */
class FlightDataFramesTest {

  @ParameterizedTest(name = "{0} rows")
  @ValueSource(ints = {0, 1, 3, 7, 100, 4099})
  void aBatchReadsBackAsTheRootItWasFramedFrom(int rows) throws Exception {
    try (BufferAllocator allocator = TestAllocators.root();
         VectorSchemaRoot root = TestTables.mixed(allocator, rows, 1)) {
      long before = allocator.getAllocatedMemory();
      ByteBuf message = FlightDataFrames.batch(root, allocator);
      Flight.FlightData data;
      try {
        assertThat(message.isDirect()).as("every component direct, so Netty writes it without a copy").isTrue();
        data = Flight.FlightData.parseFrom(bytes(message));
      } finally {
        message.release();
      }
      assertThat(allocator.getAllocatedMemory()).as("the message's memory returned on release").isEqualTo(before);
      assertThat(data.hasFlightDescriptor()).isFalse();
      assertThat(data.getAppMetadata().isEmpty()).isTrue();
      Message header = Message.getRootAsMessage(data.getDataHeader().asReadOnlyByteBuffer());
      assertThat(header.headerType()).isEqualTo(MessageHeader.RecordBatch);
      assertThat(header.bodyLength()).as("the header's body length").isEqualTo(data.getDataBody().size());
      assertThat(data.getDataBody().size() % 8).as("the body padded to 8 bytes").isZero();
      try (VectorSchemaRoot read = load(header, data.getDataBody(), root.getSchema(), allocator)) {
        assertRootsEqual(rows + " rows", root, read);
      }
    }
  }

  @Test
  void theSchemaMessageHasAHeaderAndNoBody() throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      Schema schema = TestTables.mixedSchema();
      ByteBuf message = FlightDataFrames.schema(schema, allocator);
      Flight.FlightData data;
      try {
        assertThat(message.isDirect()).isTrue();
        data = Flight.FlightData.parseFrom(bytes(message));
      } finally {
        message.release();
      }
      assertThat(allocator.getAllocatedMemory()).isZero();
      assertThat(data.getDataBody().isEmpty()).isTrue();
      Message header = Message.getRootAsMessage(data.getDataHeader().asReadOnlyByteBuffer());
      assertThat(header.headerType()).isEqualTo(MessageHeader.Schema);
      assertThat(MessageSerializer.deserializeSchema(header)).isEqualTo(schema);
    }
  }

  /** gRPC may write a message after the reader has moved on: the message keeps the batch's buffers alive. */
  @Test
  void aMessageKeepsItsBuffersAfterTheRootLetsGo() throws Exception {
    try (BufferAllocator allocator = TestAllocators.root()) {
      ByteBuf message;
      byte[] expected;
      try (VectorSchemaRoot root = TestTables.mixed(allocator, 50, 2)) {
        message = FlightDataFrames.batch(root, allocator);
        expected = bytes(message);
      }
      assertThat(allocator.getAllocatedMemory()).as("held by the message").isPositive();
      assertThat(bytes(message)).isEqualTo(expected);
      message.release();
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }

  private static byte[] bytes(ByteBuf message) {
    byte[] bytes = new byte[message.readableBytes()];
    message.getBytes(message.readerIndex(), bytes);
    return bytes;
  }

  private static VectorSchemaRoot load(Message header, ByteString body, Schema schema, BufferAllocator allocator)
      throws Exception {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    ArrowBuf bodyBuffer = allocator.buffer(Math.max(body.size(), 1));
    bodyBuffer.setBytes(0, body.asReadOnlyByteBuffer());
    // Arrow's reader takes the body's reference: the batch's buffers are slices of it.
    try (ArrowRecordBatch batch = MessageSerializer.deserializeRecordBatch(header, bodyBuffer)) {
      new VectorLoader(root).load(batch);
    }
    return root;
  }
}
