package io.parquetarrow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.core.testing.TestAllocators;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.auth2.BearerCredentialWriter;
import org.apache.arrow.flight.grpc.CredentialCallOption;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parquet-arrow serve} in a JVM of its own, as the launcher runs it: it prints where it listens, serves the
 * directory with the token from {@code --token-file}, and stops on SIGTERM. Option mistakes are usage errors.
 */
class ServeCommandTest {
  private static final Pattern LISTENING = Pattern.compile("listening on grpc://localhost:(\\d+)");

  @TempDir Path directory;
  @TempDir Path secrets;

  @Test
  void servesTheDirectoryUntilSigterm() throws Exception {
    Files.copy(TestFiles.sampleFile(), directory.resolve("sample.parquet"));
    Path tokenFile = secrets.resolve("token");
    Files.writeString(tokenFile, "serve-test-token\n");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String flag : System.getProperty("parquetArrow.jvmFlags", "").split("\\s+")) {
      if (!flag.isBlank()) {
        command.add(flag);
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), ParquetArrowCommand.class.getName(),
        "serve", directory.toString(), "--port", "0", "--token-file", tokenFile.toString(), "--threads", "4"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try (BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8))) {
      int port = awaitPort(output);
      try (BufferAllocator allocator = TestAllocators.root();
           FlightClient client = FlightClient.builder(allocator, Location.forGrpcInsecure("localhost", port))
               .build()) {
        CallOption token = new CredentialCallOption(new BearerCredentialWriter("serve-test-token"));
        List<FlightInfo> listed = new ArrayList<>();
        client.listFlights(Criteria.ALL, token).forEach(listed::add);
        assertThat(listed).extracting(info -> info.getDescriptor().getPath())
            .containsExactly(List.of("sample.parquet"));
        try {
          client.listFlights(Criteria.ALL).forEach(info -> { });
          throw new AssertionError("listing without the token succeeded");
        } catch (FlightRuntimeException e) {
          assertThat(e.status().code()).isEqualTo(FlightStatusCode.UNAUTHENTICATED);
        }
      }
      process.destroy();
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("serve stopped on SIGTERM").isTrue();
    } finally {
      process.destroyForcibly();
    }
  }

  private static int awaitPort(BufferedReader output) throws Exception {
    StringBuilder seen = new StringBuilder();
    for (String line = output.readLine(); line != null; line = output.readLine()) {
      Matcher matcher = LISTENING.matcher(line);
      if (matcher.find()) {
        return Integer.parseInt(matcher.group(1));
      }
      seen.append(line).append('\n');
    }
    throw new AssertionError("serve ended without listening:\n" + seen);
  }

  @Test
  void optionMistakesAreUsageErrors() {
    CommandRunner.Result missing = CommandRunner.run("serve", directory.resolve("missing").toString());
    assertThat(missing.exitCode()).as(missing.describe()).isEqualTo(2);
    assertThat(missing.stderr()).contains("is not a directory");
    CommandRunner.Result halfTls = CommandRunner.run("serve", directory.toString(), "--tls-cert", "cert.pem");
    assertThat(halfTls.exitCode()).as(halfTls.describe()).isEqualTo(2);
    assertThat(halfTls.stderr()).contains("--tls-cert and --tls-key go together");
  }
}
