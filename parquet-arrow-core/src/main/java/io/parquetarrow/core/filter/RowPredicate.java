package io.parquetarrow.core.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A {@link Filter} compiled for the Arrow types of its columns, the exact row filter of a filtered read: once the
 * filter's columns of a batch are decoded into vectors, {@link #evaluate} marks the rows for which the filter is
 * TRUE in a bitmap, and the reader keeps only those rows.
 *
 * <p>Semantics are SQL's: a comparison with a null value is NULL (unknown), which is not TRUE, and NULL flows
 * through {@code NOT}, {@code AND} and {@code OR} by three-valued logic ({@code NOT NULL} is NULL,
 * {@code TRUE OR NULL} is TRUE, {@code FALSE AND NULL} is FALSE), so a row with a null {@code x} matches neither
 * {@code x = 1} nor {@code NOT (x = 1)}. Numbers compare exactly whatever the literal's kind: {@code x < 5.5} on an
 * integer column is {@code x <= 5}, {@code x = 5.5} matches no integer, a decimal column compares at its own scale,
 * and a literal beyond the column type's range compares as beyond every value. Floating-point values compare as
 * Java compares doubles: NaN (a value or a literal) makes every comparison false except {@code !=}, which is true,
 * and {@code -0.0 = 0.0}. Dates and timestamps (with or without time zone) compare on the UTC time line, a date
 * as its midnight. Strings and binaries compare as unsigned bytes (a string as its UTF-8 bytes). Booleans order
 * {@code false < true}.
 *
 * <p>A predicate keeps scratch bitmaps sized to the largest batch it has seen, so one instance serves one reader
 * and is not for concurrent use.
 */
public final class RowPredicate {
  private final PredicateNode root;

  private RowPredicate(PredicateNode root) {
    this.root = root;
  }

  /**
   * Compiles a filter for the leaf fields of its columns.
   *
   * @param columns the leaf field of every column the filter reads, by dotted path, as {@link FilterBinding#bind}
   *     returns them (its checks of the literals are assumed)
   * @throws IllegalArgumentException when a column of the filter has no field
   * @throws UnsupportedOperationException when a column compared with a value has a type no test reads (time,
   *     interval, …; {@code IS [NOT] NULL} reads any column)
   */
  public static RowPredicate compile(Filter filter, Map<String, Field> columns) {
    return new RowPredicate(node(filter, columns));
  }

  /** The number of {@code long} words a selection bitmap of {@code rowCount} rows needs. */
  public static int wordCount(int rowCount) {
    return Bitmaps.wordCount(rowCount);
  }

  /**
   * Marks the rows of a batch for which the filter is TRUE; no column is dictionary encoded.
   *
   * @see #evaluate(Function, Function, int, long[])
   */
  public int evaluate(Function<String, ? extends FieldVector> vectors, int rowCount, long[] selection) {
    return evaluate(vectors, path -> null, rowCount, selection);
  }

  /**
   * Marks the rows of a batch for which the filter is TRUE: bit {@code i % 64} of {@code selection[i / 64]} is set
   * for each selected row {@code i}. The first {@link #wordCount(int) wordCount(rowCount)} words are overwritten,
   * the bits past the last row cleared; later words are left alone.
   *
   * @param vectors the batch's vector of each filter column by path, holding at least {@code rowCount} values (for
   *     a dictionary-encoded column, its vector of indices)
   * @param dictionaries the dictionary of each dictionary-encoded filter column by path, null for a column whose
   *     vector holds its values; a dictionary's values are tested once per batch and rows take their entry's result
   * @param rowCount the rows of the batch
   * @param selection where the selected rows are marked, at least {@code wordCount(rowCount)} long
   * @return the number of rows selected
   * @throws IllegalArgumentException when a vector is missing, short, of another type than compiled for, or its
   *     buffers are inconsistent, or a dictionary index is out of range
   */
  public int evaluate(Function<String, ? extends FieldVector> vectors,
      Function<String, ? extends Dictionary> dictionaries, int rowCount, long[] selection) {
    int words = Bitmaps.wordCount(rowCount);
    if (rowCount < 0 || selection.length < words) {
      throw new IllegalArgumentException("a selection of " + selection.length + " words cannot hold " + rowCount
          + " rows");
    }
    if (rowCount == 0) {
      return 0;
    }
    root.evaluate(new PredicateNode.Columns(vectors, dictionaries), rowCount);
    int selected = 0;
    for (int word = 0; word < words; word++) {
      long bits = root.truth[word];
      if (word == words - 1) {
        bits &= Bitmaps.tailMask(rowCount);
      }
      selection[word] = bits;
      selected += Long.bitCount(bits);
    }
    return selected;
  }

  private static PredicateNode node(Filter filter, Map<String, Field> columns) {
    if (filter instanceof Filter.And and) {
      return new PredicateNode.And(nodes(and.operands(), columns));
    }
    if (filter instanceof Filter.Or or) {
      return new PredicateNode.Or(nodes(or.operands(), columns));
    }
    if (filter instanceof Filter.Not not) {
      return new PredicateNode.Not(node(not.operand(), columns));
    }
    String path = filter.columns().iterator().next();
    Field field = columns.get(path);
    if (field == null) {
      throw new IllegalArgumentException("filter column " + path + " has no field among " + columns.keySet());
    }
    if (filter instanceof Filter.IsNull isNull) {
      return new PredicateNode.Leaf(path, field.getType(), null, isNull.negated());
    }
    return new PredicateNode.Leaf(path, field.getType(), ColumnCheck.compile(filter, field), false);
  }

  private static List<PredicateNode> nodes(List<Filter> filters, Map<String, Field> columns) {
    List<PredicateNode> nodes = new ArrayList<>(filters.size());
    for (Filter filter : filters) {
      nodes.add(node(filter, columns));
    }
    return nodes;
  }
}
