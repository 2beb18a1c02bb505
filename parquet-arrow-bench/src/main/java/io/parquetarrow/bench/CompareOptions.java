package io.parquetarrow.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The command-line options of {@link Compare}; its class comment says what each means. */
record CompareOptions(Path data, double scale, long seed, int[] threads, int iterations, int warmup,
    List<Dataset> datasets, List<String> engines, boolean read, boolean write, boolean regenerate,
    boolean scaling) {

  static CompareOptions parse(String[] arguments) {
    Path data = Path.of("bench-data");
    double scale = 0.05;
    long seed = 42;
    int[] threads = {1};
    int iterations = 5;
    int warmup = 10;
    List<Dataset> datasets = Dataset.parseList("all");
    List<String> engines = List.of();
    boolean read = true;
    boolean write = true;
    boolean regenerate = false;
    boolean scaling = false;
    boolean threadsGiven = false;
    boolean iterationsGiven = false;
    boolean warmupGiven = false;
    for (int index = 0; index < arguments.length; index++) {
      String argument = arguments[index];
      switch (argument) {
        case "--data" -> data = Path.of(value(arguments, ++index, argument));
        case "--scale" -> scale = Double.parseDouble(value(arguments, ++index, argument));
        case "--seed" -> seed = Long.parseLong(value(arguments, ++index, argument));
        case "--threads" -> {
          threads = Arrays.stream(value(arguments, ++index, argument).split(","))
              .mapToInt(text -> Integer.parseInt(text.trim())).toArray();
          threadsGiven = true;
        }
        case "--iterations" -> {
          iterations = Integer.parseInt(value(arguments, ++index, argument));
          iterationsGiven = true;
        }
        case "--warmup" -> {
          warmup = Integer.parseInt(value(arguments, ++index, argument));
          warmupGiven = true;
        }
        case "--datasets" -> datasets = Dataset.parseList(value(arguments, ++index, argument));
        case "--engines" -> {
          String list = value(arguments, ++index, argument);
          engines = list.equals("all") ? List.of() : Arrays.stream(list.split(",")).map(String::trim).toList();
        }
        case "--no-read" -> read = false;
        case "--no-write" -> write = false;
        case "--regenerate" -> regenerate = true;
        case "--scaling" -> scaling = true;
        default -> throw new IllegalArgumentException("unknown option " + argument + "; usage:\n" + Compare.USAGE);
      }
    }
    if (scaling) {
      // Pairs of reads of one file: the JIT keeps compiling our reader's per-page and per-batch methods for a
      // few dozen reads, which on two cores takes a core from a two-thread read but not from a one-thread one;
      // hence more warm-up than the suite's (docs/decisions/0034-runner-measures-steady-state.md).
      threads = threadsGiven ? threads : new int[] {1, 2};
      iterations = iterationsGiven ? iterations : 15;
      warmup = warmupGiven ? warmup : 15;
      if (threads.length != 2) {
        throw new IllegalArgumentException("--scaling compares two thread counts, e.g. --threads 1,2");
      }
    }
    if (scale <= 0 || iterations < 1 || warmup < 0) {
      throw new IllegalArgumentException("scale must be positive, iterations at least 1, warm-up at least 0");
    }
    return new CompareOptions(data, scale, seed, threads, iterations, warmup, datasets, engines, read, write,
        regenerate, scaling);
  }

  private static String value(String[] arguments, int index, String option) {
    if (index >= arguments.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return arguments[index];
  }
}
