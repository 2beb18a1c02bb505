package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.nested.NestedLevels;
import io.parquetarrow.core.nested.NestingKind;
import io.parquetarrow.core.nested.NodeLevels;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.core.schema.FieldMapping;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The Arrow end of the nested read path: fills the vector tree of one top-level nested field (any mix of Struct,
 * List, LargeList and Map, at any depth) from the assembled levels of its leaf columns
 * ({@link io.parquetarrow.core.nested.NestedLevelAssembler}) and the leaves' values.
 *
 * <p>Walks the {@link FieldMapping} tree once per batch, top-down. Each Struct, List or Map vector takes its
 * validity bitmap and offsets from the first leaf below it (all leaves below carry the same information about it),
 * written into buffers sized exactly for the batch and handed to the vector with {@code loadFieldBuffers}; each
 * leaf vector is filled by an ordinary flat {@link ColumnAssembler} from one entry per leaf slot. A child's slot
 * count must equal its parent's element (list) or slot (struct) count, which catches leaves that disagree.
 *
 * <p>A FixedSizeList (restored from {@code ARROW:schema}; stored as a LIST) takes only validity: every non-null
 * list must have exactly its size ({@link ParquetCorruptionException} otherwise); a null one still gets its
 * {@code size} child slots, left null (see {@link #fillWithPlaceholders}). String and binary leaves that the field
 * declares dictionary-encoded are read as dictionaries (indices in the leaf vector, values in the dictionary the
 * caller provides). A
 * null map key is a {@link ParquetCorruptionException} (Arrow map keys are never null). Not thread-safe.
 */
public final class NestedAssembler {
  private final Node root;
  private final List<ColumnDescriptor> leaves;
  /** The provider of the current {@link #assemble} call, null outside it. */
  private DictionaryProvider dictionaries;

  /** One node of the field tree, with the leaf whose levels describe it and its depth on that leaf's path. */
  private record Node(FieldMapping mapping, int depth, int firstLeaf, int leafIndex, ColumnAssembler leaf,
      DictionaryAssembler dictionary, List<Node> children) {}

  private NestedAssembler(Node root, List<ColumnDescriptor> leaves) {
    this.root = root;
    this.leaves = List.copyOf(leaves);
  }

  /**
   * Prepares the assembly of {@code field}; the leaf assemblers read every leaf with maximum definition level 1
   * (see {@code NestedColumnReader#toLeafSlots}).
   */
  public static NestedAssembler create(FieldMapping field, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    List<ColumnDescriptor> leaves = new ArrayList<>();
    Node root = build(field, 0, leaves, kernels);
    return new NestedAssembler(root, leaves);
  }

  private static Node build(FieldMapping mapping, int depth, List<ColumnDescriptor> leaves, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    int firstLeaf = leaves.size();
    ArrowType type = mapping.field().getType();
    if (mapping.kind() == FieldMapping.Kind.PRIMITIVE) {
      ColumnDescriptor column = mapping.column();
      leaves.add(column);
      if (mapping.field().getDictionary() != null) {
        return new Node(mapping, depth, firstLeaf, firstLeaf, null, dictionaryAssembler(mapping, kernels), List.of());
      }
      ColumnAssembler assembler = ColumnAssemblers.create(mapping.field(), column, 1, kernels);
      return new Node(mapping, depth, firstLeaf, firstLeaf, assembler, null, List.of());
    }
    if (mapping.field().getDictionary() != null) {
      throw new UnsupportedParquetFeatureException("field '" + mapping.field().getName() + "' of Arrow type " + type
          + " is dictionary-encoded; only string and binary leaves can be read as dictionaries");
    }
    boolean supported = switch (mapping.kind()) {
      case STRUCT -> type instanceof ArrowType.Struct;
      case LIST -> type instanceof ArrowType.List || type instanceof ArrowType.LargeList
          || type instanceof ArrowType.FixedSizeList;
      case MAP -> type instanceof ArrowType.Map;
      default -> false;
    };
    if (!supported) {
      throw new UnsupportedParquetFeatureException("field '" + mapping.field().getName() + "' of Arrow type " + type
          + " cannot be read from a Parquet " + mapping.kind().name().toLowerCase(Locale.ROOT));
    }
    List<Node> children = new ArrayList<>();
    for (FieldMapping child : mapping.children()) {
      children.add(build(child, depth + 1, leaves, kernels));
    }
    return new Node(mapping, depth, firstLeaf, -1, null, null, children);
  }

  /**
   * A string or binary leaf that {@code ARROW:schema} declares dictionary-encoded, read as Arrow C++ reads it: the
   * index vector plus a dictionary built from each batch's values ({@link DictionaryAssembler}).
   */
  private static DictionaryAssembler dictionaryAssembler(FieldMapping mapping, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    ArrowType.ArrowTypeID type = mapping.field().getType().getTypeID();
    boolean large = type == ArrowType.ArrowTypeID.LargeUtf8 || type == ArrowType.ArrowTypeID.LargeBinary;
    boolean binary = large || type == ArrowType.ArrowTypeID.Utf8 || type == ArrowType.ArrowTypeID.Binary;
    if (mapping.column().physicalType() != Type.BYTE_ARRAY || !binary) {
      throw new UnsupportedParquetFeatureException("cannot read column " + mapping.column().dottedPath()
          + " of physical type " + mapping.column().physicalType() + " as an Arrow dictionary of "
          + mapping.field().getType());
    }
    return new DictionaryAssembler(kernels, 1, large);
  }

  /** Whether a leaf of the field is read as an Arrow dictionary (then {@link #assemble} needs the provider). */
  public boolean hasDictionaries() {
    return hasDictionaries(root);
  }

  private static boolean hasDictionaries(Node node) {
    if (node.dictionary() != null) {
      return true;
    }
    for (Node child : node.children()) {
      if (hasDictionaries(child)) {
        return true;
      }
    }
    return false;
  }

  /** The leaf columns of the field, in schema order: the order of the arrays {@link #assemble} takes. */
  public List<ColumnDescriptor> leaves() {
    return leaves;
  }

  /**
   * Replaces the contents of {@code vector} with one batch.
   *
   * @param levels each leaf's assembled levels for the batch, in {@link #leaves()} order
   * @param leafBatches each leaf's values, one entry per leaf slot (definition level 1 = value, 0 = null)
   * @param records the number of records (rows) in the batch
   */
  public void assemble(NestedLevels[] levels, ColumnBatch[] leafBatches, FieldVector vector, int records)
      throws ParquetException {
    assemble(levels, leafBatches, vector, records, null);
  }

  /**
   * As {@link #assemble(NestedLevels[], ColumnBatch[], FieldVector, int)}; dictionary-encoded leaves (whose vectors
   * hold the indices) replace the contents of their dictionary in {@code dictionaries} (the reader's, keyed by the
   * id in the leaf field's {@code DictionaryEncoding}).
   */
  public void assemble(NestedLevels[] levels, ColumnBatch[] leafBatches, FieldVector vector, int records,
      DictionaryProvider dictionaries) throws ParquetException {
    this.dictionaries = dictionaries;
    try {
      fill(root, vector, levels, leafBatches, records);
    } finally {
      this.dictionaries = null;
    }
  }

  private void fill(Node node, FieldVector vector, NestedLevels[] levels, ColumnBatch[] leafBatches, int slots)
      throws ParquetException {
    NodeLevels nodeLevels = levels[node.firstLeaf()].node(node.depth());
    if (nodeLevels.slotCount() != slots) {
      throw new ParquetCorruptionException("column " + leaves.get(node.firstLeaf()).dottedPath() + " gives field '"
          + node.mapping().field().getName() + "' " + nodeLevels.slotCount() + " slots, expected " + slots
          + " (the leaves of a nested field disagree about its shape)");
    }
    NestingKind kind = nodeLevels.node().kind();
    switch (node.mapping().kind()) {
      case PRIMITIVE -> {
        requireKind(node, kind, NestingKind.LEAF);
        if (node.dictionary() != null) {
          long id = node.mapping().field().getDictionary().getId();
          Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(id);
          if (dictionary == null) {
            throw new IllegalStateException("field '" + node.mapping().field().getName() + "' is dictionary-encoded"
                + " (id " + id + ") but no dictionary vector with that id was given");
          }
          node.dictionary().assemble(leafBatches[node.leafIndex()], vector, dictionary.getVector());
        } else {
          node.leaf().assemble(leafBatches[node.leafIndex()], vector);
        }
      }
      case STRUCT -> {
        requireKind(node, kind, NestingKind.STRUCT);
        load(vector, nodeLevels, false, false);
        List<FieldVector> children = vector.getChildrenFromFields();
        for (int i = 0; i < node.children().size(); i++) {
          fill(node.children().get(i), children.get(i), levels, leafBatches, slots);
        }
      }
      case LIST -> {
        requireKind(node, kind, NestingKind.LIST);
        if (vector instanceof FixedSizeListVector fixed) {
          checkFixedSizes(node, nodeLevels, fixed.getListSize());
          load(vector, nodeLevels, false, false);
          if (nodeLevels.nullCount() == 0) {
            fill(node.children().get(0), fixed.getDataVector(), levels, leafBatches, nodeLevels.elementCount());
          } else {
            fillWithPlaceholders(node, nodeLevels, fixed, levels, leafBatches);
          }
          return;
        }
        boolean large = vector instanceof LargeListVector;
        load(vector, nodeLevels, true, large);
        FieldVector data = large ? ((LargeListVector) vector).getDataVector() : ((ListVector) vector).getDataVector();
        fill(node.children().get(0), data, levels, leafBatches, nodeLevels.elementCount());
      }
      case MAP -> {
        requireKind(node, kind, NestingKind.MAP);
        load(vector, nodeLevels, true, false);
        Node entries = node.children().get(0);
        fill(entries, ((MapVector) vector).getDataVector(), levels, leafBatches, nodeLevels.elementCount());
        Node key = entries.children().get(0);
        NodeLevels keyLevels = levels[key.firstLeaf()].node(key.depth());
        if (keyLevels.nullCount() > 0) {
          throw new ParquetCorruptionException("column " + leaves.get(key.firstLeaf()).dottedPath() + ": "
              + keyLevels.nullCount() + " null keys in map '" + node.mapping().field().getName()
              + "' (expected none: map keys cannot be null)");
        }
      }
    }
  }

  /**
   * Arrow's layout gives a null fixed-size list {@code size} child slots, which the Parquet levels do not carry (a
   * null list has no elements there). The elements of the valid lists are assembled into a scratch child vector,
   * then copied to their places in the real one; the null lists' child slots stay null (zero bytes), as Arrow C++
   * leaves them. Only batches holding a null list pay for the copy.
   */
  private void fillWithPlaceholders(Node node, NodeLevels nodeLevels, FixedSizeListVector fixed,
      NestedLevels[] levels, ColumnBatch[] leafBatches) throws ParquetException {
    int size = fixed.getListSize();
    int slots = nodeLevels.slotCount();
    FieldVector data = fixed.getDataVector();
    try (FieldVector dense = data.getField().createVector(data.getAllocator())) {
      fill(node.children().get(0), dense, levels, leafBatches, nodeLevels.elementCount());
      int childSlots = Math.multiplyExact(slots, size);
      data.clear();
      data.setInitialCapacity(childSlots);
      data.allocateNew();
      int from = 0;
      for (int slot = 0; slot < slots; slot++) {
        if (nodeLevels.isValid(slot)) {
          for (int element = 0, to = slot * size; element < size; element++, to++) {
            data.copyFromSafe(from++, to, dense);
          }
        }
      }
      data.setValueCount(childSlots);
    }
  }

  /**
   * A FixedSizeList's offsets are implied (slot i starts at {@code i * size}), so every non-null list must hold
   * exactly {@code size} elements (a null list holds none in the levels; {@link #fillWithPlaceholders} gives it its
   * child slots).
   */
  private void checkFixedSizes(Node node, NodeLevels levels, int size) throws ParquetException {
    int[] offsets = levels.offsets();
    byte[] validity = levels.validity();
    for (int slot = 0; slot < levels.slotCount(); slot++) {
      int length = offsets[slot + 1] - offsets[slot];
      boolean valid = (validity[slot >>> 3] & (1 << (slot & 7))) != 0;
      if (length != (valid ? size : 0)) {
        throw new ParquetCorruptionException("column " + leaves.get(node.firstLeaf()).dottedPath()
            + ": FixedSizeList '" + node.mapping().field().getName() + "' of size " + size + " has " + length
            + " elements at slot " + slot + " of the batch (record " + slot
            + " when the list is the top-level field)");
      }
    }
  }

  private void requireKind(Node node, NestingKind found, NestingKind expected) {
    if (found != expected) {
      throw new IllegalStateException("field '" + node.mapping().field().getName() + "' is " + node.mapping().kind()
          + " but the nested path of column " + leaves.get(node.firstLeaf()).dottedPath() + " has " + found
          + " at depth " + node.depth());
    }
  }

  /** Hands the vector a validity bitmap (and offsets) sized exactly for the batch. */
  private static void load(FieldVector vector, NodeLevels levels, boolean offsets, boolean large) {
    BufferAllocator allocator = vector.getAllocator();
    int slots = levels.slotCount();
    int validityBytes = (slots + 7) >>> 3;
    long offsetBytes = offsets ? (long) (slots + 1) * (large ? 8 : 4) : 0;
    try (ArrowBuf validity = allocator.buffer(Math.max(1, validityBytes));
        ArrowBuf offsetBuffer = offsets ? allocator.buffer(offsetBytes) : null) {
      validity.setZero(0, validity.capacity());
      if (validityBytes > 0) {
        ArrowBuffers.copyBytes(levels.validity(), 0, validityBytes, validity, 0);
        if ((slots & 7) != 0) {
          // Bits past the last slot are unspecified in the assembler's output; Arrow expects them clear.
          validity.setByte(validityBytes - 1, validity.getByte(validityBytes - 1) & ((1 << (slots & 7)) - 1));
        }
      }
      List<ArrowBuf> buffers = new ArrayList<>(2);
      buffers.add(validity);
      if (offsets) {
        if (large) {
          ArrowBuffers.copyLongs(levels.offsetsAsLong(0), 0, slots + 1, offsetBuffer, 0);
        } else {
          ArrowBuffers.copyInts(levels.offsets(), 0, slots + 1, offsetBuffer, 0);
        }
        buffers.add(offsetBuffer);
      }
      if (!(vector instanceof StructVector) && !(vector instanceof FixedSizeListVector) && !offsets) {
        throw new IllegalStateException("unexpected vector " + vector.getClass().getSimpleName() + " for a struct");
      }
      vector.loadFieldBuffers(new ArrowFieldNode(slots, levels.nullCount()), buffers);
    }
  }
}
