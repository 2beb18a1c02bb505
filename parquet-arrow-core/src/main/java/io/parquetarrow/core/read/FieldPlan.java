package io.parquetarrow.core.read;

import io.parquetarrow.core.nested.NestedPath;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.errors.ParquetException;
import java.util.List;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * How one selected top-level field is read, decided once per open by {@link ReadPlan}: a flat column decoded into
 * its vector, a flat string or binary column read as an Arrow dictionary, or a nested field assembled from its
 * leaves. Immutable and shared by every thread; each thread reading the field gets its own
 * {@link FieldReaderFactory} from {@link #newReaderFactory}.
 */
public sealed interface FieldPlan {
  /** The field as the schema of the batches holds it. */
  Field field();

  /** The leaf columns the field is read from, in schema order. */
  List<ColumnDescriptor> leaves();

  /** Whether the field, or a field inside it, is read as an Arrow dictionary. */
  boolean hasDictionaries();

  /**
   * Assemblers and scratch of this field for one thread, which opens the field's reader row group after row group.
   *
   * @param dictionaries where a dictionary-encoded field replaces its dictionary with each batch (the reader's);
   *     unused by fields without dictionaries
   */
  FieldReaderFactory newReaderFactory(ReadPlan plan, DictionaryProvider dictionaries) throws ParquetException;

  /** A column without repetition; read as a dictionary when {@code field} has a dictionary encoding. */
  record FlatColumn(Field field, ColumnDescriptor column, int definitionLevel) implements FieldPlan {
    @Override
    public List<ColumnDescriptor> leaves() {
      return List.of(column);
    }

    @Override
    public boolean hasDictionaries() {
      return field.getDictionary() != null;
    }

    @Override
    public FieldReaderFactory newReaderFactory(ReadPlan plan, DictionaryProvider dictionaries)
        throws ParquetException {
      return new FlatFieldReader.Factory(plan, this, dictionaries);
    }
  }

  /**
   * A struct, list or map, or a column with repetition: {@code paths} holds each leaf's path through the nesting,
   * as {@code ParquetPaths.toNestedPath} builds it from the Parquet schema.
   */
  record NestedField(FieldMapping mapping, List<ColumnDescriptor> leaves, List<NestedPath> paths,
      boolean hasDictionaries) implements FieldPlan {
    public NestedField {
      leaves = List.copyOf(leaves);
      paths = List.copyOf(paths);
    }

    @Override
    public Field field() {
      return mapping.field();
    }

    @Override
    public FieldReaderFactory newReaderFactory(ReadPlan plan, DictionaryProvider dictionaries)
        throws ParquetException {
      return new NestedFieldReader.Factory(plan, this, dictionaries);
    }
  }
}
