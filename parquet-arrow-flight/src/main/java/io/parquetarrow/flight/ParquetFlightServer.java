package io.parquetarrow.flight;

import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;

/**
 * An Arrow Flight server over a directory of Parquet files, beside the library's reader and writer: every
 * {@code .parquet} file under the directory is a flight named by its relative path. Clients list them, ask for a
 * file's {@code FlightInfo} (by path, or by a JSON command that adds columns, a filter and the batch size), fetch
 * its endpoints in parallel (each a group of row groups, under a signed ticket) and upload new files with DoPut.
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *      ParquetFlightServer server = ParquetFlightServer.builder(Path.of("data"), allocator).port(0).build()) {
 *   server.start();
 *   System.out.println("listening on " + server.location().getUri());
 *   server.awaitTermination();
 * }
 * }</pre>
 *
 * <p>Security: every path is resolved under the directory ({@link ServedDirectory}); with a token, each call needs
 * {@code authorization: Bearer <token>}; with a certificate and key, the server speaks TLS ({@code grpc+tls}).
 * DoGet and DoPut streams beyond {@link Builder#maxStreams} wait up to {@link Builder#streamWaitMillis} for a
 * permit, then fail with {@code RESOURCE_EXHAUSTED}. gRPC's handlers and callbacks run on {@link Builder#threads}
 * threads, a DoPut holding one while it runs; each DoGet streams on a thread of its own, so that gRPC can tell it
 * when its client is ready for more.
 *
 * <p>Memory: every batch comes from a child allocator of the one given, which the server closes on
 * {@link #close()}; the caller keeps and closes its own allocator.
 */
public final class ParquetFlightServer implements AutoCloseable {
  /** The default compressed size of the row groups one endpoint covers. */
  public static final long DEFAULT_SLICE_BYTES = 64L << 20;
  /** The default time a DoGet waits for a client that takes no data before dropping it. */
  public static final long DEFAULT_STALL_MILLIS = TimeUnit.MINUTES.toMillis(5);
  /** The default time a DoGet or DoPut waits for a stream permit before {@code RESOURCE_EXHAUSTED}. */
  public static final long DEFAULT_STREAM_WAIT_MILLIS = 5_000;
  /** Flight's transport hint whose value, a {@code Consumer<NettyServerBuilder>}, sees gRPC's builder last. */
  private static final String FLIGHT_SERVER_BUILDER_CONSUMER = "grpc.builderConsumer";

  private final FlightServer server;
  private final BufferAllocator allocator;
  private final ExecutorService executor;
  private final ExecutorService streamExecutor;
  private final boolean tls;
  private final String host;

  private ParquetFlightServer(Builder builder) throws IOException {
    ServedDirectory directory = new ServedDirectory(builder.directory);
    this.tls = builder.certificateChain != null;
    this.host = builder.host;
    this.allocator = builder.allocator.newChildAllocator("flight-server", 0, Long.MAX_VALUE);
    this.executor = Executors.newFixedThreadPool(builder.threads, new HandlerThreads("parquet-flight-"));
    this.streamExecutor = Executors.newCachedThreadPool(new HandlerThreads("parquet-flight-stream-"));
    try {
      Location location = tls ? Location.forGrpcTls(builder.host, builder.port)
          : Location.forGrpcInsecure(builder.host, builder.port);
      ParquetFlightProducer producer = new ParquetFlightProducer(directory, allocator, builder.maxStreams,
          builder.sliceBytes, builder.stallMillis, builder.streamWaitMillis, streamExecutor);
      ServerServiceDefinition service = new DoGetService(producer).definition(allocator, executor,
          builder.backpressureBytes);
      // Flight's builder adds its own service first and then runs this consumer; gRPC keeps the last service
      // registered under a name, so DoGetService's definition is the one served.
      Consumer<NettyServerBuilder> replaceService = netty -> netty.addService(service);
      FlightServer.Builder flight = FlightServer.builder(allocator, location, producer).executor(executor)
          .backpressureThreshold(builder.backpressureBytes)
          .transportHint(FLIGHT_SERVER_BUILDER_CONSUMER, replaceService);
      if (builder.token != null) {
        flight.headerAuthenticator(new BearerTokenCheck(builder.token));
      }
      if (tls) {
        flight.useTls(builder.certificateChain.toFile(), builder.privateKey.toFile());
      }
      this.server = flight.build();
    } catch (IOException | RuntimeException e) {
      executor.shutdownNow();
      streamExecutor.shutdownNow();
      allocator.close();
      throw e;
    }
  }

  /** A builder for a server of {@code directory}, whose batches come from {@code allocator}. */
  public static Builder builder(Path directory, BufferAllocator allocator) {
    return new Builder(directory, allocator);
  }

  /** Binds the port and starts serving. */
  public ParquetFlightServer start() throws IOException {
    server.start();
    return this;
  }

  /** The port the server listens on (the one chosen by the system for port 0), once started. */
  public int port() {
    return server.getPort();
  }

  /** Where clients reach the server: {@code grpc+tcp://host:port} or {@code grpc+tls://host:port}. */
  public Location location() {
    return tls ? Location.forGrpcTls(host, port()) : Location.forGrpcInsecure(host, port());
  }

