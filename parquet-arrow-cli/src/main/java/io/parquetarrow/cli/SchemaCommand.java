package io.parquetarrow.cli;

import io.parquetarrow.cli.metadata.ArrowSchemaPrinter;
import io.parquetarrow.cli.metadata.ParquetSchemaPrinter;
import io.parquetarrow.core.dataset.DatasetOptions;
import io.parquetarrow.core.dataset.ParquetDataset;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.ParquetMetadata;
import io.parquetarrow.core.schema.ParquetToArrowSchema;
import io.parquetarrow.errors.ParquetException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parquet-arrow schema FILE}: the file's Parquet schema, printed as parquet-java's
 * {@code MessageType.toString()} does ({@link ParquetSchemaPrinter}), then the Arrow schema the library reads
 * it as ({@link ParquetToArrowSchema}, honouring a stored {@code ARROW:schema}), one field per line
 * ({@link ArrowSchemaPrinter}).
 *
 * <p>An encrypted footer is read with the keys of {@link DecryptionOptions}. For a directory it prints the Arrow
 * schema of the dataset below it ({@link ParquetDataset}: the files' schemas unified, partition columns last).
 *
 * <p>When the Parquet schema cannot be mapped to Arrow, the Parquet schema is still printed — it is what one
 * needs to see to understand why — and the mapping error is reported as usual, with exit code 1.
 */
@Command(name = "schema", description = "Print a Parquet file's schema and the Arrow schema it reads as.")
final class SchemaCommand implements Callable<Integer>, FileCommand {

  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file, or a directory (a dataset).")
  Path file;

  @Mixin DecryptionOptions decryption;

  @Spec CommandSpec spec;

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws IOException {
    if (Files.isDirectory(file)) {
      return printDatasetSchema();
    }
    FileCommand.requireRegularFile(file);
    ParquetMetadata metadata;
    try (ParquetFile parquetFile = ParquetFile.open(file, decryption.properties())) {
      metadata = parquetFile.metadata();
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println("Parquet schema:");
    out.print(ParquetSchemaPrinter.print(metadata.fileMetaData().schema()));
    out.println();
    out.println("Arrow schema:");
    out.flush();
    Schema arrowSchema;
    try {
      arrowSchema = ParquetToArrowSchema.convert(metadata.schema(), metadata.keyValueMetadata(), file.toString())
          .arrowSchema();
    } catch (ParquetException e) {
      out.println("(cannot be mapped to Arrow; see the error below)");
      out.flush();
      throw e;
    }
    out.print(ArrowSchemaPrinter.print(arrowSchema));
    out.flush();
    return 0;
  }

  /** For a directory: the dataset's files and rows, then its unified Arrow schema with the partition columns. */
  private int printDatasetSchema() throws IOException {
    ParquetDataset dataset = ParquetDataset.open(file, DatasetOptions.builder()
        .decryption(decryption.properties()).build());
    PrintWriter out = spec.commandLine().getOut();
    out.println("Dataset: " + dataset.files().size() + " files, " + dataset.rowCount() + " rows, partition columns "
        + dataset.partitionColumns());
    out.println();
    out.println("Arrow schema:");
    out.print(ArrowSchemaPrinter.print(dataset.schema()));
    out.flush();
    return 0;
  }
}
