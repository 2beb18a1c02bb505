package io.parquetarrow.bench;

import io.parquetarrow.bench.FilterCompare.Cell;
import io.parquetarrow.bench.FilterCompare.Subject;
import io.parquetarrow.core.filter.ScanStatistics;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@link FilterCompare}'s results as Markdown: one table per file (median seconds with the measured range, our
 * time against the best peer's, our scan statistics), then the targets, met or not, and a warning line
 * for every query whose engines returned different rows.
 */
final class FilterReport {
  private final PrintStream out;
  private final Map<String, Map<String, Map<String, Cell>>> cells;
  private final List<Subject> subjects;
  private final List<FilterQuery> queries;

  FilterReport(PrintStream out, Map<String, Map<String, Map<String, Cell>>> cells, List<Subject> subjects,
      List<FilterQuery> queries) {
    this.out = out;
    this.cells = cells;
    this.subjects = subjects;
    this.queries = queries;
  }

  void print() {
    for (Subject subject : subjects) {
      printTable(subject);
    }
    printTargets();
    printWarnings();
    out.flush();
  }

  private Cell cell(Subject subject, FilterQuery query, String engine) {
    return cells.getOrDefault(subject.label(), Map.of()).getOrDefault(query.key(), Map.of()).get(engine);
  }

  private void printTable(Subject subject) {
    out.printf("## %s: %s%n%n", subject.label(), subject.path().getFileName());
    out.println("| query | selectivity | rows returned | ours s | duckdb s | pyarrow s | best peer / ours | target "
        + "| ours rows decoded / returned | row groups pruned: stats, dict, bloom, page index / total "
        + "| rows left by pruning (ranges) |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    Cell full = cell(subject, FilterQuery.FULL, FilterCompare.OURS);
    long total = full == null ? -1 : full.rows;
    for (FilterQuery query : queries) {
      Cell ours = cell(subject, query, FilterCompare.OURS);
      double peer = bestPeer(subject, query);
      double target = query.target(subject.sorted());
      out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", query.title(),
          ours.rows < 0 || total <= 0 ? "–" : String.format(Locale.ROOT, "%.3f %%", 100.0 * ours.rows / total),
          ours.rows < 0 ? "–" : String.format(Locale.ROOT, "%,d", ours.rows),
          seconds(ours), seconds(cell(subject, query, FilterCompare.DUCKDB)),
          seconds(cell(subject, query, FilterCompare.PYARROW)),
          Double.isNaN(peer) || Double.isNaN(ours.median()) ? "–"
              : String.format(Locale.ROOT, "%.2f×", peer / ours.median()),
          target == 0 ? "–" : String.format(Locale.ROOT, "≥ %.1f×", target),
          decoded(ours.statistics), pruned(ours.statistics), left(ours));
    }
    out.println();
  }

  /** {@code median [min–max]}, or the failure. */
  private static String seconds(Cell cell) {
    if (cell == null) {
      return "–";
    }
    if (cell.failure != null) {
      return cell.failure.replace('|', '/');
    }
    if (cell.seconds.isEmpty()) {
      return "–";
    }
    return String.format(Locale.ROOT, "%.4f [%.4f–%.4f]", cell.median(), Compare.quantile(cell.seconds, 0),
        Compare.quantile(cell.seconds, 1));
  }

  private static String decoded(ScanStatistics statistics) {
    if (statistics == null) {
      return "(no filter)";
    }
    return String.format(Locale.ROOT, "%,d / %,d", statistics.rowsDecoded(), statistics.rowsReturned());
  }

  private static String pruned(ScanStatistics statistics) {
    if (statistics == null) {
      return "–";
    }
    return String.format(Locale.ROOT, "%d, %d, %d, %d / %d", statistics.rowGroupsPrunedByStatistics(),
        statistics.rowGroupsPrunedByDictionary(), statistics.rowGroupsPrunedByBloomFilter(),
        statistics.rowGroupsPrunedByPageIndex(), statistics.rowGroups());
  }

