package io.parquetarrow.core.write;

import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Record shredding (Dremel, "Striping and assembly" in the Parquet docs) of one top-level Arrow field with
 * nested types into the repetition levels, definition levels and value positions of each of its leaf columns —
 * the writer's inverse of the reader's level assembly. The schema follows {@code ArrowToParquetSchema}: a
 * nullable field adds one definition level; a list, large list, fixed-size list or map adds a repeated group
 * (one definition and one repetition level) around its element or key/value entries; the map's entries struct
 * adds nothing.
 *
 * <p>For each row the shredder walks the field's vectors top down. A null or empty ancestor emits one level
 * entry (its definition level, the current repetition level, no value) to every leaf below it; a present leaf
 * value emits the leaf's maximum definition level and its index in the leaf vector. The first element of a list
 * takes the repetition level of its parent; the following elements take the list's own level.
 */
final class FieldShredder {
  /** The levels and value positions of one leaf column for the rows shredded last. */
  static final class LeafLevels {
    final Field field;
    final int maxDefinitionLevel;
    final int maxRepetitionLevel;
    int[] definitionLevels = new int[1024];
    int[] repetitionLevels = new int[1024];
    int[] positions = new int[1024];
    int levelCount;
    int valueCount;
    FieldVector vector;

    LeafLevels(Field field, int maxDefinitionLevel, int maxRepetitionLevel) {
      this.field = field;
      this.maxDefinitionLevel = maxDefinitionLevel;
      this.maxRepetitionLevel = maxRepetitionLevel;
    }

    void emit(int definition, int repetition, int position) {
      if (levelCount == definitionLevels.length) {
        definitionLevels = Arrays.copyOf(definitionLevels, levelCount * 2);
        repetitionLevels = Arrays.copyOf(repetitionLevels, levelCount * 2);
      }
      definitionLevels[levelCount] = definition;
      repetitionLevels[levelCount] = repetition;
      levelCount++;
      if (position >= 0) {
        if (valueCount == positions.length) {
          positions = Arrays.copyOf(positions, valueCount * 2);
        }
        positions[valueCount++] = position;
      }
    }
  }

  private abstract static sealed class Node permits Leaf, Struct, Repeated {
    final boolean nullable;
    final int firstLeaf;
    int endLeaf;

    Node(boolean nullable, int firstLeaf) {
      this.nullable = nullable;
      this.firstLeaf = firstLeaf;
    }
  }

  private static final class Leaf extends Node {
    /** The leaf's dictionary encoding when its vector holds dictionary indices, else null. */
    final DictionaryEncoding dictionaryEncoding;

    Leaf(boolean nullable, int index, DictionaryEncoding dictionaryEncoding) {
      super(nullable, index);
      this.dictionaryEncoding = dictionaryEncoding;
      endLeaf = index + 1;
    }
  }

  private static final class Struct extends Node {
    final List<Node> children = new ArrayList<>();

    Struct(boolean nullable, int firstLeaf) {
      super(nullable, firstLeaf);
    }
  }

  private static final class Repeated extends Node {
    final int repetitionLevel;
    Node element;

    Repeated(boolean nullable, int firstLeaf, int repetitionLevel) {
      super(nullable, firstLeaf);
      this.repetitionLevel = repetitionLevel;
    }
  }

  private final Node root;
  /** The top-level vector the leaves point into (see {@link #bind}). */
  private FieldVector boundVector;
  private final List<LeafLevels> leaves = new ArrayList<>();

  /** Builds the shredding plan for {@code field}; its leaves come out in schema (depth-first) order. */
  FieldShredder(Field field) throws UnsupportedParquetFeatureException {
    root = build(field, field.isNullable(), 0, 0);
  }

  private Node build(Field field, boolean nullable, int definition, int repetition)
      throws UnsupportedParquetFeatureException {
    int own = definition + (nullable ? 1 : 0);
    ArrowType type = field.getType();
    switch (type.getTypeID()) {
      case Struct: {
        Struct node = new Struct(nullable, leaves.size());
        for (Field child : field.getChildren()) {
          node.children.add(build(child, child.isNullable(), own, repetition));
        }
        node.endLeaf = leaves.size();
        return node;
      }
      case List:
      case LargeList:
      case FixedSizeList: {
        Repeated node = new Repeated(nullable, leaves.size(), repetition + 1);
        Field element = field.getChildren().get(0);
        node.element = build(element, element.isNullable(), own + 1, repetition + 1);
        node.endLeaf = leaves.size();
        return node;
      }
      case Map: {
        Repeated node = new Repeated(nullable, leaves.size(), repetition + 1);
        Field entries = field.getChildren().get(0);
        // The entries struct is the repeated key_value group itself: it adds no level.
        Struct keyValue = new Struct(false, leaves.size());
        for (Field child : entries.getChildren()) {
          keyValue.children.add(build(child, child.isNullable(), own + 1, repetition + 1));
        }
        keyValue.endLeaf = leaves.size();
        node.element = keyValue;
        node.endLeaf = leaves.size();
        return node;
      }
      case Union:
      case ListView:
      case LargeListView:
      case RunEndEncoded:
        throw new UnsupportedParquetFeatureException("cannot write Arrow type " + type + " of field '"
            + field.getName() + "'");
      default: {
        leaves.add(new LeafLevels(field, own, repetition));
        return new Leaf(nullable, leaves.size() - 1, field.getDictionary());
      }
    }
  }

