package io.parquetarrow.core.filter;

import java.math.BigInteger;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The {@link ColumnCheck} of boolean columns. A boolean has two values ({@code false < true}, as Java's
 * {@link Boolean#compareTo} orders them), so a test is decided for each once and a batch is tested a word of
 * 64 rows at a time: the data bits, their complement, all or none.
 */
final class BooleanColumnCheck implements ColumnCheck {
  private final boolean passesFalse;
  private final boolean passesTrue;

  private BooleanColumnCheck(boolean passesFalse, boolean passesTrue) {
    this.passesFalse = passesFalse;
    this.passesTrue = passesTrue;
  }

  static BooleanColumnCheck compile(Filter leaf, ArrowType type) {
    IntegerCondition condition = IntegerCondition.of(leaf, type, BigInteger.ZERO, BigInteger.ONE);
    return new BooleanColumnCheck(condition.test(BigInteger.ZERO), condition.test(BigInteger.ONE));
  }

  @Override
  public void evaluate(FieldVector vector, int rowCount, long[] truth) {
    Bitmaps.loadBits(vector.getDataBuffer(), rowCount, truth);
    long whenTrue = passesTrue ? -1L : 0L;
    long whenFalse = passesFalse ? -1L : 0L;
    for (int word = 0, words = Bitmaps.wordCount(rowCount); word < words; word++) {
      long values = truth[word];
      truth[word] = (values & whenTrue) | (~values & whenFalse);
    }
  }
}