  private static String left(Cell ours) {
    if (ours.rowsLeft < 0) {
      return "–";
    }
    return String.format(Locale.ROOT, "%,d (%,d)", ours.rowsLeft, ours.ranges);
  }

  /** The fastest peer's median, NaN when no peer ran. */
  private double bestPeer(Subject subject, FilterQuery query) {
    double best = Double.NaN;
    for (String engine : List.of(FilterCompare.DUCKDB, FilterCompare.PYARROW)) {
      Cell cell = cell(subject, query, engine);
      double median = cell == null ? Double.NaN : cell.median();
      if (!Double.isNaN(median) && (Double.isNaN(best) || median < best)) {
        best = median;
      }
    }
    return best;
  }

  private String bestPeerName(Subject subject, FilterQuery query) {
    double best = bestPeer(subject, query);
    for (String engine : List.of(FilterCompare.DUCKDB, FilterCompare.PYARROW)) {
      Cell cell = cell(subject, query, engine);
      if (cell != null && cell.median() == best) {
        return engine;
      }
    }
    return "no peer";
  }

  private void printTargets() {
    out.println("Targets (best peer's median over ours):");
    out.println();
    for (Subject subject : subjects) {
      for (FilterQuery query : queries) {
        double target = query.target(subject.sorted());
        if (target == 0) {
          continue;
        }
        double ours = cell(subject, query, FilterCompare.OURS).median();
        double peer = bestPeer(subject, query);
        double factor = peer / ours;
        out.printf(Locale.ROOT, "- %s, %s: ours %.4f s, %s %.4f s: %.2f× (target %.1f×): %s%n", subject.label(),
            query.title(), ours, bestPeerName(subject, query), peer, factor, target,
            Double.isNaN(factor) ? "not measured" : factor >= target ? "met" : "NOT MET");
      }
    }
    for (Subject subject : subjects) {
      if (!subject.sorted()) {
        continue;
      }
      FilterQuery range = queries.stream().filter(candidate -> candidate.key().equals("q1")).findFirst()
          .orElse(null);
      Cell fullRead = cell(subject, FilterQuery.FULL, FilterCompare.OURS);
      if (range == null || fullRead == null) {
        continue;
      }
      double full = fullRead.median();
      double query = cell(subject, range, FilterCompare.OURS).median();
      out.printf(Locale.ROOT, "- %s, %s against our full read: %.4f s / %.4f s = 1/%.0f (target at most 1/%.0f): "
              + "%s%n", subject.label(), range.title(), query, full, full / query, FilterCompare.FULL_READ_FACTOR,
          Double.isNaN(full / query) ? "not measured" : full / query >= FilterCompare.FULL_READ_FACTOR ? "met"
              : "NOT MET");
    }
    out.println();
  }

  /** A line for every query where the engines' row counts, or ours and DuckDB's checksums, differ. */
  private void printWarnings() {
    boolean any = false;
    for (Subject subject : subjects) {
      for (FilterQuery query : queries) {
        Cell ours = cell(subject, query, FilterCompare.OURS);
        for (String engine : List.of(FilterCompare.DUCKDB, FilterCompare.PYARROW)) {
          Cell peer = cell(subject, query, engine);
          if (peer == null || peer.failure != null || ours.failure != null) {
            continue;
          }
          String problem = peer.rows != ours.rows ? "rows " + ours.rows + " (ours) vs " + peer.rows
              : peer.checksum != null && ours.checksum != null && !peer.checksum.matches(ours.checksum)
                  ? "checksums " + ours.checksum + " (ours) vs " + peer.checksum : null;
          if (problem != null) {
            out.printf("WARNING: %s, %s: %s differs from ours: %s%n", subject.label(), query.title(), engine, problem);
            any = true;
          }
        }
      }
    }
    if (!any) {
      out.println("Every engine returned the same rows for each query (ours and DuckDB: the same value checksums).");
    }
  }
}