  /** The allocator of the server's batches: a child of the builder's, with nothing allocated between calls. */
  public BufferAllocator allocator() {
    return allocator;
  }

  /** Blocks until the server shuts down. */
  public void awaitTermination() throws InterruptedException {
    server.awaitTermination();
  }

  /**
   * Stops accepting calls, waits briefly for running calls to end, then cancels the rest, and closes the server's
   * allocator.
   */
  @Override
  public void close() throws InterruptedException {
    try {
      server.shutdown();
      if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
        server.close();
      }
    } finally {
      executor.shutdownNow();
      streamExecutor.shutdownNow();
      executor.awaitTermination(5, TimeUnit.SECONDS);
      streamExecutor.awaitTermination(5, TimeUnit.SECONDS);
      allocator.close();
    }
  }

  /** Names the handler threads and makes them daemons, so a forgotten server does not keep the JVM alive. */
  private static final class HandlerThreads implements ThreadFactory {
    private final AtomicInteger count = new AtomicInteger();
    private final String prefix;

    HandlerThreads(String prefix) {
      this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable task) {
      Thread thread = new Thread(task, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    }
  }

  /** Settings of a {@link ParquetFlightServer}; only the directory and allocator are required. */
  public static final class Builder {
    private final Path directory;
    private final BufferAllocator allocator;
    private String host = "localhost";
    private int port;
    private String token;
    private Path certificateChain;
    private Path privateKey;
    private int threads = Math.max(8, 2 * Runtime.getRuntime().availableProcessors());
    private Integer maxStreams;
    private long sliceBytes = DEFAULT_SLICE_BYTES;
    private long stallMillis = DEFAULT_STALL_MILLIS;
    private long streamWaitMillis = DEFAULT_STREAM_WAIT_MILLIS;
    private int backpressureBytes = FlightServer.DEFAULT_BACKPRESSURE_THRESHOLD;

    private Builder(Path directory, BufferAllocator allocator) {
      this.directory = Objects.requireNonNull(directory, "directory");
      this.allocator = Objects.requireNonNull(allocator, "allocator");
    }

    /** The host name or address to bind (default {@code localhost}; {@code 0.0.0.0} for every interface). */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /** The port to bind; 0 (the default) lets the system choose, see {@link ParquetFlightServer#port()}. */
    public Builder port(int port) {
      if (port < 0 || port > 65_535) {
        throw new IllegalArgumentException("port must be 0 to 65535, got " + port);
      }
      this.port = port;
      return this;
    }

    /** Requires {@code authorization: Bearer <token>} on every call; null (the default) for none. */
    public Builder token(String token) {
      if (token != null && token.isEmpty()) {
        throw new IllegalArgumentException("the token is empty");
      }
      this.token = token;
      return this;
    }

    /** Serves TLS with this PEM certificate chain and PEM (PKCS#8) private key. */
    public Builder tls(Path certificateChain, Path privateKey) {
      this.certificateChain = Objects.requireNonNull(certificateChain, "certificateChain");
      this.privateKey = Objects.requireNonNull(privateKey, "privateKey");
      return this;
    }

    /** Handler threads (default twice the processors, at least 8). */
    public Builder threads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("threads must be at least 1, got " + threads);
      }
      this.threads = threads;
      return this;
    }

    /** The most DoGet and DoPut streams at once (default: the thread count less one, at least 1). */
    public Builder maxStreams(int streams) {
      if (streams < 1) {
        throw new IllegalArgumentException("maxStreams must be at least 1, got " + streams);
      }
      this.maxStreams = streams;
      return this;
    }

    /** The compressed bytes of row groups one endpoint covers (default 64 MiB; at least one row group each). */
    public Builder sliceBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("sliceBytes must be positive, got " + bytes);
      }
      this.sliceBytes = bytes;
      return this;
    }

    /** How long a DoGet waits for a client that takes no data before dropping it (default 5 minutes). */
    public Builder stallMillis(long millis) {
      if (millis < 1) {
        throw new IllegalArgumentException("stallMillis must be positive, got " + millis);
      }
      this.stallMillis = millis;
      return this;
    }

    /** How long a DoGet or DoPut waits for a stream permit before {@code RESOURCE_EXHAUSTED} (default 5 s). */
    public Builder streamWaitMillis(long millis) {
      if (millis < 0) {
        throw new IllegalArgumentException("streamWaitMillis must not be negative, got " + millis);
      }
      this.streamWaitMillis = millis;
      return this;
    }

    /**
     * The bytes gRPC may queue for one call before the stream waits for its client (Flight's default, 10 MB, when
     * not set). These are the batches' own buffers, counted in {@link #allocator()} until written; the reader
     * itself holds one batch more.
     */
    public Builder backpressureBytes(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("backpressureBytes must be positive, got " + bytes);
      }
      this.backpressureBytes = bytes;
      return this;
    }

    public ParquetFlightServer build() throws IOException {
      if (maxStreams == null) {
        maxStreams = Math.max(1, threads - 1);
      }
      return new ParquetFlightServer(this);
    }
  }
}
