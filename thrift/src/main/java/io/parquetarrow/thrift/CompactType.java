package io.parquetarrow.thrift;

/**
 * The four-bit type codes of the Thrift Compact Protocol, as they appear in field headers and in list, set and
 * map headers. Field headers carry boolean values in the type code itself ({@link #BOOLEAN_TRUE} /
 * {@link #BOOLEAN_FALSE}); inside a list a boolean is a whole byte whose element type is {@link #BOOLEAN_TRUE}
 * (some writers put {@link #BOOLEAN_FALSE} there, which readers accept).
 *
 * <p>See the Thrift compact protocol specification, "Field types" and "List and set".
 */
public final class CompactType {
  private CompactType() {}

  public static final byte STOP = 0;
  public static final byte BOOLEAN_TRUE = 1;
  public static final byte BOOLEAN_FALSE = 2;
  public static final byte BYTE = 3;
  public static final byte I16 = 4;
  public static final byte I32 = 5;
  public static final byte I64 = 6;
  public static final byte DOUBLE = 7;
  public static final byte BINARY = 8;
  public static final byte LIST = 9;
  public static final byte SET = 10;
  public static final byte MAP = 11;
  public static final byte STRUCT = 12;

  /** The spelled-out name of a type code, for error messages. */
  public static String name(int type) {
    return switch (type) {
      case STOP -> "STOP";
      case BOOLEAN_TRUE -> "BOOLEAN_TRUE";
      case BOOLEAN_FALSE -> "BOOLEAN_FALSE";
      case BYTE -> "BYTE";
      case I16 -> "I16";
      case I32 -> "I32";
      case I64 -> "I64";
      case DOUBLE -> "DOUBLE";
      case BINARY -> "BINARY";
      case LIST -> "LIST";
      case SET -> "SET";
      case MAP -> "MAP";
      case STRUCT -> "STRUCT";
      default -> "invalid type " + type;
    };
  }

  /** The fewest bytes one element of this type occupies inside a list, set or map. */
  static int minimumElementBytes(int type) {
    return type == DOUBLE ? 8 : 1;
  }
}
