package io.parquetarrow.core.schema;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The writer's Arrow schema stored in a file's {@code ARROW:schema} key (base64 of an Arrow IPC Schema message),
 * and how it refines the schema inferred from Parquet types — Arrow C++'s {@code ApplyOriginalMetadata}, rule for
 * rule. It restores what Parquet cannot say: time zone names (when the inferred timestamp is UTC-adjusted),
 * durations (stored as INT64), dictionary encoding of binary and string fields, large binary/string, decimal256
 * for small precisions, LargeList and FixedSizeList (through struct and list nesting, not maps, like Arrow C++),
 * extension types whose storage matches, and field metadata (merged, the inferred field id winning).
 *
 * <p>Used by {@link ParquetToArrowSchema}; a stored schema whose top-level field count differs from the file's is
 * ignored, as in Arrow C++.
 */
final class StoredArrowSchema {
  /** The marker that opens an encapsulated IPC message in the current format. */
  private static final int IPC_CONTINUATION = 0xFFFFFFFF;

  private StoredArrowSchema() {}

  static Schema decode(String base64, String source) throws ParquetCorruptionException {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64.trim());
    } catch (IllegalArgumentException e) {
      try {
        bytes = Base64.getMimeDecoder().decode(base64);
      } catch (IllegalArgumentException again) {
        throw new ParquetCorruptionException(source + ": key-value ARROW:schema is not valid base64: "
            + again.getMessage(), again);
      }
    }
    checkMessageLength(bytes, source);
    try {
      return Schema.deserializeMessage(ByteBuffer.wrap(bytes));
    } catch (RuntimeException e) {
      throw new ParquetCorruptionException(source + ": key-value ARROW:schema does not hold an Arrow IPC schema"
          + " message: " + e, e);
    }
  }

  /**
   * Checks the length prefix of the encapsulated IPC message (an optional 0xFFFFFFFF continuation marker, then a
   * little-endian int32 metadata length) against the bytes stored: Arrow's reader allocates a buffer of the
   * length it finds there before reading, so a damaged prefix would otherwise cost up to 2 GiB of heap.
   */
  private static void checkMessageLength(byte[] bytes, String source) throws ParquetCorruptionException {
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int prefix = 4;
    if (bytes.length >= 4 && buffer.getInt(0) == IPC_CONTINUATION) {
      prefix = 8;
    }
    if (bytes.length < prefix) {
      throw new ParquetCorruptionException(String.format(
          "%s: key-value ARROW:schema holds %d bytes, too few for an Arrow IPC message's length prefix", source,
          bytes.length));
    }
    int length = buffer.getInt(prefix - 4);
    if (length < 0 || length > bytes.length - prefix) {
      throw new ParquetCorruptionException(String.format(
          "%s: key-value ARROW:schema declares an Arrow IPC message of %d bytes but holds %d after its prefix",
          source, length, bytes.length - prefix));
    }
  }

  /**
   * Applies the stored schema's top-level fields to the inferred mappings, in place. One pass over the whole
   * schema, so dictionary ids are numbered across all fields and never shared by two dictionaries.
   */
  static void apply(List<Field> originals, List<FieldMapping> inferred) {
    Applier applier = new Applier();
    for (int i = 0; i < inferred.size(); i++) {
      inferred.set(i, applier.applyOriginal(originals.get(i), inferred.get(i)));
    }
  }

  private static final class Applier {
    private long nextDictionaryId;

    FieldMapping applyOriginal(Field original, FieldMapping inferred) {
      if (original.getType() instanceof ArrowType.ExtensionType extension) {
        Field storage = new Field(original.getName(),
            new FieldType(original.isNullable(), extension.storageType(), original.getDictionary(),
                original.getMetadata()), original.getChildren());
        FieldMapping applied = applyStorage(storage, inferred);
        if (applied.field().getType().equals(extension.storageType())) {
          applied = applied.withField(withType(applied.field(), extension));
        }
        return applied;
      }
      return applyStorage(original, inferred);
    }

    private FieldMapping applyStorage(Field original, FieldMapping inferred) {
      Field field = inferred.field();
      ArrowType inferredType = field.getType();
      // In Arrow C++ a dictionary field's type is the dictionary type itself, so none of the value-type rules
      // below apply to it; Arrow Java keeps the value type on the field and the encoding beside it.
      boolean originalIsDictionary = original.getDictionary() != null;
      ArrowType originalType = original.getType();
      List<FieldMapping> children = inferred.children();

      int childCount = field.getChildren().size();
      if (!originalIsDictionary && childCount > 0 && original.getChildren().size() == childCount) {
        ArrowType nestedType = nestedType(originalType, inferredType);
        if (nestedType != null) {
          List<FieldMapping> newChildren = new ArrayList<>(childCount);
          List<Field> childFields = new ArrayList<>(childCount);
          for (int i = 0; i < childCount; i++) {
            FieldMapping child = applyOriginal(original.getChildren().get(i), children.get(i));
            newChildren.add(child);
            childFields.add(child.field());
          }
          children = newChildren;
          field = new Field(field.getName(),
              new FieldType(field.isNullable(), nestedType, field.getDictionary(), field.getMetadata()),
              childFields);
        }
      }

      if (!originalIsDictionary) {
        ArrowTypeID from = originalType.getTypeID();
        ArrowTypeID to = field.getType().getTypeID();
        if (from == ArrowTypeID.Timestamp && to == ArrowTypeID.Timestamp) {
          ArrowType.Timestamp inferredTimestamp = (ArrowType.Timestamp) field.getType();
          String originalZone = ((ArrowType.Timestamp) originalType).getTimezone();
          if ("UTC".equals(inferredTimestamp.getTimezone()) && originalZone != null && !originalZone.isEmpty()) {
            field = withType(field, new ArrowType.Timestamp(inferredTimestamp.getUnit(), originalZone));
          }
        } else if (from == ArrowTypeID.Duration && to == ArrowTypeID.Int) {
          field = withType(field, originalType);
        } else if ((from == ArrowTypeID.LargeBinary && to == ArrowTypeID.Binary)
            || (from == ArrowTypeID.LargeUtf8 && to == ArrowTypeID.Utf8)) {
          field = withType(field, originalType);
        } else if (from == ArrowTypeID.Decimal && to == ArrowTypeID.Decimal
            && ((ArrowType.Decimal) originalType).getBitWidth() == 256
            && ((ArrowType.Decimal) field.getType()).getBitWidth() == 128) {
          field = withType(field, originalType);
        }
      } else if (field.getDictionary() == null
          && (field.getType().getTypeID() == ArrowTypeID.Binary || field.getType().getTypeID() == ArrowTypeID.Utf8)) {
        DictionaryEncoding originalEncoding = original.getDictionary();
        DictionaryEncoding encoding = new DictionaryEncoding(
            nextDictionaryId++, originalEncoding.isOrdered(), originalEncoding.getIndexType());
        field = new Field(field.getName(),
            new FieldType(field.isNullable(), field.getType(), encoding, field.getMetadata()), field.getChildren());
      }

      Map<String, String> originalMetadata = original.getMetadata();
      if (originalMetadata != null && !originalMetadata.isEmpty()) {
        Map<String, String> merged = new LinkedHashMap<>(originalMetadata);
        if (field.getMetadata() != null) {
          merged.putAll(field.getMetadata());
        }
        field = new Field(field.getName(),
            new FieldType(field.isNullable(), field.getType(), field.getDictionary(), merged), field.getChildren());
      }
      return inferred.withFieldAndChildren(field, children);
    }

    /** The nested type to rebuild with, or null when the original cannot refine the inferred one. */
    private static ArrowType nestedType(ArrowType original, ArrowType inferred) {
      ArrowTypeID from = original.getTypeID();
      switch (inferred.getTypeID()) {
        case Struct:
          return from == ArrowTypeID.Struct ? ArrowType.Struct.INSTANCE : null;
        case List:
          if (from == ArrowTypeID.List || from == ArrowTypeID.LargeList || from == ArrowTypeID.FixedSizeList) {
            return original;
          }
          return null;
        default:
          return null;
      }
    }

    private static Field withType(Field field, ArrowType type) {
      return new Field(field.getName(),
          new FieldType(field.isNullable(), type, field.getDictionary(), field.getMetadata()), field.getChildren());
    }
  }
}
