package io.parquetarrow.cli;

import io.parquetarrow.cli.metadata.MetadataJsonRenderer;
import io.parquetarrow.cli.metadata.MetadataReport;
import io.parquetarrow.cli.metadata.MetadataTextRenderer;
import io.parquetarrow.core.file.ParquetFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parquet-arrow meta FILE [--json]}: what a file's footer says — rows, row groups, writer, key-value
 * metadata, and per column chunk its type, codec, encodings, sizes, value count, decoded statistics and where
 * its pages, page indexes and bloom filter lie, and for an encrypted file how it is encrypted
 * ({@code EncryptionReport}; keys as in {@link DecryptionOptions}). Reads only the footer ({@link ParquetFile#open}); the report is
 * built in full before anything is printed, so a failure never leaves half a document on standard output.
 */
@Command(name = "meta", description = "Print a Parquet file's footer metadata: row groups, column chunks, statistics.")
final class MetaCommand implements Callable<Integer>, FileCommand {

  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file.")
  Path file;

  @Option(names = "--json", description = "Print one JSON document (format in the README) instead of text.")
  boolean json;

  @Mixin DecryptionOptions decryption;

  @Spec CommandSpec spec;

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws IOException {
    FileCommand.requireRegularFile(file);
    MetadataReport report;
    try (ParquetFile parquetFile = ParquetFile.open(file, decryption.properties())) {
      report = MetadataReport.of(file.toString(), parquetFile.metadata(), parquetFile.decryptor());
    }
    StringWriter text = new StringWriter();
    if (json) {
      MetadataJsonRenderer.render(report, text);
    } else {
      MetadataTextRenderer.render(report, new PrintWriter(text));
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(text);
    out.flush();
    return 0;
  }
}
