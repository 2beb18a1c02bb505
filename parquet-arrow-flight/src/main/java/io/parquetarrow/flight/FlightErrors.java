package io.parquetarrow.flight;

import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * Turns what a call threw into the {@link CallStatus} a client reads: a code and one message, never a stack trace
 * (the cause stays on the server, logged at debug level). The library's messages already name the file, row group,
 * column and offset; the served directory's real path is dropped from them so clients see their own relative
 * paths. Misuse ({@link IllegalArgumentException}: unknown column, bad filter) is {@code INVALID_ARGUMENT}; a
 * missing file {@code NOT_FOUND}; an unsupported feature {@code UNIMPLEMENTED}; a damaged file or a failed read
 * {@code INTERNAL}. Messages never hold the bearer token: no code path puts it in one.
 */
final class FlightErrors {
  private static final Logger LOG = System.getLogger(FlightErrors.class.getName());

  private final ServedDirectory directory;

  FlightErrors(ServedDirectory directory) {
    this.directory = directory;
  }

  FlightRuntimeException toFlight(Throwable error) {
    if (error instanceof FlightRuntimeException flight) {
      return flight;
    }
    LOG.log(Level.DEBUG, "Flight call failed", error);
    String message = directory.withoutRoot(error.getMessage());
    if (message == null || message.isBlank()) {
      message = error.getClass().getSimpleName();
    }
    CallStatus status;
    if (error instanceof IllegalArgumentException) {
      status = CallStatus.INVALID_ARGUMENT;
    } else if (error instanceof NoSuchFileException) {
      status = CallStatus.NOT_FOUND;
      message = "no such file: " + message;
    } else if (error instanceof FileAlreadyExistsException) {
      status = CallStatus.ALREADY_EXISTS;
      message = "file exists: " + message;
    } else if (error instanceof AccessDeniedException) {
      status = CallStatus.UNAUTHORIZED;
      message = "permission denied: " + message;
    } else if (error instanceof UnsupportedParquetFeatureException) {
      status = CallStatus.UNIMPLEMENTED;
    } else if (error instanceof ParquetException || error instanceof IOException) {
      status = CallStatus.INTERNAL;
    } else {
      LOG.log(Level.WARNING, "unexpected failure in a Flight call", error);
      status = CallStatus.INTERNAL;
      message = "internal error (" + error.getClass().getSimpleName() + ")";
    }
    return status.withDescription(message).toRuntimeException();
  }
}
