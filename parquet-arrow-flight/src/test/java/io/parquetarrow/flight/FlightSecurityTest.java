package io.parquetarrow.flight;

import static io.parquetarrow.flight.FlightTestClients.failure;
import static io.parquetarrow.flight.FlightTestClients.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.parquetarrow.core.testing.TestAllocators;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.auth2.BearerCredentialWriter;
import org.apache.arrow.flight.grpc.CredentialCallOption;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bearer token on every call (missing and wrong tokens are {@code UNAUTHENTICATED}, without the token in any
 * message) and TLS with a self-signed certificate that {@code openssl} makes for the test.
 */
class FlightSecurityTest {
  private static final String TOKEN = "s3cret-token-for-tests";

  @TempDir Path directory;
  @TempDir Path keys;
  private BufferAllocator allocator;

  @BeforeEach
  void data() throws IOException {
    allocator = TestAllocators.root();
    FlightTestData.write(directory.resolve("data.parquet"), 20_000, 0, allocator);
  }

  @AfterEach
  void closeAllocator() {
    assertThat(allocator.getAllocatedMemory()).isZero();
    allocator.close();
  }

  @Test
  void everyCallNeedsTheBearerToken() throws Exception {
    try (ParquetFlightServer server = ParquetFlightServer.builder(directory, allocator).token(TOKEN).build().start();
         FlightClient client = FlightClient.builder(allocator, server.location()).build()) {
      CallOption right = new CredentialCallOption(new BearerCredentialWriter(TOKEN));
      CallOption wrong = new CredentialCallOption(new BearerCredentialWriter(TOKEN + "x"));
      assertThat(failure(() -> client.listFlights(Criteria.ALL).forEach(info -> { })))
          .isEqualTo(FlightStatusCode.UNAUTHENTICATED);
      assertThat(failure(() -> client.getInfo(FlightDescriptor.path("data.parquet"), wrong)))
          .isEqualTo(FlightStatusCode.UNAUTHENTICATED);
      try {
        client.getInfo(FlightDescriptor.path("data.parquet"), wrong);
      } catch (FlightRuntimeException e) {
        assertThat(e.getMessage()).doesNotContain(TOKEN);
      }
      List<FlightInfo> listed = new ArrayList<>();
      client.listFlights(Criteria.ALL, right).forEach(listed::add);
      assertThat(listed).hasSize(1);
      FlightInfo info = client.getInfo(FlightDescriptor.path("data.parquet"), right);
      assertThat(failure(() -> readAll(client, info))).as("DoGet without the token")
          .isEqualTo(FlightStatusCode.UNAUTHENTICATED);
      assertThat(readAll(client, info, right)).hasSize(20_000);
      assertThat(server.allocator().getAllocatedMemory()).isZero();
    }
  }

  @Test
  void servesTlsWithACertificateChainAndKey() throws Exception {
    Path certificate = keys.resolve("cert.pem");
    Path key = keys.resolve("key.pem");
    assumeTrue(selfSigned(certificate, key), "openssl is not available: TLS test skipped");
    try (ParquetFlightServer server = ParquetFlightServer.builder(directory, allocator).tls(certificate, key)
        .build().start()) {
      assertThat(server.location().getUri().getScheme()).isEqualTo("grpc+tls");
      try (InputStream trusted = Files.newInputStream(certificate);
           FlightClient client = FlightClient.builder(allocator, server.location()).useTls()
               .trustedCertificates(trusted).build()) {
        FlightInfo info = client.getInfo(FlightDescriptor.path("data.parquet"));
        assertThat(readAll(client, info)).hasSize(20_000);
      }
      try (FlightClient plaintext = FlightClient.builder(allocator,
          Location.forGrpcInsecure("localhost", server.port())).build()) {
        assertThat(failure(() -> plaintext.getInfo(FlightDescriptor.path("data.parquet"))))
            .as("a plaintext client of a TLS server").isNotEqualTo(FlightStatusCode.OK);
      }
      assertThat(server.allocator().getAllocatedMemory()).isZero();
    }
  }

  /** A self-signed certificate for localhost and its PKCS#8 key; false when openssl cannot run. */
  private static boolean selfSigned(Path certificate, Path key) throws InterruptedException {
    try {
      Process process = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
          "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
          "-keyout", key.toString(), "-out", certificate.toString())
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}
