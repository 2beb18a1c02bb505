package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.FlatBatchTarget;
import io.parquetarrow.core.column.ValueConversion;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.format.LogicalType;
import io.parquetarrow.format.PhysicalTypes;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.ParquetKernels;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Chooses the {@link ColumnAssembler} for an Arrow field read from one leaf column: by the field's Arrow type
 * (as {@code ParquetToArrowSchema} mapped it, possibly from a stored {@code ARROW:schema}) and the column's
 * physical type. A combination with no faithful conversion is an {@link UnsupportedParquetFeatureException}
 * naming both.
 */
public final class ColumnAssemblers {
  private ColumnAssemblers() {}

  /**
   * @param field the Arrow field (not dictionary-encoded)
   * @param column the leaf column behind it
   * @param maxDefinitionLevel the definition level at which the field's value is present
   */
  public static ColumnAssembler create(
      Field field, ColumnDescriptor column, int maxDefinitionLevel, ParquetKernels kernels)
      throws UnsupportedParquetFeatureException {
    Type physical = column.physicalType();
    ArrowType type = field.getType();
    int level = maxDefinitionLevel;
    ColumnAssembler assembler = switch (type.getTypeID()) {
      case Null -> new NullAssembler();
      case Bool -> physical == Type.BOOLEAN ? new BooleanAssembler(kernels, level) : null;
      case Int -> integer((ArrowType.Int) type, column, level, kernels);
      case FloatingPoint -> switch (((ArrowType.FloatingPoint) type).getPrecision()) {
        case HALF -> physical == Type.FIXED_LEN_BYTE_ARRAY && column.typeLength() == 2
            ? new FixedSizeBinaryAssembler(kernels, level, 2) : null;
        case SINGLE -> physical == Type.FLOAT ? new NumericAssembler(kernels, level, false, false, 4, 1, 1) : null;
        case DOUBLE -> physical == Type.DOUBLE ? new NumericAssembler(kernels, level, true, false, 8, 1, 1) : null;
      };
      case Date -> switch (((ArrowType.Date) type).getUnit()) {
        case DAY -> physical == Type.INT32 ? new NumericAssembler(kernels, level, false, false, 4, 1, 1) : null;
        case MILLISECOND -> physical == Type.INT32
            ? new NumericAssembler(kernels, level, false, false, 8, 86_400_000L, 1)
            : physical == Type.INT64 ? new NumericAssembler(kernels, level, true, false, 8, 1, 1) : null;
      };
      case Time -> time((ArrowType.Time) type, column, level, kernels);
      case Timestamp -> timestamp((ArrowType.Timestamp) type, column, level, kernels);
      case Duration -> physical == Type.INT64 ? new NumericAssembler(kernels, level, true, false, 8, 1, 1) : null;
      case Decimal -> decimal((ArrowType.Decimal) type, column, level, kernels);
      case FixedSizeBinary -> {
        int width = ((ArrowType.FixedSizeBinary) type).getByteWidth();
        boolean matches = (physical == Type.FIXED_LEN_BYTE_ARRAY && column.typeLength() == width)
            || (physical == Type.INT96 && width == PhysicalTypes.INT96_BYTES);
        yield matches ? new FixedSizeBinaryAssembler(kernels, level, width) : null;
      }
      case Utf8, Binary -> physical == Type.BYTE_ARRAY ? new VariableWidthAssembler(kernels, level, false) : null;
      case LargeUtf8, LargeBinary ->
          physical == Type.BYTE_ARRAY ? new VariableWidthAssembler(kernels, level, true) : null;
      default -> null;
    };
    if (assembler == null) {
      throw new UnsupportedParquetFeatureException("cannot read column " + column.dottedPath() + " of physical type "
          + physical + (physical == Type.FIXED_LEN_BYTE_ARRAY ? "(" + column.typeLength() + ")" : "")
          + " as Arrow " + type + " (field '" + field.getName() + "')");
    }
    return assembler;
  }

  /**
   * The conversion a flat column's reader applies as it decodes, so that its batches reach {@code assembler}
   * in Arrow's layout already (decimals from INT32, INT64 and short FIXED_LEN_BYTE_ARRAY, see
   * {@link ValueConversion}); null when the assembler takes the values as stored.
   */
  public static ValueConversion conversion(ColumnAssembler assembler) {
    if (assembler instanceof DecimalAssembler decimal) {
      return decimal.conversion();
    }
    if (assembler instanceof NumericAssembler numeric) {
      return numeric.conversion();
    }
    return assembler instanceof Int96TimestampAssembler int96 ? int96.conversion() : null;
  }

  /**
   * The target of one batch of a flat column read through {@code assembler} into {@code vector}. The reader writes
   * into the vector's buffers in place when Parquet and Arrow hold the same bytes: INT32, INT64, FLOAT, DOUBLE
   * unconverted; FIXED_LEN_BYTE_ARRAY as fixed-size binary or half float; decimals the reader converts as it
   * decodes (see {@link #conversion}: decimals, widened, narrowed or rescaled numbers, INT96 timestamps);
   * BYTE_ARRAY as {@code utf8}, {@code binary} or their large variants; BOOLEAN as {@code bool}. Null and
   * dictionary-encoded vectors are assembled from a heap batch.
   */
  public static FlatBatchTarget target(ColumnAssembler assembler, ColumnDescriptor column, FieldVector vector) {
    int width = directValueWidth(assembler, column);
    boolean flat = column.maxRepetitionLevel() == 0;
    FlatBatchTarget.Layout layout = width > 0 ? FlatBatchTarget.Layout.FIXED_WIDTH
        : flat && assembler instanceof VariableWidthAssembler ? FlatBatchTarget.Layout.BINARY
        : flat && assembler instanceof BooleanAssembler ? FlatBatchTarget.Layout.BITS
        : FlatBatchTarget.Layout.ASSEMBLED;
    return new VectorTarget(assembler, layout, width, vector);
  }

