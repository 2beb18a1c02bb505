package io.parquetarrow.cli;

import io.parquetarrow.flight.ParquetFlightServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parquet-arrow serve DIR}: serves the Parquet files under a directory over Arrow Flight
 * ({@link ParquetFlightServer}) until the process is stopped. Prints {@code listening on grpc://host:port} (or
 * {@code grpc+tls://}) once the port is bound, so scripts can wait for that line; SIGINT and SIGTERM stop the server
 * (running calls get a few seconds to end) and free its memory. The bearer token is read from a file, so it appears
 * neither in the process list nor in shell history.
 */
@Command(name = "serve", description = "Serve the Parquet files under DIR over Arrow Flight until stopped.")
final class ServeCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "DIR", description = "The directory whose .parquet files are served.")
  Path directory;

  @Option(names = "--host", paramLabel = "HOST", defaultValue = "localhost",
      description = "The address to bind (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
  String host;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "8815",
      description = "The port to bind (default: ${DEFAULT-VALUE}; 0 lets the system choose).")
  int port;

  @Option(names = "--token-file", paramLabel = "FILE",
      description = "Require 'authorization: Bearer <token>' on every call; the token is the file's first line.")
  Path tokenFile;

  @Option(names = "--tls-cert", paramLabel = "PEM", description = "Serve TLS with this certificate chain.")
  Path tlsCertificate;

  @Option(names = "--tls-key", paramLabel = "PEM", description = "The PKCS#8 private key of --tls-cert.")
  Path tlsKey;

  @Option(names = "--threads", paramLabel = "N", description = "Handler threads (default: twice the processors, "
      + "at least 8); each running stream holds one.")
  Integer threads;

  @Option(names = "--max-streams", paramLabel = "N",
      description = "The most DoGet and DoPut streams at once (default: threads less one).")
  Integer maxStreams;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if ((tlsCertificate == null) != (tlsKey == null)) {
      throw new ParameterException(spec.commandLine(), "--tls-cert and --tls-key go together");
    }
    if (!Files.isDirectory(directory)) {
      throw new ParameterException(spec.commandLine(), directory + " is not a directory");
    }
    BufferAllocator allocator = new RootAllocator();
    ParquetFlightServer server;
    try {
      server = configure(ParquetFlightServer.builder(directory, allocator)).build().start();
    } catch (IOException | RuntimeException e) {
      allocator.close();
      throw e;
    }
    AtomicBoolean stopped = new AtomicBoolean();
    Runnable stop = () -> {
      if (stopped.compareAndSet(false, true)) {
        try {
          server.close();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          allocator.close();
        }
      }
    };
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "parquet-arrow-serve-shutdown"));
    PrintWriter out = spec.commandLine().getOut();
    out.println("listening on " + (tlsCertificate == null ? "grpc" : "grpc+tls") + "://" + host + ":"
        + server.port());
    out.flush();
    server.awaitTermination();
    stop.run();
    return 0;
  }

  private ParquetFlightServer.Builder configure(ParquetFlightServer.Builder builder) throws IOException {
    builder.host(host).port(port);
    if (tokenFile != null) {
      builder.token(readToken(tokenFile));
    }
    if (tlsCertificate != null) {
      builder.tls(tlsCertificate, tlsKey);
    }
    if (threads != null) {
      builder.threads(threads);
    }
    if (maxStreams != null) {
      builder.maxStreams(maxStreams);
    }
    return builder;
  }

  private String readToken(Path file) throws IOException {
    String token = Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
    if (token.isEmpty()) {
      throw new ParameterException(spec.commandLine(), "--token-file " + file + " holds no token on its first line");
    }
    return token;
  }
}
