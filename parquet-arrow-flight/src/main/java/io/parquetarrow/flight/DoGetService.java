package io.parquetarrow.flight;

import io.grpc.MethodDescriptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.auth.ServerAuthHandler;
import org.apache.arrow.flight.auth.ServerAuthInterceptor;
import org.apache.arrow.flight.grpc.ServerBackpressureThresholdInterceptor;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Flight's gRPC service with DoGet answered by this server's own handler: every other method is Flight's
 * ({@link FlightGrpcUtils#createFlightService}, calling {@link ParquetFlightProducer}), while DoGet sends the
 * messages of {@link FlightDataFrames} through {@link FlightDataMarshaller}, so a batch's buffers reach the socket
 * without a copy. The wire format is Flight's: clients cannot tell the difference.
 *
 * <p>{@link ParquetFlightServer} hands the definition to Flight's server builder, which registers it after its own
 * service of the same name, so this one is served; the server's global interceptors (the bearer token check and
 * Flight's other middleware) apply to it as to Flight's. The service-level interceptors are Flight's own: the
 * backpressure threshold (gRPC's ready signal) and the legacy authentication handler, which does nothing here.
 */
final class DoGetService {
  private static final MethodDescriptor<Flight.Ticket, ByteBuf> DO_GET = FlightServiceGrpc.getDoGetMethod()
      .toBuilder(FlightServiceGrpc.getDoGetMethod().getRequestMarshaller(), new FlightDataMarshaller())
      .build();

  private final ParquetFlightProducer producer;

  DoGetService(ParquetFlightProducer producer) {
    this.producer = producer;
  }

  /** Flight's service definition for {@code producer}, DoGet replaced, with the backpressure threshold given. */
  ServerServiceDefinition definition(BufferAllocator allocator, ExecutorService executor, int backpressureBytes) {
    ServerServiceDefinition flight = FlightGrpcUtils.createFlightService(allocator, producer, ServerAuthHandler.NO_OP,
        executor).bindService();
    ServerServiceDefinition.Builder service = ServerServiceDefinition.builder(flight.getServiceDescriptor().getName());
    for (ServerMethodDefinition<?, ?> method : flight.getMethods()) {
      if (!method.getMethodDescriptor().getFullMethodName().equals(DO_GET.getFullMethodName())) {
        service.addMethod(method);
      }
    }
    service.addMethod(DO_GET, ServerCalls.asyncServerStreamingCall(this::doGet));
    return ServerInterceptors.intercept(service.build(), new ServerBackpressureThresholdInterceptor(backpressureBytes),
        new ServerAuthInterceptor(ServerAuthHandler.NO_OP));
  }

  private void doGet(Flight.Ticket ticket, StreamObserver<ByteBuf> observer) {
    DoGetCall call = new DoGetCall((ServerCallStreamObserver<ByteBuf>) observer);
    producer.getStream(ticket.getTicket().toByteArray(), call);
  }
}
