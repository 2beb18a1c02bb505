package io.parquetarrow.cli;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code parquet-arrow} command: the top of the command line, above the library's reading path. It only
 * chooses a subcommand ({@link SchemaCommand}, {@link MetaCommand}, {@link CatCommand}, {@link WriteCommand},
 * {@link ServeCommand}, {@link VersionCommand}); each of those opens a file through {@code parquet-arrow-core} and
 * prints what it finds ({@code write} converts an Arrow IPC input to Parquet instead, and {@code serve} serves a
 * directory over Arrow Flight until it is stopped).
 *
 * <p>Exit codes: 0 on success, 1 when a file cannot be read (one line on standard error,
 * {@code parquet-arrow: <file>: <what is wrong>}, with the stack trace only under {@code --verbose}), 2 on a
 * usage error (picocli's default).
 *
 * <p>Everything is written through the streams given to {@link #newCommandLine(OutputStream, OutputStream)}, so
 * tests run the command in-process and read what it printed.
 */
@Command(
    name = "parquet-arrow",
    mixinStandardHelpOptions = true,
    versionProvider = VersionCommand.Provider.class,
    description = "Inspect Apache Parquet files and read them as Apache Arrow.",
    subcommands = {
      SchemaCommand.class,
      MetaCommand.class,
      CatCommand.class,
      WriteCommand.class,
      ServeCommand.class,
      VersionCommand.class,
      CommandLine.HelpCommand.class
    })
public final class ParquetArrowCommand implements Runnable {

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "Print the stack trace of an error, not only its one-line message.")
  boolean verbose;

  @Spec CommandSpec spec;

  private final OutputStream standardOutput;

  /** A command that writes binary output (the Arrow IPC stream of {@code cat --format arrow}) to this stream. */
  ParquetArrowCommand(OutputStream standardOutput) {
    this.standardOutput = Objects.requireNonNull(standardOutput, "standardOutput");
  }

  /** The raw standard output, for subcommands that write bytes rather than text. */
  OutputStream standardOutput() {
    return standardOutput;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand");
  }

  /**
   * A command line whose text goes to {@code out} and {@code err} in UTF-8 (whatever the platform's default
   * charset; values in Parquet files are UTF-8 and "…" must survive), with errors reported as the class comment
   * describes. Callers flush {@link CommandLine#getOut()} and {@link CommandLine#getErr()} after
   * {@link CommandLine#execute}; {@link #run(String[], OutputStream, OutputStream)} does.
   */
  public static CommandLine newCommandLine(OutputStream out, OutputStream err) {
    CommandLine commandLine = new CommandLine(new ParquetArrowCommand(out));
    commandLine.setOut(new PrintWriter(new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8))));
    commandLine.setErr(new PrintWriter(new BufferedWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8)), true));
    commandLine.setExecutionExceptionHandler(new ErrorReporter());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }

  /** Runs the command with these arguments and returns its exit code, flushing both streams. */
  public static int run(String[] args, OutputStream out, OutputStream err) {
    CommandLine commandLine = newCommandLine(out, err);
    try {
      return commandLine.execute(args);
    } finally {
      commandLine.getOut().flush();
      commandLine.getErr().flush();
    }
  }

  public static void main(String[] args) {
    // Arrow's memory module logs through SLF4J, and without a provider on the class path SLF4J prints three
    // warning lines to standard error on every run. The command has nothing to log, so it keeps stderr for
    // its own messages unless the user asked for SLF4J's reports.
    if (System.getProperty("slf4j.internal.verbosity") == null) {
      System.setProperty("slf4j.internal.verbosity", "ERROR");
    }
    System.exit(run(args, System.out, System.err));
  }
}
