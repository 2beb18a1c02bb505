package io.parquetarrow.core.write;

import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The one place the write path computes levels: for one top-level Arrow field, the {@link ColumnLevels} of each
 * of its leaf columns for a batch of rows (the writer's inverse of the reader's level assembly; arrow-rs
 * {@code arrow_writer/levels.rs} is the model). The schema follows {@code ArrowToParquetSchema}: a nullable
 * field adds one definition level; a list, large list, fixed-size list or map adds a repeated group (one
 * definition and one repetition level) around its element or key/value entries; the map's entries struct adds
 * nothing.
 *
 * <p>A primitive top-level field takes the flat route: a required one has no levels, only the positions of its
 * rows; a nullable one's definition levels come straight from the validity bitmap
 * ({@link ParquetKernels#validityToLevels}). A field with nested types is shredded (Dremel, "Striping and
 * assembly" in the Parquet docs): for each row the builder walks the field's vectors top down; a null or empty
 * ancestor emits one level entry (its definition level, the current repetition level, no value) to every leaf
 * below it; a present leaf value emits the leaf's maximum definition level and its index in the leaf vector. The
 * first element of a list takes the repetition level of its parent; the following elements take the list's own.
 *
 * <p>Dictionary-encoded leaves: at the top level the leaf's values are the Arrow dictionary itself, its
 * positions are dictionary entries (so a dictionary the column writer adopted is written from them directly),
 * and a row pointing to a null entry is a null; below the top level the leaf is decoded into its value type
 * (see {@link #bind}).
 */
final class LevelBuilder {
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
  private final ParquetKernels kernels;
  private final List<ColumnLevels> leaves = new ArrayList<>();
  /** The Arrow field of each leaf, in schema order. */
  private final List<Field> leafFields = new ArrayList<>();
  private byte[] validity = new byte[0];

  /** Builds the plan for {@code field}; its leaves come out in schema (depth-first) order. */
  LevelBuilder(Field field, ParquetKernels kernels) throws UnsupportedParquetFeatureException {
    this.kernels = kernels;
    this.root = build(field, field.isNullable(), 0, 0);
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
        leaves.add(new ColumnLevels(own, repetition));
        leafFields.add(field);
        return new Leaf(nullable, leaves.size() - 1, field.getDictionary());
      }
    }
  }

  /** The levels of each leaf, in schema order; they hold the rows of the last {@link BoundField#build} call. */
  List<ColumnLevels> leaves() {
    return leaves;
  }

  /** The Arrow field of each leaf, in schema order (a dictionary-encoded leaf is typed by its values). */
  List<Field> leafFields() {
    return leafFields;
  }

  /**
   * Binds the plan to {@code vector}, the top-level field's vector of one batch, finding the vector that holds
   * each leaf's values. A dictionary-encoded top-level field's values are its dictionary, found in
   * {@code dictionaries}; a dictionary-encoded leaf below the top level is decoded through {@code dictionaries}
   * into a new vector of the dictionary's value type, index for index, so value positions stay the same, and the
   * column writer builds its own Parquet dictionary by hashing the decoded values again (its indices are seen
   * through the levels of its ancestors rather than row by row, so it cannot adopt its Arrow dictionary). Close
   * the result to release the decoded vectors.
   *
   * @throws IllegalArgumentException when a leaf is dictionary encoded and {@code dictionaries} does not hold its
   *     dictionary
   */
  BoundField bind(FieldVector vector, DictionaryProvider dictionaries) {
    BoundField bound = new BoundField(vector);
    try {
      bind(root, vector, dictionaries, bound);
    } catch (RuntimeException e) {
      bound.close();
      throw e;
    }
    return bound;
  }

  private void bind(Node node, FieldVector vector, DictionaryProvider dictionaries, BoundField bound) {
    if (node instanceof Leaf leaf) {
      FieldVector values = vector;
      if (leaf.dictionaryEncoding != null) {
        Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(leaf.dictionaryEncoding.getId());
        if (dictionary == null) {
          throw new IllegalArgumentException("field '" + vector.getField().getName() + "' is dictionary encoded"
              + " (id " + leaf.dictionaryEncoding.getId() + ") but no dictionary provider holds its dictionary");
        }
        if (node == root) {
          values = dictionary.getVector();
          bound.dictionaryHasNulls = values.getNullCount() > 0;
        } else {
          values = (FieldVector) DictionaryEncoder.decode(vector, dictionary);
          bound.decoded.add(values);
        }
      }
      bound.values[leaf.firstLeaf] = values;
    } else if (node instanceof Struct struct) {
      for (int i = 0; i < struct.children.size(); i++) {
        bind(struct.children.get(i), childOf(vector, i), dictionaries, bound);
      }
    } else {
      bind(((Repeated) node).element, elementVector(vector), dictionaries, bound);
    }
  }

  /** The plan bound to one batch's top-level vector: builds the levels of row ranges of that batch. */
  final class BoundField implements AutoCloseable {
    private final FieldVector vector;
    private final FieldVector[] values = new FieldVector[leaves.size()];
    private final List<FieldVector> decoded = new ArrayList<>();
    private boolean dictionaryHasNulls;

    private BoundField(FieldVector vector) {
      this.vector = vector;
    }

    /** The vector holding leaf {@code leaf}'s values, which its {@link ColumnLevels#positions} index. */
    FieldVector values(int leaf) {
      return values[leaf];
    }

    /**
     * Whether the positions of the leaves are entries of the Arrow dictionary of a top-level field (then
     * {@link #values} of leaf 0 is that dictionary).
     */
    boolean dictionaryEntries() {
      return root instanceof Leaf leaf && leaf.dictionaryEncoding != null;
    }

    /** Whether the Arrow dictionary of a top-level dictionary-encoded field has null entries. */
    boolean dictionaryHasNulls() {
      return dictionaryHasNulls;
    }

    /** Fills every leaf's levels for rows {@code [start, start + rows)} of the batch. */
    void build(int start, int rows) {
      for (ColumnLevels levels : leaves) {
        levels.clear();
      }
      if (root instanceof Leaf leaf) {
        buildFlat(leaf, vector, start, rows);
        if (leaf.dictionaryEncoding != null) {
          toDictionaryEntries(start);
        }
        return;
      }
      for (int row = start; row < start + rows; row++) {
        visit(root, vector, row, 0, 0);
      }
    }

    /**
     * Replaces the positions of the present rows by the dictionary entries their indices name; a row whose
     * entry is null becomes a null.
     */
    private void toDictionaryEntries(int start) {
      ColumnLevels levels = leaves.get(0);
      BaseIntVector indices = (BaseIntVector) vector;
      FieldVector dictionary = values[0];
      int dictionarySize = dictionary.getValueCount();
      int present = levels.valueCount;
      int valueCount = 0;
      for (int i = 0; i < present; i++) {
        int row = levels.positions[i];
        long index = indices.getValueAsLong(row);
        if (index < 0 || index >= dictionarySize) {
          throw new IllegalArgumentException("row " + row + " of dictionary-encoded field '"
              + vector.getField().getName() + "' has index " + index + " outside its dictionary of "
              + dictionarySize + " entries");
        }
        if (dictionaryHasNulls && dictionary.isNull((int) index)) {
          if (levels.maxDefinitionLevel == 0) {
            throw new IllegalArgumentException("row " + row + " of required field '"
                + vector.getField().getName() + "' points to a null dictionary entry");
          }
          levels.definitionLevels[row - start] = levels.maxDefinitionLevel - 1;
          continue;
        }
        levels.positions[valueCount++] = (int) index;
      }
      levels.valueCount = valueCount;
    }

    @Override
    public void close() {
      for (FieldVector created : decoded) {
        created.close();
      }
      decoded.clear();
    }
  }

  /** The flat route: positions of the rows, and definition levels from the validity bitmap when nullable. */
  private void buildFlat(Leaf leaf, FieldVector vector, int start, int rows) {
    ColumnLevels levels = leaves.get(0);
    levels.ensureCapacity(rows);
    levels.levelCount = rows;
    int[] positions = levels.positions;
    if (!leaf.nullable) {
      for (int i = 0; i < rows; i++) {
        positions[i] = start + i;
      }
      levels.valueCount = rows;
      return;
    }
    int[] definitionLevels = levels.definitionLevels;
    int maxLevel = levels.maxDefinitionLevel;
    // Not vector.getNullCount(): arrow-java recounts the whole bitmap on every call, once per batch here.
    if (vector instanceof NullVector) {
      Arrays.fill(definitionLevels, 0, rows, 0);
      levels.valueCount = 0;
      return;
    }
    ArrowBuf validityBuffer = vector.getValidityBuffer();
    int bitOffset = start & 7;
    int bytes = (bitOffset + rows + 7) >>> 3;
    if (validity.length < bytes) {
      validity = new byte[Math.max(bytes, 2 * validity.length)];
    }
    validityBuffer.getBytes(start >>> 3, validity, 0, bytes);
    kernels.validityToLevels(validity, bitOffset, rows, maxLevel, definitionLevels, 0);
    int valueCount = 0;
    for (int i = 0; i < rows; i++) {
      if (definitionLevels[i] == maxLevel) {
        positions[valueCount++] = start + i;
      }
    }
    levels.valueCount = valueCount;
  }

  private static FieldVector elementVector(FieldVector vector) {
    if (vector instanceof ListVector list) {
      return list.getDataVector(); // MapVector is a ListVector of entries structs
    } else if (vector instanceof LargeListVector list) {
      return list.getDataVector();
    }
    return ((FixedSizeListVector) vector).getDataVector();
  }

  private static FieldVector childOf(FieldVector vector, int ordinal) {
    return (FieldVector) ((StructVector) vector).getChildByOrdinal(ordinal);
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
        visit(struct.children.get(i), childOf(vector, i), index, own, repetition);
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
}
