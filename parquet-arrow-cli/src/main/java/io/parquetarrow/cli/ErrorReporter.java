package io.parquetarrow.cli;

import io.parquetarrow.cli.output.TextEscaper;
import io.parquetarrow.errors.ParquetEncryptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns an exception thrown by a subcommand into the one line a user reads, {@code parquet-arrow: <file>:
 * <what is wrong>}, on standard error, and exit code 1. The stack trace follows only under {@code --verbose}:
 * a damaged file is the input's fault, not the program's, and a trace would bury the message.
 *
 * <p>Exceptions of the library's family carry a message written for people (what, where, expected, found) and
 * are printed as they are (an encryption failure followed by the options that give keys); a missing or unreadable file is named in plain words; anything else is a bug in this
 * program and says so, with a pointer to {@code --verbose}.
 */
final class ErrorReporter implements IExecutionExceptionHandler {

  /** The exit code for a file that cannot be read or a failure while reading it. */
  static final int FAILURE_EXIT_CODE = 1;

  @Override
  public int handleExecutionException(Exception exception, CommandLine commandLine, ParseResult parseResult) {
    PrintWriter err = commandLine.getErr();
    if (isVerbose(parseResult)) {
      exception.printStackTrace(err);
    }
    Path file = commandLine.getCommand() instanceof FileCommand command ? command.file() : null;
    String prefix = file == null ? "parquet-arrow: " : "parquet-arrow: " + file + ": ";
    err.println(prefix + describe(exception, file));
    err.flush();
    return FAILURE_EXIT_CODE;
  }

  /** The one-line description of what went wrong with {@code file} (null when none), without its name. */
  static String describe(Throwable exception, Path file) {
    Throwable cause = exception instanceof UncheckedIOException unchecked ? unchecked.getCause() : exception;
    String message = withoutLeadingFileName(TextEscaper.oneLine(cause.getMessage()), file);
    if (cause instanceof NoSuchFileException) {
      return "no such file";
    }
    if (cause instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (cause instanceof FileSystemException fileSystem) {
      return TextEscaper.oneLine(fileSystem.getReason() != null ? fileSystem.getReason() : message);
    }
    if (cause instanceof ParquetEncryptionException) {
      return message + " (keys: --footer-key, --column-key, --keys-file; AAD prefix: --aad-prefix)";
    }
    if (cause instanceof UnsupportedParquetFeatureException) {
      return "unsupported: " + message;
    }
    if (cause instanceof ParquetException || cause instanceof IOException) {
      return message.isEmpty() ? cause.getClass().getSimpleName() : message;
    }
    if (cause instanceof IllegalArgumentException && !message.isEmpty()) {
      return message;
    }
    return "internal error (" + cause.getClass().getName() + (message.isEmpty() ? "" : ": " + message)
        + "); run with --verbose for the stack trace";
  }

  /**
   * The library's messages start with the file's name, as its error messages must stand alone; the line already
   * names the file, so a repeated name is dropped.
   */
  static String withoutLeadingFileName(String message, Path file) {
    if (file == null) {
      return message;
    }
    for (String name : new String[] {file.toString(), file.toAbsolutePath().toString()}) {
      if (message.startsWith(name + ": ")) {
        return message.substring(name.length() + 2);
      }
    }
    return message;
  }

  private static boolean isVerbose(ParseResult parseResult) {
    for (ParseResult result = parseResult; result != null; result = result.subcommand()) {
      if (result.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
