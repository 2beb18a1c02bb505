package io.parquetarrow.core.nested;

import io.parquetarrow.core.nested.TestType.ListOf;
import io.parquetarrow.core.nested.TestType.MapOf;
import io.parquetarrow.core.nested.TestType.Primitive;
import io.parquetarrow.core.nested.TestType.Struct;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Test-side sketch of how the reader turns the engine's output into Arrow vectors: each node's heap validity
 * bitmap and offsets are copied into {@link ArrowBuf}s and loaded with {@link FieldVector#loadFieldBuffers}, the
 * leaf's dense values are scattered to their slots, and every struct, list and map takes its levels from the FIRST
 * leaf under it (the engine's documented convention), children from their own leaves.
 */
final class ArrowNestedVectors {
  private final BufferAllocator allocator;
  private final List<NestedLevels> leafLevels;
  private final List<long[]> leafValues;

  /**
   * @param leafLevels the assembled levels of each leaf of the top-level field, in leaf order
   * @param leafValues the dense values of each leaf for the same batch
   */
  private ArrowNestedVectors(BufferAllocator allocator, List<NestedLevels> leafLevels, List<long[]> leafValues) {
    this.allocator = allocator;
    this.leafLevels = leafLevels;
    this.leafValues = leafValues;
  }

  /** The Arrow field a test type reads as (int64 leaves). */
  static Field field(TestType type) {
    if (type instanceof Primitive) {
      return new Field(type.name(), new FieldType(type.nullable(), new ArrowType.Int(64, true), null), null);
    }
    List<Field> children = new ArrayList<>();
    ArrowType arrowType;
    if (type instanceof Struct struct) {
      struct.fields().forEach(child -> children.add(field(child)));
      arrowType = ArrowType.Struct.INSTANCE;
    } else if (type instanceof ListOf list) {
      children.add(field(list.element()));
      arrowType = ArrowType.List.INSTANCE;
    } else {
      MapOf map = (MapOf) type;
      children.add(new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
          List.of(field(map.key()), field(map.value()))));
      arrowType = new ArrowType.Map(false);
    }
    return new Field(type.name(), new FieldType(type.nullable(), arrowType, null), children);
  }

  /** Builds the vector of one top-level field; the caller closes it. */
  static FieldVector build(BufferAllocator allocator, TestType type, List<NestedLevels> leafLevels,
      List<long[]> leafValues) {
    FieldVector vector = field(type).createVector(allocator);
    try {
      new ArrowNestedVectors(allocator, leafLevels, leafValues).load(vector, type, 0, 0);
    } catch (RuntimeException e) {
      vector.close();
      throw e;
    }
    return vector;
  }

  /** Loads {@code vector} (of {@code type}, at nesting depth {@code depth}) from leaf {@code leaf} onwards. */
  private void load(FieldVector vector, TestType type, int depth, int leaf) {
    NodeLevels node = leafLevels.get(leaf).node(depth);
    if (type instanceof Primitive) {
      long[] values = leafValues.get(leaf);
      try (ArrowBuf data = allocator.buffer(Math.max(8L, 8L * node.slotCount()))) {
        data.setZero(0, data.capacity());
        for (int v = 0; v < node.valueCount(); v++) {
          data.setLong(8L * node.valueSlots()[v], values[v]);
        }
        loadBuffers(vector, node, data);
      }
      return;
    }
    if (type instanceof Struct struct) {
      loadBuffers(vector, node, null);
      int childLeaf = leaf;
      for (int i = 0; i < struct.fields().size(); i++) {
        TestType child = struct.fields().get(i);
        load(vector.getChildrenFromFields().get(i), child, depth + 1, childLeaf);
        childLeaf += leafCount(child);
      }
      return;
    }
    try (ArrowBuf offsets = allocator.buffer(4L * (node.slotCount() + 1))) {
      for (int i = 0; i <= node.slotCount(); i++) {
        offsets.setInt(4L * i, node.offsets()[i]);
      }
      loadBuffers(vector, node, offsets);
    }
    ListVector list = (ListVector) vector;
    if (type instanceof ListOf listType) {
      load(list.getDataVector(), listType.element(), depth + 1, leaf);
    } else {
      MapOf map = (MapOf) type;
      FieldVector entries = ((MapVector) list).getDataVector();
      loadBuffers(entries, leafLevels.get(leaf).node(depth + 1), null);
      load(entries.getChildrenFromFields().get(0), map.key(), depth + 2, leaf);
      load(entries.getChildrenFromFields().get(1), map.value(), depth + 2, leaf + 1);
    }
  }

  /** Copies the heap validity into an ArrowBuf and loads it, plus {@code second} (offsets or data) when given. */
  private void loadBuffers(FieldVector vector, NodeLevels node, ArrowBuf second) {
    int bytes = (node.slotCount() + 7) >>> 3;
    try (ArrowBuf validity = allocator.buffer(Math.max(1, bytes))) {
      validity.setZero(0, validity.capacity());
      validity.setBytes(0, node.validity(), 0, bytes);
      List<ArrowBuf> buffers = second == null ? List.of(validity) : List.of(validity, second);
      // loadFieldBuffers retains what it keeps; our references are released by try-with-resources.
      vector.loadFieldBuffers(new ArrowFieldNode(node.slotCount(), node.nullCount()), buffers);
    }
  }

  static int leafCount(TestType type) {
    if (type instanceof Primitive) {
      return 1;
    }
    if (type instanceof Struct struct) {
      return struct.fields().stream().mapToInt(ArrowNestedVectors::leafCount).sum();
    }
    if (type instanceof ListOf list) {
      return leafCount(list.element());
    }
    MapOf map = (MapOf) type;
    return leafCount(map.key()) + leafCount(map.value());
  }
}
