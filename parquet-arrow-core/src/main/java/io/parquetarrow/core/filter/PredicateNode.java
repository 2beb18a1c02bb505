package io.parquetarrow.core.filter;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A node of a compiled {@link RowPredicate}, evaluated over a batch into two bitmaps of its own: the rows where it
 * is TRUE and the rows where it is NULL (unknown); the others are FALSE. The connectives combine their operands'
 * bitmaps by SQL's three-valued logic, word by word.
 */
abstract sealed class PredicateNode {
  long[] truth = new long[0];
  long[] nulls = new long[0];

  /** Sets {@link #truth} and {@link #nulls} for the first {@code rowCount} rows of the batch. */
  abstract void evaluate(Columns columns, int rowCount);

  final void reserve(int words) {
    if (truth.length < words) {
      truth = new long[words];
      nulls = new long[words];
    }
  }

  /** The batch's vectors, and dictionaries of dictionary-encoded ones, by filter path. */
  record Columns(Function<String, ? extends FieldVector> vectors,
      Function<String, ? extends Dictionary> dictionaries) {
    FieldVector vector(String path, int rowCount) {
      FieldVector vector = vectors.apply(path);
      if (vector == null) {
        throw new IllegalArgumentException("the batch has no vector for filter column " + path);
      }
      if (vector.getValueCount() < rowCount) {
        throw new IllegalArgumentException("filter column " + path + " holds " + vector.getValueCount()
            + " values, fewer than the batch's " + rowCount + " rows");
      }
      return vector;
    }
  }

  /** Every operand is TRUE; FALSE when one is FALSE; otherwise NULL. */
  static final class And extends PredicateNode {
    private final List<PredicateNode> operands;

    And(List<PredicateNode> operands) {
      this.operands = operands;
    }

    @Override
    void evaluate(Columns columns, int rowCount) {
      int words = Bitmaps.wordCount(rowCount);
      reserve(words);
      Arrays.fill(truth, 0, words, -1L);
      Arrays.fill(nulls, 0, words, 0L);
      for (PredicateNode operand : operands) {
        operand.evaluate(columns, rowCount);
        for (int word = 0; word < words; word++) {
          long operandTruth = operand.truth[word];
          long operandNulls = operand.nulls[word];
          // NULL unless either side is FALSE (neither TRUE nor NULL) or both are TRUE.
          nulls[word] = (nulls[word] | operandNulls) & (truth[word] | nulls[word]) & (operandTruth | operandNulls);
          truth[word] &= operandTruth;
        }
      }
    }
  }

  /** Some operand is TRUE; FALSE when every one is FALSE; otherwise NULL. */
  static final class Or extends PredicateNode {
    private final List<PredicateNode> operands;

    Or(List<PredicateNode> operands) {
      this.operands = operands;
    }

    @Override
    void evaluate(Columns columns, int rowCount) {
      int words = Bitmaps.wordCount(rowCount);
      reserve(words);
      Arrays.fill(truth, 0, words, 0L);
      Arrays.fill(nulls, 0, words, 0L);
      for (PredicateNode operand : operands) {
        operand.evaluate(columns, rowCount);
        for (int word = 0; word < words; word++) {
          truth[word] |= operand.truth[word];
          nulls[word] = (nulls[word] | operand.nulls[word]) & ~truth[word];
        }
      }
    }
  }

  /** TRUE where the operand is FALSE; NULL stays NULL. */
  static final class Not extends PredicateNode {
    private final PredicateNode operand;

    Not(PredicateNode operand) {
      this.operand = operand;
    }

    @Override
    void evaluate(Columns columns, int rowCount) {
      int words = Bitmaps.wordCount(rowCount);
      reserve(words);
      operand.evaluate(columns, rowCount);
      for (int word = 0; word < words; word++) {
        truth[word] = ~(operand.truth[word] | operand.nulls[word]);
        nulls[word] = operand.nulls[word];
      }
    }
  }

