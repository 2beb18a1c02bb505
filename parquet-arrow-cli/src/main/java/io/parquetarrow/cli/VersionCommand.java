package io.parquetarrow.cli;

import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code parquet-arrow version}: which build of the library runs, on which Java, and with which decoding
 * kernels — the facts a bug report needs. Prints, one per line: the library version, the Java runtime (version,
 * vendor, VM), the SIMD kernels chosen by {@link KernelProvider} (with why, when they are the scalar ones), and
 * their vector width.
 */
@Command(name = "version", description = "Print the library version, the Java runtime and the SIMD kernels in use.")
final class VersionCommand implements Callable<Integer> {

  /** Where Maven's jar plugin records the coordinates of each module (in every jar it builds). */
  private static final String[] POM_PROPERTIES = {
    "/META-INF/maven/io.parquetarrow/parquet-arrow-cli/pom.properties",
    "/META-INF/maven/io.parquetarrow/parquet-arrow-core/pom.properties",
  };

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    for (String line : lines()) {
      out.println(line);
    }
    return 0;
  }

  /** The lines {@code version} prints. */
  static List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add("parquet-arrow " + libraryVersion());
    lines.add("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ", "
        + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + ")");
    ParquetKernels kernels = KernelProvider.get();
    int bits = kernels.vectorBitSize();
    lines.add("SIMD kernels: " + KernelProvider.describe());
    lines.add("Vector width: " + (bits > 0 ? bits + " bits" : "none (" + kernels.name() + " kernels)"));
    return lines;
  }

  /**
   * The version of this build: the jar manifest's {@code Implementation-Version} when present, else the
   * version Maven wrote into the jar's {@code pom.properties}, else "unknown" (classes run outside a jar).
   */
  static String libraryVersion() {
    String fromManifest = VersionCommand.class.getPackage().getImplementationVersion();
    if (fromManifest != null && !fromManifest.isBlank()) {
      return fromManifest;
    }
    for (String resource : POM_PROPERTIES) {
      try (InputStream in = VersionCommand.class.getResourceAsStream(resource)) {
        if (in != null) {
          Properties properties = new Properties();
          properties.load(in);
          String version = properties.getProperty("version");
          if (version != null && !version.isBlank()) {
            return version;
          }
        }
      } catch (IOException e) {
        // An unreadable resource only means this source of the version is unavailable; try the next.
      }
    }
    return "unknown";
  }

  /** Answers {@code parquet-arrow --version} with the same lines. */
  static final class Provider implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return lines().toArray(String[]::new);
    }
  }
}
