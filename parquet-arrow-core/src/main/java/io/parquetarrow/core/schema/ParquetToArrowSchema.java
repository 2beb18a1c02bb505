package io.parquetarrow.core.schema;

import static io.parquetarrow.format.TimeUnit.MILLIS;

import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.ConvertedType;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Maps a Parquet schema to the Arrow schema it reads as, the way Arrow C++ ({@code parquet/arrow/schema.cc},
 * {@code schema_internal.cc}) does with default reader properties, and records for every Arrow field the Parquet
 * columns behind it ({@link SchemaMapping}, {@link FieldMapping}).
 *
 * <p>Types: BOOLEAN → bool; INT32 → int32, or int8/16/32 and uint8/16/32 (INT(bw, signed)), date32 (DATE),
 * time32[ms] (TIME(MILLIS)), decimal; INT64 → int64, uint64, timestamp (tz "UTC" when isAdjustedToUTC, none
 * otherwise), time64[us|ns], decimal; INT96 → timestamp[ns]; FLOAT/DOUBLE → float32/float64; BYTE_ARRAY → binary,
 * utf8 (STRING, JSON), binary (ENUM, BSON, GEOMETRY, GEOGRAPHY), decimal; FIXED_LEN_BYTE_ARRAY → fixed_size_binary
 * (also UUID and INTERVAL), float16 (FLOAT16), decimal. Decimals are decimal128 up to precision 38, decimal256
 * above. UNKNOWN → null. A logical type this library does not know reads as if unannotated. Legacy converted
 * types are first turned into logical types ({@link LegacyTypes}).
 *
 * <p>Nesting follows the spec's LogicalTypes.md, including its backward-compatibility rules for LIST and MAP:
 * 3-level lists, 2-level lists (repeated primitive or repeated group as element), {@code array} and
 * {@code <name>_tuple} element groups as structs, bare repeated fields as required lists of required elements,
 * MAP_KEY_VALUE as MAP, and single-field key-value groups as lists of keys. Child names are the Parquet names
 * (as Arrow C++ does: {@code element}, {@code item}, {@code array}, ...); a map's entries struct is named after
 * the map field, like Arrow C++. Field ids become field metadata {@code PARQUET:field_id}.
 *
 * <p>When the file carries {@code ARROW:schema} (the writer's Arrow schema), it is applied as Arrow C++'s
 * {@code ApplyOriginalMetadata} does ({@link StoredArrowSchema}).
 *
 * <p>Differences from Arrow C++ (deliberate): maps whose key field is optional (written by old Presto/Trino) are
 * accepted with a non-nullable key, where Arrow C++ refuses the file; GEOMETRY, GEOGRAPHY and VARIANT keep their
 * parameters as field metadata ({@value #LOGICAL_TYPE_KEY}, {@value #CRS_KEY}, {@value #EDGES_KEY},
 * {@value #VARIANT_VERSION_KEY}), where Arrow C++ without extension types drops them; a VARIANT group reads as
 * {@code struct<metadata, value>}, where Arrow C++ 18 refuses the annotation on a group. Everything else is checked
 * against Arrow C++ by {@code CorpusArrowSchemaTest} and {@code LegacySchemaDifferentialTest}.
 */
public final class ParquetToArrowSchema {
  /** Field metadata key Arrow C++ uses for Parquet field ids. */
  public static final String FIELD_ID_KEY = "PARQUET:field_id";
  /** Field metadata key naming a Parquet logical type that Arrow has no type for (GEOMETRY, ...). */
  public static final String LOGICAL_TYPE_KEY = "PARQUET:logical_type";
  /** Field metadata key holding a GEOMETRY or GEOGRAPHY column's CRS, when the file sets one. */
  public static final String CRS_KEY = "PARQUET:crs";
  /** Field metadata key holding a GEOGRAPHY column's edge interpolation algorithm, when the file sets one. */
  public static final String EDGES_KEY = "PARQUET:edge_interpolation_algorithm";
  /** Field metadata key holding a VARIANT group's specification version, when the file sets one. */
  public static final String VARIANT_VERSION_KEY = "PARQUET:variant_specification_version";
  /** The file key-value entry holding the writer's Arrow schema (base64 IPC Schema message). */
  public static final String ARROW_SCHEMA_KEY = "ARROW:schema";

  private final SchemaDescriptor schema;
  private final String source;

  private ParquetToArrowSchema(SchemaDescriptor schema, String source) {
    this.schema = schema;
    this.source = source;
  }

  /**
   * Converts {@code schema}, applying the stored Arrow schema found in {@code keyValueMetadata} if any.
   *
   * @param keyValueMetadata the file's key-value metadata (may be empty); becomes the Arrow schema's metadata,
   *     or the stored Arrow schema's metadata replaces it when present
   * @param source names the file in error messages
   * @throws ParquetCorruptionException when an annotation cannot apply to its node (e.g. STRING on INT32, a
   *     LIST group with two children), or the stored Arrow schema does not decode
   */
  public static SchemaMapping convert(SchemaDescriptor schema, Map<String, String> keyValueMetadata, String source)
      throws ParquetCorruptionException {
    ParquetToArrowSchema converter = new ParquetToArrowSchema(schema, source);
    List<FieldMapping> fields = new ArrayList<>();
    for (SchemaNode child : schema.root().children()) {
      fields.add(converter.convertNode(child, Levels.ROOT));
    }
    Map<String, String> metadata = new LinkedHashMap<>();
    for (Map.Entry<String, String> entry : keyValueMetadata.entrySet()) {
      // Arrow metadata values cannot be absent; a key written without a value reads as "".
      metadata.put(entry.getKey(), entry.getValue() == null ? "" : entry.getValue());
    }
    String stored = keyValueMetadata.get(ARROW_SCHEMA_KEY);
    if (stored != null) {
      Schema original = StoredArrowSchema.decode(stored, source);
      if (original.getFields().size() == fields.size()) {
        StoredArrowSchema.apply(original.getFields(), fields);
        metadata = new LinkedHashMap<>(original.getCustomMetadata());
      }
    }
    return new SchemaMapping(fields, metadata, schema);
  }

  /** Converts without key-value metadata (no stored Arrow schema). */
  public static SchemaMapping convert(SchemaDescriptor schema, String source) throws ParquetCorruptionException {
    return convert(schema, Map.of(), source);
  }

  /** Levels as Arrow C++'s {@code LevelInfo}: see {@link FieldMapping}. */
  private record Levels(int definition, int repetition, int repeatedAncestorDefinition) {
    static final Levels ROOT = new Levels(0, 0, 0);

    Levels increment(SchemaNode node) {
      if (node.isRepeated()) {
        return incrementRepeated();
      }
      return node.isOptional() ? new Levels(definition + 1, repetition, repeatedAncestorDefinition) : this;
    }

    Levels incrementRepeated() {
      return new Levels(definition + 1, repetition + 1, definition + 1);
    }
  }

  private FieldMapping convertNode(SchemaNode node, Levels levels) throws ParquetCorruptionException {
    if (node instanceof GroupNode group) {
      return convertGroup(group, levels);
    }
    PrimitiveNode primitive = (PrimitiveNode) node;
    FieldType type = primitiveType(primitive, !node.isRequired() && !node.isRepeated());
    if (node.isRepeated()) {
      // A bare repeated primitive: a required list of required elements, both named after the node.
      Levels inner = levels.incrementRepeated();
      FieldMapping element = leaf(primitive, new Field(node.name(), notNull(type), null), inner);
      Field list = new Field(node.name(),
          new FieldType(false, ArrowType.List.INSTANCE, null, fieldIdMetadata(node)), List.of(element.field()));
      return new FieldMapping(list, FieldMapping.Kind.LIST, node, null, List.of(element), inner.definition(),
          inner.repetition(), levels.repeatedAncestorDefinition());
    }
    Levels inner = levels.increment(node);
    return leaf(primitive, new Field(node.name(), type, null), inner);
  }

  private static FieldMapping leaf(PrimitiveNode node, Field field, Levels levels) {
    return new FieldMapping(field, FieldMapping.Kind.PRIMITIVE, node, node.column(), List.of(), levels.definition(),
        levels.repetition(), levels.repeatedAncestorDefinition());
  }

  private FieldMapping convertGroup(GroupNode group, Levels levels) throws ParquetCorruptionException {
    if (group.isListAnnotated()) {
      return convertList(group, levels);
    }
    if (group.isMapAnnotated()) {
      return convertMap(group, levels);
    }
    if (group.isRepeated()) {
      // A bare repeated group: a required list of required structs.
      Levels inner = levels.incrementRepeated();
      FieldMapping struct = groupToStruct(group, inner);
      Field list = new Field(group.name(),
          new FieldType(false, ArrowType.List.INSTANCE, null, fieldIdMetadata(group)), List.of(struct.field()));
      return new FieldMapping(list, FieldMapping.Kind.LIST, group, null, List.of(struct), inner.definition(),
          inner.repetition(), levels.repeatedAncestorDefinition());
    }
    return groupToStruct(group, levels.increment(group));
  }

  /** A struct of the group's children; the caller has already applied the group's own level increment. */
  private FieldMapping groupToStruct(GroupNode group, Levels levels) throws ParquetCorruptionException {
    List<FieldMapping> children = new ArrayList<>(group.childCount());
    List<Field> childFields = new ArrayList<>(group.childCount());
    for (SchemaNode child : group.children()) {
      FieldMapping mapping = convertNode(child, levels);
      children.add(mapping);
      childFields.add(mapping.field());
    }
    Map<String, String> metadata = fieldIdMetadata(group);
    if (group.effectiveLogicalType() instanceof LogicalType.VariantType variant) {
      metadata = metadata == null ? new LinkedHashMap<>() : new LinkedHashMap<>(metadata);
      metadata.put(LOGICAL_TYPE_KEY, "VARIANT");
      if (variant.specificationVersion() != null) {
        metadata.put(VARIANT_VERSION_KEY, Integer.toString(variant.specificationVersion()));
      }
    }
    Field field = new Field(group.name(),
        new FieldType(group.isOptional(), ArrowType.Struct.INSTANCE, null, metadata), childFields);
    return new FieldMapping(field, FieldMapping.Kind.STRUCT, group, null, children, levels.definition(),
        levels.repetition(), levels.repeatedAncestorDefinition());
  }

  private FieldMapping convertList(GroupNode group, Levels levels) throws ParquetCorruptionException {
    if (group.childCount() != 1) {
      throw invalid(group, "a LIST-annotated group must have exactly one child, found " + group.childCount());
    }
    if (group.isRepeated()) {
      throw invalid(group, "a LIST-annotated group must not be repeated");
    }
    Levels outer = levels.increment(group);
    SchemaNode repeated = group.child(0);
    if (!repeated.isRepeated()) {
      throw invalid(group, "the child of a LIST-annotated group must be repeated, found " + repeated.repetition());
    }
    Levels inner = outer.incrementRepeated();
    FieldMapping element;
    if (repeated instanceof GroupNode repeatedGroup) {
      if (repeatedGroup.childCount() == 0) {
        throw invalid(group, "the repeated group of a LIST must have at least one child");
      } else if (repeatedGroup.childCount() > 1) {
        // Backward compatibility rule 2: a repeated group with several fields is the (required) element.
        element = groupToStruct(repeatedGroup, inner);
      } else {
        SchemaNode only = repeatedGroup.child(0);
        if (only.isRepeated()) {
          // A 2-level list whose element is itself a list written with a repeated child, e.g.
          // old_list_structure.parquet: group a (LIST) { repeated group array (LIST) { repeated int32 array } }.
          // The inner repeated node is itself the (bare repeated) element list, as in Arrow C++.
          if (!repeatedGroup.isListAnnotated()) {
            throw invalid(group, "repeated group '" + repeatedGroup.name()
                + "' has one repeated child but is not LIST-annotated");
          }
          if (only instanceof GroupNode onlyGroup
              && (onlyGroup.childCount() == 0 || !onlyGroup.child(0).isRepeated())) {
            throw invalid(group, "repeated group '" + only.name() + "' inside a 2-level list must have a repeated"
                + " first child");
          }
          element = convertNode(only, inner);
        } else if (repeatedGroup.name().equals("array") || repeatedGroup.name().equals(group.name() + "_tuple")) {
          // Backward compatibility rule 3: named "array" or "<list>_tuple", the repeated group is the element.
          element = groupToStruct(repeatedGroup, inner);
        } else {
          // The standard 3-level list (rule 4): the repeated group's only child is the element.
          element = convertNode(only, inner);
        }
      }
    } else {
      // Backward compatibility rule 1: a repeated primitive is the (required) element.
      PrimitiveNode primitive = (PrimitiveNode) repeated;
      FieldType type = notNull(primitiveType(primitive, false));
      element = leaf(primitive, new Field(primitive.name(), type, null), inner);
    }
    Field list = new Field(group.name(),
        new FieldType(group.isOptional(), ArrowType.List.INSTANCE, null, fieldIdMetadata(group)),
        List.of(element.field()));
    return new FieldMapping(list, FieldMapping.Kind.LIST, group, null, List.of(element), inner.definition(),
        inner.repetition(), outer.repeatedAncestorDefinition());
  }

  private FieldMapping convertMap(GroupNode group, Levels levels) throws ParquetCorruptionException {
    if (group.childCount() != 1) {
      throw invalid(group, "a MAP-annotated group must have exactly one child, found " + group.childCount());
    }
    if (group.isRepeated()) {
      throw invalid(group, "a MAP-annotated group must not be repeated");
    }
    SchemaNode keyValueNode = group.child(0);
    if (!keyValueNode.isRepeated() || !(keyValueNode instanceof GroupNode keyValue)) {
      throw invalid(group, "the child of a MAP-annotated group must be a repeated group");
    }
    if (keyValue.childCount() != 1 && keyValue.childCount() != 2) {
      throw invalid(group, "the key-value group of a MAP must have 1 or 2 children, found " + keyValue.childCount());
    }
    if (keyValue.childCount() == 1) {
      // Arrow has no set type: a map without values reads as a list of its keys, as in Arrow C++.
      return convertList(group, levels);
    }
    Levels outer = levels.increment(group);
    Levels inner = outer.incrementRepeated();
    FieldMapping key = convertNode(keyValue.child(0), inner);
    if (key.field().isNullable()) {
      // Keys must be required, but Presto/Trino before 386 wrote them optional (incorrect_map_schema.parquet).
      // Arrow map keys cannot be null; a null key in the data is an error for the reader to report.
      key = key.withField(new Field(key.field().getName(), notNull(key.field().getFieldType()),
          key.field().getChildren()));
    }
    FieldMapping value = convertNode(keyValue.child(1), inner);
    Field entries = new Field(group.name(),
        new FieldType(false, ArrowType.Struct.INSTANCE, null, fieldIdMetadata(keyValue)),
        List.of(key.field(), value.field()));
    FieldMapping entriesMapping = new FieldMapping(entries, FieldMapping.Kind.STRUCT, keyValue, null,
        List.of(key, value), inner.definition(), inner.repetition(), inner.repeatedAncestorDefinition());
    Field map = new Field(group.name(),
        new FieldType(group.isOptional(), new ArrowType.Map(false), null, fieldIdMetadata(group)), List.of(entries));
    return new FieldMapping(map, FieldMapping.Kind.MAP, group, null, List.of(entriesMapping), inner.definition(),
        inner.repetition(), outer.repeatedAncestorDefinition());
  }

  private static FieldType notNull(FieldType type) {
    return new FieldType(false, type.getType(), type.getDictionary(), type.getMetadata());
  }

  private static Map<String, String> fieldIdMetadata(SchemaNode node) {
    Integer fieldId = node.fieldId();
    if (fieldId == null || fieldId < 0) {
      return null;
    }
    Map<String, String> metadata = new HashMap<>();
    metadata.put(FIELD_ID_KEY, Integer.toString(fieldId));
    return metadata;
  }

  private ParquetCorruptionException invalid(SchemaNode node, String what) {
    return ParquetCorruptionException.of("%s: schema node '%s': %s", source, node.dottedPath(), what);
  }

  /** The Arrow type of a leaf, with its field-id (and, for geospatial types, parameter) metadata. */
  private FieldType primitiveType(PrimitiveNode node, boolean nullable) throws ParquetCorruptionException {
    Map<String, String> metadata = fieldIdMetadata(node);
    LogicalType logical = node.effectiveLogicalType();
    ArrowType type;
    if (logical instanceof LogicalType.NullType) {
      type = ArrowType.Null.INSTANCE;
    } else {
      if (logical instanceof LogicalType.Unrecognized || logical instanceof LogicalType.VectorType) {
        // An annotation Arrow C++ does not know reads as none, so old readers still see the physical values.
        logical = null;
      }
      if (logical instanceof LogicalType.GeometryType || logical instanceof LogicalType.GeographyType) {
        metadata = metadata == null ? new LinkedHashMap<>() : new LinkedHashMap<>(metadata);
        if (logical instanceof LogicalType.GeometryType geometry) {
          metadata.put(LOGICAL_TYPE_KEY, "GEOMETRY");
          if (geometry.crs() != null) {
            metadata.put(CRS_KEY, geometry.crs());
          }
        } else {
          LogicalType.GeographyType geography = (LogicalType.GeographyType) logical;
          metadata.put(LOGICAL_TYPE_KEY, "GEOGRAPHY");
          if (geography.crs() != null) {
            metadata.put(CRS_KEY, geography.crs());
          }
          if (geography.algorithm() != null) {
            metadata.put(EDGES_KEY, geography.algorithm().name());
          }
        }
      }
      type = arrowType(node, logical);
    }
    return new FieldType(nullable, type, null, metadata);
  }

  private ArrowType arrowType(PrimitiveNode node, LogicalType logical) throws ParquetCorruptionException {
    Type physical = node.physicalType();
    if (physical == null) {
      throw invalid(node, "unknown physical type");
    }
    if (logical instanceof LogicalType.DecimalType decimal) {
      return decimal(node, decimal);
    }
    switch (physical) {
      case BOOLEAN:
        return ArrowType.Bool.INSTANCE;
      case INT32:
        if (logical == null) {
          return new ArrowType.Int(32, true);
        } else if (logical instanceof LogicalType.IntType integer && integer.bitWidth() <= 32
            && (integer.bitWidth() == 8 || integer.bitWidth() == 16 || integer.bitWidth() == 32)) {
          return new ArrowType.Int(integer.bitWidth(), integer.isSigned());
        } else if (logical instanceof LogicalType.DateType) {
          return new ArrowType.Date(DateUnit.DAY);
        } else if (logical instanceof LogicalType.TimeType time && time.unit() == MILLIS) {
          return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
        }
        break;
      case INT64:
        if (logical == null) {
          return new ArrowType.Int(64, true);
        } else if (logical instanceof LogicalType.IntType integer && integer.bitWidth() == 64) {
          return new ArrowType.Int(64, integer.isSigned());
        } else if (logical instanceof LogicalType.TimestampType timestamp) {
          TimeUnit unit = arrowUnit(timestamp.unit().perSecond());
          return new ArrowType.Timestamp(unit, timestamp.isAdjustedToUTC() ? "UTC" : null);
        } else if (logical instanceof LogicalType.TimeType time && time.unit() != MILLIS) {
          return new ArrowType.Time(arrowUnit(time.unit().perSecond()), 64);
        }
        break;
      case INT96:
        // Impala/Spark timestamps; Arrow C++ reads them as nanoseconds without a time zone by default.
        return new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
      case FLOAT:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case BYTE_ARRAY:
        if (logical == null || logical instanceof LogicalType.EnumType || logical instanceof LogicalType.BsonType
            || logical instanceof LogicalType.GeometryType || logical instanceof LogicalType.GeographyType) {
          return ArrowType.Binary.INSTANCE;
        } else if (logical instanceof LogicalType.StringType || logical instanceof LogicalType.JsonType) {
          return ArrowType.Utf8.INSTANCE;
        }
        break;
      case FIXED_LEN_BYTE_ARRAY:
        if (logical instanceof LogicalType.Float16Type) {
          if (node.typeLength() != 2) {
            throw invalid(node, "FLOAT16 needs FIXED_LEN_BYTE_ARRAY(2), found length " + node.typeLength());
          }
          return new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
        } else if (logical == null || logical instanceof LogicalType.UuidType) {
          // UUID stays fixed_size_binary(16): Arrow C++ only produces arrow.uuid with arrow_extensions_enabled.
          if (logical != null && node.typeLength() != PhysicalTypes.UUID_BYTES) {
            throw invalid(node, "UUID needs FIXED_LEN_BYTE_ARRAY(" + PhysicalTypes.UUID_BYTES + "), found length "
                + node.typeLength());
          }
          if (logical == null && node.convertedType() == ConvertedType.INTERVAL
              && node.typeLength() != PhysicalTypes.INTERVAL_BYTES) {
            throw invalid(node, "INTERVAL needs FIXED_LEN_BYTE_ARRAY(" + PhysicalTypes.INTERVAL_BYTES
                + "), found length " + node.typeLength());
          }
          return new ArrowType.FixedSizeBinary(node.typeLength());
        }
        break;
      default:
        break;
    }
    throw invalid(node, "logical type " + logical + " cannot annotate physical type " + physical);
  }

  private ArrowType decimal(PrimitiveNode node, LogicalType.DecimalType decimal) throws ParquetCorruptionException {
    int precision = decimal.precision();
    int scale = decimal.scale();
    int maximumPrecision = switch (node.physicalType()) {
      case INT32 -> 9;
      case INT64 -> 18;
      case FIXED_LEN_BYTE_ARRAY -> maximumDecimalPrecision(node.typeLength());
      case BYTE_ARRAY -> 76;
      default -> throw invalid(node, "DECIMAL cannot annotate " + node.physicalType());
    };
    if (precision < 1 || precision > Math.min(maximumPrecision, 76) || scale < 0 || scale > precision) {
      throw invalid(node, String.format("DECIMAL(precision %d, scale %d) is invalid for %s%s (expected precision"
              + " 1..%d and scale 0..precision)", precision, scale, node.physicalType(),
          node.physicalType() == Type.FIXED_LEN_BYTE_ARRAY ? "(" + node.typeLength() + ")" : "",
          Math.min(maximumPrecision, 76)));
    }
    return new ArrowType.Decimal(precision, scale, precision <= 38 ? 128 : 256);
  }

  /** The most decimal digits a two's complement integer of {@code length} bytes holds: floor(log10(2^(8n-1)-1)). */
  static int maximumDecimalPrecision(int length) {
    if (length <= 0) {
      return 0;
    }
    if (length >= 32) {
      return 76;
    }
    return (int) Math.floor(Math.log10(Math.pow(2, 8.0 * length - 1) - 1));
  }

  /** Arrow's unit of {@code perSecond} per second, as a Parquet unit's {@code perSecond()} says. */
  private static TimeUnit arrowUnit(long perSecond) {
    if (perSecond == 1_000L) {
      return TimeUnit.MILLISECOND;
    }
    return perSecond == 1_000_000L ? TimeUnit.MICROSECOND : TimeUnit.NANOSECOND;
  }
}
