package io.parquetarrow.cli.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the rows {@code cat} reads, as text: {@link Table} (an aligned preview for people), {@link Csv}
 * (RFC 4180) or {@link JsonLines} (one JSON object per line). The Arrow IPC output is binary and written by the
 * command itself. Calls: {@link #start} once, {@link #row} per row, {@link #finish} once.
 */
public interface RowWriter {

  /** Called once before any row with the column names, in order. */
  void start(List<String> columnNames);

  /** Writes one row; {@code values} line up with the names given to {@link #start}. */
  void row(List<DisplayValue> values);

  /**
   * Called once after the last row.
   *
   * @param rowsWritten how many rows were written
   * @param rowsInFile how many rows the file holds
   */
  void finish(long rowsWritten, long rowsInFile);

  /**
   * An aligned table: a header, a rule, one line per row; number columns right-aligned, strings shown without
   * quotes but with control characters escaped, nulls as {@code null}, cells cut at {@value #MAX_CELL_WIDTH}
   * characters with "…". Rows are held until {@link #finish} to size the columns, so this format is meant for
   * previews (and {@code cat} limits it to a few rows unless told otherwise). Ends with a line that says how
   * many of the file's rows were shown.
   */
  final class Table implements RowWriter {
    /** The widest a cell is shown. */
    public static final int MAX_CELL_WIDTH = 40;

    private final PrintWriter out;
    private List<String> header = List.of();
    private final List<List<String>> rows = new ArrayList<>();
    /** Per column: whether it holds numbers, so that all its cells (nulls too) are right-aligned. */
    private boolean[] numeric = new boolean[0];

    public Table(PrintWriter out) {
      this.out = out;
    }

    @Override
    public void start(List<String> columnNames) {
      List<String> names = new ArrayList<>();
      for (String name : columnNames) {
        names.add(cut(TextEscaper.escape(name, 0)));
      }
      header = names;
      numeric = new boolean[names.size()];
    }

    @Override
    public void row(List<DisplayValue> values) {
      List<String> cells = new ArrayList<>(values.size());
      for (int i = 0; i < values.size(); i++) {
        DisplayValue value = values.get(i);
        String text = value instanceof DisplayValue.Text string
            ? TextEscaper.escape(string.text(), MAX_CELL_WIDTH)
            : value.toText(MAX_CELL_WIDTH);
        cells.add(cut(text));
        if (i < numeric.length && value instanceof DisplayValue.Number) {
          numeric[i] = true;
        }
      }
      rows.add(cells);
    }

    @Override
    public void finish(long rowsWritten, long rowsInFile) {
      int[] widths = new int[header.size()];
      for (int column = 0; column < widths.length; column++) {
        widths[column] = width(header.get(column));
      }
      for (List<String> row : rows) {
        for (int column = 0; column < widths.length && column < row.size(); column++) {
          widths[column] = Math.max(widths[column], width(row.get(column)));
        }
      }
      printLine(header, new boolean[header.size()], widths);
      StringBuilder rule = new StringBuilder();
      for (int column = 0; column < widths.length; column++) {
        if (column > 0) {
          rule.append("-+-");
        }
        rule.append("-".repeat(widths[column]));
      }
      out.println(rule);
      for (List<String> row : rows) {
        printLine(row, numeric, widths);
      }
      out.println("(" + rowsWritten + (rowsWritten == rowsInFile ? "" : " of " + rowsInFile)
          + (rowsInFile == 1 ? " row)" : " rows)"));
    }

    private void printLine(List<String> cells, boolean[] rightAligned, int[] widths) {
      StringBuilder line = new StringBuilder();
      for (int column = 0; column < widths.length; column++) {
        if (column > 0) {
          line.append(" | ");
        }
        String cell = column < cells.size() ? cells.get(column) : "";
        String padding = " ".repeat(widths[column] - width(cell));
        line.append(column < rightAligned.length && rightAligned[column] ? padding + cell : cell + padding);
      }
      out.println(line.toString().stripTrailing());
    }

    private static String cut(String text) {
      if (width(text) <= MAX_CELL_WIDTH) {
        return text;
      }
      int end = text.offsetByCodePoints(0, MAX_CELL_WIDTH - 1);
      return text.substring(0, end) + TextEscaper.ELLIPSIS;
    }

    /** Width in code points (good enough for alignment; East Asian wide characters count as one). */
    private static int width(String text) {
      return text.codePointCount(0, text.length());
    }
  }

  /**
   * RFC 4180 CSV: a header record with the column names, then one record per row, each ending CRLF. A field is
   * quoted when it holds a comma, a double quote, CR or LF (or is an empty string, to tell it from null), with
   * quotes doubled; null is an empty unquoted field. Values are written in full: strings as they are, binary
   * as hex, nested values in their text form.
   */
  final class Csv implements RowWriter {
    private final PrintWriter out;

    public Csv(PrintWriter out) {
      this.out = out;
    }

    @Override
    public void start(List<String> columnNames) {
      StringBuilder record = new StringBuilder();
      for (int i = 0; i < columnNames.size(); i++) {
        if (i > 0) {
          record.append(',');
        }
        record.append(field(columnNames.get(i), false));
      }
      out.print(record.append("\r\n"));
    }

    @Override
    public void row(List<DisplayValue> values) {
      StringBuilder record = new StringBuilder();
      for (int i = 0; i < values.size(); i++) {
        if (i > 0) {
          record.append(',');
        }
        DisplayValue value = values.get(i);
        if (value instanceof DisplayValue.Null) {
          continue;
        }
        String text = value instanceof DisplayValue.Text string ? string.text() : value.toText(0);
        record.append(field(text, value instanceof DisplayValue.Text));
      }
      out.print(record.append("\r\n"));
    }

    @Override
    public void finish(long rowsWritten, long rowsInFile) {
      out.flush();
    }

    /** The CSV form of one field; {@code quoteEmpty} quotes an empty string so it differs from null. */
    static String field(String text, boolean quoteEmpty) {
      boolean quote = (quoteEmpty && text.isEmpty())
          || text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0;
      return quote ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
  }

  /** JSON Lines: one compact JSON object per row, keyed by column name, in column order. */
  final class JsonLines implements RowWriter {
    private final PrintWriter out;
    private List<String> names = List.of();

    public JsonLines(PrintWriter out) {
      this.out = out;
    }

    @Override
    public void start(List<String> columnNames) {
      names = List.copyOf(columnNames);
    }

    @Override
    public void row(List<DisplayValue> values) {
      StringBuilder line = new StringBuilder();
      JsonWriter json = JsonWriter.compact(line);
      json.beginObject();
      for (int i = 0; i < values.size(); i++) {
        json.name(names.get(i));
        values.get(i).writeJson(json);
      }
      json.endObject().finish();
      out.print(line.append('\n'));
    }

    @Override
    public void finish(long rowsWritten, long rowsInFile) {
      out.flush();
    }
  }
}
