package io.parquetarrow.bench;

import io.parquetarrow.core.crypto.FileDecryptionProperties;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * What reading an encrypted file costs: lineitem (ZSTD) in two twins written alike by parquet-java
 * ({@link EncryptedTwins}), one in plaintext and one with the footer and every column under AES-GCM, read on one
 * thread by our reader, by parquet-java's column path ({@link ParquetJavaEngine}) and by pyarrow (Arrow C++, in
 * a Python subprocess), each engine reading both twins. The Java reads alternate in this JVM (the four take turns
 * going first) after warm-up rounds; pyarrow then reads both twins alternately in its own process. Prints a
 * Markdown table per engine: median seconds of each twin, their ratio (and the median of each round's ratio,
 * which a slow patch of a shared machine touches less), and our encrypted time against each peer's.
 *
 * <pre>
 * EncryptionCompare [--data bench-data] [--scale 1] [--seed 42] [--iterations 5] [--warmup 3] [--python PATH]
 * </pre>
 *
 * {@code --python} names a Python with pyarrow (the {@code ./bench encryption} script makes a virtual environment
 * with pyarrow 25); without it pyarrow is skipped. The twins are kept in {@code SUITE/encryption/} and written only
 * when absent.
 */
public final class EncryptionCompare {
  /** The limit on our encrypted time against our plaintext time. */
  static final double LIMIT = 1.15;

  static final String USAGE = """
      EncryptionCompare [--data bench-data] [--scale 1] [--seed 42] [--iterations 5] [--warmup 3] [--python PATH]
      See BENCHMARKS.md; run it through ./bench encryption, which provides pyarrow.""";

  private final Path data;
  private final double scale;
  private final long seed;
  private final int iterations;
  private final int warmup;
  private final Path python;
  private final PrintStream out;

  EncryptionCompare(Path data, double scale, long seed, int iterations, int warmup, Path python,
      PrintStream out) {
    this.data = data;
    this.scale = scale;
    this.seed = seed;
    this.iterations = iterations;
    this.warmup = warmup;
    this.python = python;
    this.out = out;
  }

  public static void main(String[] arguments) throws Exception {
    if (Arrays.asList(arguments).contains("--help") || Arrays.asList(arguments).contains("-h")) {
      System.out.println(USAGE);
      return;
    }
    Path data = Path.of("bench-data");
    double scale = 1;
    long seed = 42;
    int iterations = 5;
    int warmup = 3;
    Path python = null;
    for (int index = 0; index < arguments.length; index++) {
      String option = arguments[index];
      if (index + 1 >= arguments.length) {
        throw new IllegalArgumentException(option + " needs a value; usage:\n" + USAGE);
      }
      String value = arguments[++index];
      switch (option) {
        case "--data" -> data = Path.of(value);
        case "--scale" -> scale = Double.parseDouble(value);
        case "--seed" -> seed = Long.parseLong(value);
        case "--iterations" -> iterations = Integer.parseInt(value);
        case "--warmup" -> warmup = Integer.parseInt(value);
        case "--python" -> python = value.isEmpty() ? null : Path.of(value);
        default -> throw new IllegalArgumentException("unknown option " + option + "; usage:\n" + USAGE);
      }
    }
    if (scale <= 0 || iterations < 1 || warmup < 0) {
      throw new IllegalArgumentException("scale must be positive, iterations at least 1, warm-up at least 0");
    }
    new EncryptionCompare(data, scale, seed, iterations, warmup, python, System.out).run();
  }

  /** One engine's timings of the two twins. */
  static final class Pair {
    final String engine;
    final List<Double> plaintext = new ArrayList<>();
    final List<Double> encrypted = new ArrayList<>();
    /** Each measured round's encrypted seconds over its plaintext seconds. */
    final List<Double> roundRatios = new ArrayList<>();
    String check = "";
    String failure;

    Pair(String engine) {
      this.engine = engine;
    }

    double plaintextMedian() {
      return Compare.median(plaintext);
    }

    double encryptedMedian() {
      return Compare.median(encrypted);
    }
  }