  /** Bytes per value of a batch written into the vector in place (see {@link #target}); 0 when it never is. */
  private static int directValueWidth(ColumnAssembler assembler, ColumnDescriptor column) {
    if (column.maxRepetitionLevel() != 0 || !(assembler instanceof FixedWidthAssembler fixedWidth)) {
      return 0;
    }
    ValueConversion conversion = conversion(assembler);
    if (conversion != null) {
      // A converting reader's conversion is its assembler's: its values come out as Arrow's.
      return conversion.width();
    }
    if (fixedWidth instanceof DecimalAssembler) {
      return 0; // a decimal the assembler converts and checks itself
    }
    if (!fixedWidth.copiesDirectly()) {
      return 0;
    }
    return switch (column.physicalType()) {
      case INT32, FLOAT -> fixedWidth instanceof NumericAssembler ? 4 : 0;
      case INT64, DOUBLE -> fixedWidth instanceof NumericAssembler ? 8 : 0;
      case INT96 -> fixedWidth instanceof FixedSizeBinaryAssembler ? PhysicalTypes.INT96_BYTES : 0;
      case FIXED_LEN_BYTE_ARRAY ->
          fixedWidth instanceof FixedSizeBinaryAssembler && column.typeLength() > 0 ? column.typeLength() : 0;
      default -> 0;
    };
  }

  private static ColumnAssembler integer(ArrowType.Int type, ColumnDescriptor column, int level, ParquetKernels kernels) {
    int width = type.getBitWidth() / 8;
    return switch (column.physicalType()) {
      case INT32 -> {
        boolean unsignedSource = column.effectiveLogicalType() instanceof LogicalType.IntType intType
            && !intType.isSigned();
        yield new NumericAssembler(kernels, level, false, unsignedSource, width, 1, 1);
      }
      case INT64 -> new NumericAssembler(kernels, level, true, false, width, 1, 1);
      default -> null;
    };
  }

  private static ColumnAssembler time(ArrowType.Time type, ColumnDescriptor column, int level, ParquetKernels kernels) {
    long targetPerSecond = perSecond(type.getUnit());
    long sourcePerSecond = column.effectiveLogicalType() instanceof LogicalType.TimeType time
        ? time.unit().perSecond() : targetPerSecond;
    int width = type.getBitWidth() / 8;
    return switch (column.physicalType()) {
      case INT32 -> scaled(kernels, level, false, width, sourcePerSecond, targetPerSecond);
      case INT64 -> scaled(kernels, level, true, width, sourcePerSecond, targetPerSecond);
      default -> null;
    };
  }

  private static ColumnAssembler timestamp(
      ArrowType.Timestamp type, ColumnDescriptor column, int level, ParquetKernels kernels) {
    long targetPerSecond = perSecond(type.getUnit());
    return switch (column.physicalType()) {
      case INT96 -> new Int96TimestampAssembler(kernels, level, 1_000_000_000L / targetPerSecond);
      case INT64 -> {
        long sourcePerSecond = column.effectiveLogicalType() instanceof LogicalType.TimestampType timestamp
            ? timestamp.unit().perSecond() : targetPerSecond;
        yield scaled(kernels, level, true, 8, sourcePerSecond, targetPerSecond);
      }
      default -> null;
    };
  }

  private static NumericAssembler scaled(ParquetKernels kernels, int level, boolean sourceIsLong, int width,
      long sourcePerSecond, long targetPerSecond) {
    long multiplier = targetPerSecond >= sourcePerSecond ? targetPerSecond / sourcePerSecond : 1;
    long divisor = sourcePerSecond > targetPerSecond ? sourcePerSecond / targetPerSecond : 1;
    return new NumericAssembler(kernels, level, sourceIsLong, false, width, multiplier, divisor);
  }

  private static ColumnAssembler decimal(
      ArrowType.Decimal type, ColumnDescriptor column, int level, ParquetKernels kernels) {
    int width = type.getBitWidth() / 8;
    if (width != 16 && width != 32) {
      return null;
    }
    DecimalAssembler.Source source = switch (column.physicalType()) {
      case INT32 -> DecimalAssembler.Source.INT32;
      case INT64 -> DecimalAssembler.Source.INT64;
      case FIXED_LEN_BYTE_ARRAY -> DecimalAssembler.Source.FIXED_LEN_BYTE_ARRAY;
      case BYTE_ARRAY -> DecimalAssembler.Source.BYTE_ARRAY;
      default -> null;
    };
    if (source == null) {
      return null;
    }
    return new DecimalAssembler(kernels, level, source, column.typeLength(), width);
  }

  static long perSecond(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1L;
      case MILLISECOND -> 1_000L;
      case MICROSECOND -> 1_000_000L;
      case NANOSECOND -> 1_000_000_000L;
    };
  }
}
