/**
 * The {@code parquet-arrow} command line: the top of the library, above the read path. One picocli command
 * class per subcommand ({@code schema}, {@code meta}, {@code cat}, {@code version}) under
 * {@link io.parquetarrow.cli.ParquetArrowCommand}; {@code metadata} turns a footer into reports, {@code output}
 * turns values into text, JSON and CSV.
 */
package io.parquetarrow.cli;