  void run() throws Exception {
    Path folder = DatasetGenerator.folderFor(data, scale, seed);
    Path source = new DatasetGenerator(folder, scale, seed, System.err).reference(Dataset.LINEITEM_ZSTD, false);
    EncryptedTwins twins = EncryptedTwins.of(source, folder.resolve("encryption"), System.err);
    out.printf("# Encrypted against plaintext reads, %s%n%n",
        ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf("JDK %s, %s %s, %d cores available, max heap %d MiB%n", System.getProperty("java.version"),
        System.getProperty("os.name"), System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20);
    out.printf(Locale.ROOT, "twins of %s written by parquet-java: %s (%,d bytes), %s (%,d bytes, AES_GCM_V1, footer "
            + "and every column under one key); one thread; %d warm-up + %d measured rounds%n%n", source,
        twins.plaintext().getFileName(), Files.size(twins.plaintext()), twins.encrypted().getFileName(),
        Files.size(twins.encrypted()), warmup, iterations);
    out.flush();
    List<Pair> pairs = new ArrayList<>(measureJava(twins));
    pairs.add(measurePyarrow(twins));
    print(pairs);
  }

  /** Ours and parquet-java, each on both twins, the four reads taking turns in each round. */
  private List<Pair> measureJava(EncryptedTwins twins) {
    FileDecryptionProperties ourKeys = FileDecryptionProperties.builder().footerKey(EncryptedTwins.FOOTER_KEY).build();
    Pair ours = new Pair("parquet-arrow");
    Pair parquetJava = new Pair("parquet-java");
    List<Read> reads = List.of(
        new Read(ours, false, new OursEngine(), twins.plaintext()),
        new Read(ours, true, OursEngine.decrypting(ourKeys), twins.encrypted()),
        new Read(parquetJava, false, new ParquetJavaEngine(), twins.plaintext()),
        new Read(parquetJava, true, new ParquetJavaEngine(EncryptedTwins.parquetJavaDecryption()), twins.encrypted()));
    try (BufferAllocator allocator = new RootAllocator()) {
      Compare.startFile();
      for (int round = 0; round < warmup + iterations; round++) {
        double[] seconds = new double[reads.size()];
        for (int turn = 0; turn < reads.size(); turn++) {
          int index = (turn + round) % reads.size();
          seconds[index] = reads.get(index).time(allocator);
        }
        System.err.printf(Locale.ROOT, "round %d%s: ours %.3f / %.3f s, parquet-java %.3f / %.3f s "
            + "(plaintext / encrypted)%n", round, round < warmup ? " (warm-up)" : "", seconds[0], seconds[1],
            seconds[2], seconds[3]);
        if (round >= warmup) {
          for (int index = 0; index < reads.size(); index++) {
            Read read = reads.get(index);
            (read.encrypted ? read.pair.encrypted : read.pair.plaintext).add(seconds[index]);
          }
          ours.roundRatios.add(seconds[1] / seconds[0]);
          parquetJava.roundRatios.add(seconds[3] / seconds[2]);
        }
      }
    }
    ValueChecksum reference = reads.get(2).checksum;
    for (int index = 0; index < reads.size(); index += 2) {
      Read plain = reads.get(index);
      Read encrypted = reads.get(index + 1);
      plain.pair.failure = plain.failure != null ? plain.failure : encrypted.failure;
      plain.pair.check = plain.pair.failure != null ? "" : checkOf(plain.checksum, encrypted.checksum, reference);
    }
    return List.of(ours, parquetJava);
  }

  private static String checkOf(ValueChecksum plain, ValueChecksum encrypted, ValueChecksum reference) {
    if (!plain.matches(encrypted)) {
      return "MISMATCH: encrypted " + encrypted + " vs plaintext " + plain;
    }
    if (reference != null && !plain.matches(reference)) {
      return "MISMATCH with parquet-java: " + plain;
    }
    return String.format(Locale.ROOT, "ok %x, %,d rows", plain.digest(), plain.rows());
  }

  /** One engine reading one twin; keeps the first read's checksum and the first failure. */
  private static final class Read {
    final Pair pair;
    final boolean encrypted;
    final ReadEngine engine;
    final Path file;
    ValueChecksum checksum;
    String failure;

    Read(Pair pair, boolean encrypted, ReadEngine engine, Path file) {
      this.pair = pair;
      this.encrypted = encrypted;
      this.engine = engine;
      this.file = file;
    }

    double time(BufferAllocator allocator) {
      if (failure != null) {
        return Double.NaN;
      }
      Compare.settle();
      long started = System.nanoTime();
      try (ReadEngine.Materialized read = engine.read(file, 1, allocator)) {
        double seconds = (System.nanoTime() - started) / 1e9;
        if (checksum == null) {
          checksum = read.checksum();
        }
        return seconds;
      } catch (Exception | LinkageError | AssertionError e) {
        failure = DatasetGenerator.firstLine(e);
        return Double.NaN;
      }
    }
  }

  /** pyarrow reading both twins alternately in a Python process of one thread, or why it could not. */
  private Pair measurePyarrow(EncryptedTwins twins) throws IOException, InterruptedException {
    Pair pair = new Pair("pyarrow");
    if (python == null || !Files.isExecutable(python)) {
      pair.failure = "skipped: " + (python == null ? "no Python with pyarrow (python3 absent or pyarrow not installed)"
          : python + " is not executable");
      return pair;
    }
    Path script = Files.createTempFile("pyarrow_encrypted_read", ".py");
    try (InputStream resource = EncryptionCompare.class.getResourceAsStream("pyarrow_encrypted_read.py")) {
      Files.write(script, resource.readAllBytes());
    }
    try {
      ProcessBuilder builder = new ProcessBuilder(python.toString(), script.toString(),
          HexFormat.of().formatHex(EncryptedTwins.FOOTER_KEY), Integer.toString(warmup + iterations),
          twins.plaintext().toString(), twins.encrypted().toString());
      builder.environment().put("OMP_NUM_THREADS", "1");
      builder.environment().put("ARROW_IO_THREADS", "1");
      builder.redirectError(ProcessBuilder.Redirect.INHERIT);
      Process process = builder.start();
      double[] round = new double[2];
      long[] rows = new long[2];
      String version = "pyarrow";
      try (BufferedReader lines = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null) {
          String[] fields = line.trim().split(" ");
          if (fields.length == 2 && fields[0].equals("pyarrow")) {
            version = line.trim();
            continue;
          }
          if (fields.length != 4) {
            continue;
          }
          int index = Integer.parseInt(fields[0]);
          boolean encrypted = fields[1].equals("encrypted");
          double seconds = Double.parseDouble(fields[2]);
          round[encrypted ? 1 : 0] = seconds;
          rows[encrypted ? 1 : 0] = Long.parseLong(fields[3]);
          if (index >= warmup) {
            (encrypted ? pair.encrypted : pair.plaintext).add(seconds);
            if (pair.encrypted.size() == pair.plaintext.size()) {
              pair.roundRatios.add(round[1] / round[0]);
            }
          }
        }
      }
      int exit = process.waitFor();
      if (exit != 0 || pair.encrypted.size() != iterations || pair.plaintext.size() != iterations) {
        pair.failure = "pyarrow process exited with " + exit + " after " + pair.encrypted.size() + " encrypted reads";
      } else {
        pair.check = String.format(Locale.ROOT, "%s, %,d rows%s", version, rows[1],
            rows[0] == rows[1] ? "" : " (plaintext " + rows[0] + ")");
      }
    } finally {
      Files.deleteIfExists(script);
    }
    return pair;
  }

