package io.parquetarrow.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.arrow.flight.FlightDescriptor;

/**
 * The file {@link FlightCompare} serves, linked (or copied) as {@link #NAME} into a temporary directory for our
 * server, with the pyarrow server's script beside it; {@link #close()} removes both.
 */
final class ServedFile implements AutoCloseable {
  /** The name of the file inside the served directory. */
  static final String NAME = "data.parquet";

  private final Path directory;
  private final Path copy;
  private final Path script;

  ServedFile(Path file) throws IOException {
    this.directory = Files.createTempDirectory("flight-compare");
    this.copy = directory.resolve(NAME);
    try {
      Files.createLink(copy, file.toAbsolutePath());
    } catch (IOException | UnsupportedOperationException e) {
      Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
    }
    this.script = Files.createTempFile("pyarrow_flight_server", ".py");
    try (InputStream resource = FlightCompare.class.getResourceAsStream("pyarrow_flight_server.py")) {
      Files.copy(resource, script, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The directory our server serves. */
  Path directory() {
    return directory;
  }

  /** The pyarrow server's script. */
  Path pyarrowScript() {
    return script;
  }

  /** Our server's descriptor of the whole file in batches of {@code batchRows}. */
  FlightDescriptor command(int batchRows) {
    String command = "{\"path\": \"" + NAME + "\", \"batch_rows\": " + batchRows + "}";
    return FlightDescriptor.command(command.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void close() throws IOException {
    Files.deleteIfExists(copy);
    Files.deleteIfExists(directory);
    Files.deleteIfExists(script);
  }
}