  /**
   * A test of one column: a {@link ColumnCheck} (NULL where the value is null), or {@code IS [NOT] NULL} (never
   * NULL). A dictionary-encoded column is tested on its dictionary's values once per batch, then each row takes
   * the result of the entry its index names.
   */
  static final class Leaf extends PredicateNode {
    private final String path;
    private final ArrowType type;
    private final ColumnCheck test;
    private final boolean nullTest;
    private final boolean negated;
    private long[] entryTruth = new long[0];
    private long[] entryNulls = new long[0];
    private long[] indices = new long[0];

    /** A leaf that tests values ({@code test} non-null) or nulls ({@code test} null, {@code negated}: not null). */
    Leaf(String path, ArrowType type, ColumnCheck test, boolean negated) {
      this.path = path;
      this.type = type;
      this.test = test;
      this.nullTest = test == null;
      this.negated = negated;
    }

    @Override
    void evaluate(Columns columns, int rowCount) {
      int words = Bitmaps.wordCount(rowCount);
      reserve(words);
      FieldVector vector = columns.vector(path, rowCount);
      Dictionary dictionary = columns.dictionaries().apply(path);
      if (dictionary == null) {
        Bitmaps.loadNulls(vector, rowCount, nulls);
        if (!nullTest) {
          checkType(vector, "vector");
          test.evaluate(vector, rowCount, truth);
        }
      } else {
        evaluateEncoded(vector, dictionary.getVector(), rowCount);
      }
      for (int word = 0; word < words; word++) {
        if (nullTest) {
          truth[word] = negated ? ~nulls[word] : nulls[word];
          nulls[word] = 0;
        } else {
          truth[word] &= ~nulls[word];
        }
      }
    }

    private void evaluateEncoded(FieldVector indexVector, FieldVector entries, int rowCount) {
      int entryCount = entries.getValueCount();
      int entryWords = Bitmaps.wordCount(entryCount);
      if (entryTruth.length < entryWords) {
        entryTruth = new long[entryWords];
        entryNulls = new long[entryWords];
      }
      if (indices.length < rowCount) {
        indices = new long[rowCount];
      }
      Bitmaps.loadNulls(entries, entryCount, entryNulls);
      if (nullTest || entryCount == 0) {
        Arrays.fill(entryTruth, 0, entryWords, 0L);
      } else {
        checkType(entries, "dictionary");
        test.evaluate(entries, entryCount, entryTruth);
      }
      if (!(indexVector.getField().getType() instanceof ArrowType.Int indexType)) {
        throw new IllegalArgumentException("filter column " + path + " has a dictionary, but its vector is a "
            + indexVector.getField().getType() + ", not integer indices");
      }
      int width = indexType.getBitWidth() / 8;
      IntegerColumnCheck.loadKeys(indexVector.getDataBuffer(), width, width, false,
          !indexType.getIsSigned() && width < 8, rowCount, indices);
      Bitmaps.loadNulls(indexVector, rowCount, nulls);
      for (int word = 0, base = 0; base < rowCount; word++, base += 64) {
        int end = Math.min(64, rowCount - base);
        long rowNulls = nulls[word];
        long bits = 0;
        for (int bit = 0; bit < end; bit++) {
          if ((rowNulls & (1L << bit)) != 0) {
            continue;
          }
          long index = indices[base + bit];
          if (index < 0 || index >= entryCount) {
            throw new IllegalArgumentException("filter column " + path + ": row " + (base + bit)
                + " holds dictionary index " + index + ", outside the dictionary's " + entryCount + " entries");
          }
          int entry = (int) index;
          rowNulls |= ((entryNulls[entry >>> 6] >>> entry) & 1L) << bit;
          bits |= ((entryTruth[entry >>> 6] >>> entry) & 1L) << bit;
        }
        nulls[word] = rowNulls;
        truth[word] = bits;
      }
    }

    private void checkType(FieldVector vector, String what) {
      ArrowType actual = vector.getField().getType();
      if (!actual.equals(type)) {
        throw new IllegalArgumentException("filter column " + path + " was compiled for " + type + ", but its "
            + what + " is a " + actual);
      }
    }
  }
}