  private void print(List<Pair> pairs) {
    Pair ours = pairs.get(0);
    out.println("| engine | plaintext median s | encrypted median s | encrypted / plaintext | rounds: median ratio "
        + "(q1-q3) | ours encrypted / this encrypted | ours plaintext / this plaintext | check |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---|");
    for (Pair pair : pairs) {
      if (pair.failure != null) {
        out.printf("| %s | – | – | – | – | – | – | %s |%n", pair.engine, pair.failure.replace('|', '/'));
        continue;
      }
      boolean peer = pair != ours && ours.failure == null;
      out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %.3f (%.3f-%.3f) | %s | %s | %s |%n", pair.engine,
          pair.plaintextMedian(), pair.encryptedMedian(), pair.encryptedMedian() / pair.plaintextMedian(),
          Compare.median(pair.roundRatios), Compare.quantile(pair.roundRatios, 0.25),
          Compare.quantile(pair.roundRatios, 0.75),
          peer ? String.format(Locale.ROOT, "%.2f", ours.encryptedMedian() / pair.encryptedMedian()) : "–",
          peer ? String.format(Locale.ROOT, "%.2f", ours.plaintextMedian() / pair.plaintextMedian()) : "–",
          pair.check);
    }
    if (ours.failure == null) {
      double ratio = ours.encryptedMedian() / ours.plaintextMedian();
      out.printf(Locale.ROOT, "%nparquet-arrow encrypted / plaintext: %.3f (limit %.2f): %s%n", ratio, LIMIT,
          ratio <= LIMIT ? "within" : "OVER");
    }
    out.flush();
  }
}
