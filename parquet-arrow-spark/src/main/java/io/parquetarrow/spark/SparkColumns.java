package io.parquetarrow.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Wraps the vectors of one batch as Spark columns, without copying: the executor's read step. A flat field of a
 * type Spark reads as stored is a {@link FlatArrowColumnVector}, read from the buffers' memory. A field whose whole
 * subtree is in a representation Spark's {@link ArrowColumnVector} reads (signed integers, floats, strings, binary,
 * decimals of more than 18 digits, day dates, microsecond timestamps, lists, maps, structs) is wrapped in one;
 * other fields become a {@link ConvertingColumnVector} that converts each value as it is read, and dictionary
 * fields a {@link DictionaryColumnVector}. The Spark type of every column is the one {@link SparkTypes} gives.
 */
final class SparkColumns {
  private SparkColumns() {}

  /** The Spark column over {@code vector}, read as {@code type}. */
  static ColumnVector wrap(FieldVector vector, DataType type, DictionaryProvider dictionaries) {
    Field field = vector.getField();
    DictionaryEncoding encoding = field.getDictionary();
    if (encoding != null) {
      Dictionary dictionary = dictionaries.lookup(encoding.getId());
      return new DictionaryColumnVector(type, (BaseIntVector) vector,
          wrap(dictionary.getVector(), type, dictionaries));
    }
    FlatArrowColumnVector flat = FlatArrowColumnVector.of(vector, type);
    if (flat != null) {
      return flat;
    }
    if (readsDirectly(field) && sameTimestampKind(vector, type)) {
      return new ArrowColumnVector(vector);
    }
    return new ConvertingColumnVector(type, vector, children(vector, type, dictionaries));
  }

  private static List<ColumnVector> children(FieldVector vector, DataType type, DictionaryProvider dictionaries) {
    List<ColumnVector> children = new ArrayList<>();
    List<FieldVector> vectors = vector.getChildrenFromFields();
    if (type instanceof StructType struct) {
      for (int i = 0; i < vectors.size(); i++) {
        children.add(wrap(vectors.get(i), struct.fields()[i].dataType(), dictionaries));
      }
    } else if (type instanceof MapType map) {
      StructVector entries = (StructVector) ((MapVector) vector).getDataVector();
      ColumnVector key = wrap((FieldVector) entries.getChildByOrdinal(0), map.keyType(), dictionaries);
      ColumnVector value = wrap((FieldVector) entries.getChildByOrdinal(1), map.valueType(), dictionaries);
      children.add(new ConvertingColumnVector(new StructType().add("key", map.keyType())
          .add("value", map.valueType()), entries, List.of(key, value)));
    } else if (type instanceof ArrayType array) {
      children.add(wrap(vectors.get(0), array.elementType(), dictionaries));
    }
    return children;
  }

  /** Whether Spark's ArrowColumnVector reads the field and all its children as they are. */
  private static boolean readsDirectly(Field field) {
    if (field.getDictionary() != null || !SparkTypes.readsDirectly(field.getType())) {
      return false;
    }
    for (Field child : field.getChildren()) {
      if (!readsDirectly(child)) {
        return false;
      }
    }
    return true;
  }

  /** INT96 reads as 12 bytes (an instant, a Spark {@code TimestampType}): only a converting column reads it. */
  private static boolean sameTimestampKind(FieldVector vector, DataType type) {
    return !(type instanceof TimestampType)
        || vector.getField().getType() instanceof ArrowType.Timestamp timestamp && timestamp.getTimezone() != null;
  }
}
