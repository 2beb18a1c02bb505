package io.parquetarrow.flight;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Batches of a reader whose columns include Arrow dictionaries, with those columns decoded to their values. The
 * library's reader replaces a column's dictionary with every batch, while Arrow Java's Flight sends dictionaries
 * once, when a stream starts; so dictionary columns travel as plain values (the only copy on the way), and every
 * other column moves from the reader's root into this one without copying. Only top-level dictionary columns are
 * decoded; one inside a struct, list or map is {@code UNIMPLEMENTED}.
 */
final class DecodedBatches implements AutoCloseable {
  private final VectorSchemaRoot source;
  private final DictionaryProvider dictionaries;
  private final BufferAllocator allocator;
  private final VectorSchemaRoot root;

  DecodedBatches(VectorSchemaRoot source, DictionaryProvider dictionaries, BufferAllocator allocator) {
    this.source = source;
    this.dictionaries = dictionaries;
    this.allocator = allocator;
    this.root = VectorSchemaRoot.create(plainSchema(source.getSchema(), dictionaries), allocator);
  }

  /** Whether any field of {@code schema}, at any depth, is dictionary encoded. */
  static boolean hasDictionaries(Schema schema) {
    return schema.getFields().stream().anyMatch(DecodedBatches::hasDictionary);
  }

  private static boolean hasDictionary(Field field) {
    return field.getDictionary() != null || field.getChildren().stream().anyMatch(DecodedBatches::hasDictionary);
  }

  /** {@code schema} with each top-level dictionary field replaced by a field of its values' type. */
  static Schema plainSchema(Schema schema, DictionaryProvider dictionaries) {
    List<Field> fields = new ArrayList<>();
    for (Field field : schema.getFields()) {
      if (field.getChildren().stream().anyMatch(DecodedBatches::hasDictionary)) {
        throw CallStatus.UNIMPLEMENTED.withDescription("column " + field.getName()
            + " holds a dictionary-encoded field inside it, which this server cannot stream").toRuntimeException();
      }
      if (field.getDictionary() == null) {
        fields.add(field);
        continue;
      }
      Field values = dictionaries.lookup(field.getDictionary().getId()).getVector().getField();
      fields.add(new Field(field.getName(), new FieldType(field.isNullable(), values.getType(), null,
          field.getMetadata()), values.getChildren()));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /** The root Flight sends from. */
  VectorSchemaRoot root() {
    return root;
  }

  /** Moves the reader's current batch into {@link #root()}, decoding its dictionary columns. */
  void load() {
    for (int i = 0; i < source.getFieldVectors().size(); i++) {
      FieldVector vector = source.getVector(i);
      FieldVector target = root.getVector(i);
      if (vector.getField().getDictionary() == null) {
        vector.makeTransferPair(target).transfer();
        continue;
      }
      Dictionary dictionary = dictionaries.lookup(vector.getField().getDictionary().getId());
      try (ValueVector decoded = DictionaryEncoder.decode(vector, dictionary, allocator)) {
        decoded.makeTransferPair(target).transfer();
      }
    }
    root.setRowCount(source.getRowCount());
  }

  @Override
  public void close() {
    root.close();
  }
}
