package io.parquetarrow.core.filter;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One comparison, {@code BETWEEN} or {@code IN} of a filter compiled for its column's Arrow type, the leaf of a
 * {@link RowPredicate}: it reads a batch's vector of that type through its buffers and sets a bit for each row
 * whose value passes. Nulls are the caller's concern (it reads them from the validity buffer); the bits of null
 * rows are left arbitrary. An instance keeps scratch space between batches and is not for concurrent use.
 */
interface ColumnCheck {

  /**
   * Sets bit {@code i} of {@code truth} for each row {@code i < rowCount} whose value passes, clears it for each
   * other non-null row. The vector has the type the test was compiled for and at least {@code rowCount} values.
   */
  void evaluate(FieldVector vector, int rowCount, long[] truth);

  /**
   * The test of a leaf filter on the column {@code field}, whose literals {@link FilterBinding} has checked.
   *
   * @throws UnsupportedOperationException for a column type no test reads
   */
  static ColumnCheck compile(Filter leaf, Field field) {
    ArrowType type = field.getType();
    return switch (type.getTypeID()) {
      case Int, Date, Timestamp -> IntegerColumnCheck.compile(leaf, type);
      case Bool -> BooleanColumnCheck.compile(leaf, type);
      case FloatingPoint -> FloatColumnCheck.compile(leaf, type);
      case Decimal -> IntegerColumnCheck.isNarrowDecimal((ArrowType.Decimal) type)
          ? IntegerColumnCheck.compileNarrowDecimal(leaf, (ArrowType.Decimal) type)
          : DecimalColumnCheck.compile(leaf, type);
      case Utf8, LargeUtf8, Binary, LargeBinary, FixedSizeBinary -> BinaryColumnCheck.compile(leaf, type);
      default -> throw new UnsupportedOperationException("filter column " + field.getName() + " of type " + type
          + ": row filtering compares integer, floating-point, decimal, date, timestamp, boolean, string and "
          + "binary columns");
    };
  }
}