  /** The leaves, in schema order; their levels hold the rows of the last {@link #shred} call. */
  List<LeafLevels> leaves() {
    return leaves;
  }

  /**
   * Points each leaf at the vector its values are read from, below {@code vector} (the top-level field's vector),
   * before {@link #shred} is called for its rows. A dictionary-encoded leaf is decoded through
   * {@code dictionaries} into a new vector of the dictionary's value type, index for index, so value positions
   * stay the same; the caller closes the returned vectors after the last {@link #shred} of {@code vector}. The
   * file then holds the plain value type, and the column writer builds its own Parquet dictionary by hashing the
   * decoded values again: unlike a top-level dictionary field, a nested one does not adopt its Arrow dictionary,
   * because its indices are seen through the levels of its ancestors rather than row by row.
   *
   * @throws IllegalArgumentException when a leaf is dictionary encoded and {@code dictionaries} does not hold its
   *     dictionary
   */
  List<FieldVector> bind(FieldVector vector, DictionaryProvider dictionaries) {
    List<FieldVector> decoded = new ArrayList<>();
    try {
      bind(root, vector, dictionaries, decoded);
    } catch (RuntimeException e) {
      for (FieldVector created : decoded) {
        created.close();
      }
      throw e;
    }
    boundVector = vector;
    return decoded;
  }

  private void bind(Node node, FieldVector vector, DictionaryProvider dictionaries, List<FieldVector> decoded) {
    if (node instanceof Leaf leaf) {
      FieldVector values = vector;
      if (leaf.dictionaryEncoding != null) {
        Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(leaf.dictionaryEncoding.getId());
        if (dictionary == null) {
          throw new IllegalArgumentException("field '" + vector.getField().getName() + "' is dictionary encoded"
              + " (id " + leaf.dictionaryEncoding.getId() + ") but no dictionary provider holds its dictionary");
        }
        values = (FieldVector) org.apache.arrow.vector.dictionary.DictionaryEncoder.decode(vector, dictionary);
        decoded.add(values);
      }
      leaves.get(leaf.firstLeaf).vector = values;
    } else if (node instanceof Struct struct) {
      for (int i = 0; i < struct.children.size(); i++) {
        bind(struct.children.get(i), (FieldVector) ((StructVector) vector).getChildByOrdinal(i), dictionaries,
            decoded);
      }
    } else {
      bind(((Repeated) node).element, elementVector(vector), dictionaries, decoded);
    }
  }

  /**
   * Shreds rows {@code [start, start + count)} of {@code vector} (the top-level field's vector), whose leaves
   * {@link #bind} pointed to (a vector without dictionary-encoded leaves is bound here when it was not).
   */
  void shred(FieldVector vector, int start, int count) {
    if (vector != boundVector) {
      bind(vector, null);
    }
    for (LeafLevels leaf : leaves) {
      leaf.levelCount = 0;
      leaf.valueCount = 0;
    }
    for (int row = start; row < start + count; row++) {
      visit(root, vector, row, 0, 0);
    }
  }

  private static FieldVector elementVector(FieldVector vector) {
    if (vector instanceof ListVector list) {
      return list.getDataVector(); // MapVector is a ListVector of entries structs
    } else if (vector instanceof LargeListVector list) {
      return list.getDataVector();
    }
    return ((FixedSizeListVector) vector).getDataVector();
  }

  private void emitAbsent(Node node, int definition, int repetition) {
    for (int leaf = node.firstLeaf; leaf < node.endLeaf; leaf++) {
      leaves.get(leaf).emit(definition, repetition, -1);
    }
  }

  private void visit(Node node, FieldVector vector, int index, int definition, int repetition) {
    if (node.nullable && vector.isNull(index)) {
      emitAbsent(node, definition, repetition);
      return;
    }
    int own = definition + (node.nullable ? 1 : 0);
    if (node instanceof Leaf leaf) {
      leaves.get(leaf.firstLeaf).emit(own, repetition, index);
    } else if (node instanceof Struct struct) {
      for (int i = 0; i < struct.children.size(); i++) {
        Node child = struct.children.get(i);
        visit(child, childOf(vector, i), index, own, repetition);
      }
    } else {
      Repeated repeated = (Repeated) node;
      long first;
      long end;
      if (vector instanceof ListVector list) {
        first = list.getOffsetBuffer().getInt((long) index * ListVector.OFFSET_WIDTH);
        end = list.getOffsetBuffer().getInt((long) (index + 1) * ListVector.OFFSET_WIDTH);
      } else if (vector instanceof LargeListVector list) {
        first = list.getOffsetBuffer().getLong((long) index * LargeListVector.OFFSET_WIDTH);
        end = list.getOffsetBuffer().getLong((long) (index + 1) * LargeListVector.OFFSET_WIDTH);
      } else {
        int size = ((FixedSizeListVector) vector).getListSize();
        first = (long) index * size;
        end = first + size;
      }
      if (first == end) {
        emitAbsent(node, own, repetition);
        return;
      }
      FieldVector element = elementVector(vector);
      for (long position = first; position < end; position++) {
        visit(repeated.element, element, Math.toIntExact(position), own + 1,
            position == first ? repetition : repeated.repetitionLevel);
      }
    }
  }

  private static FieldVector childOf(FieldVector vector, int ordinal) {
    return (FieldVector) ((StructVector) vector).getChildByOrdinal(ordinal);
  }
}
