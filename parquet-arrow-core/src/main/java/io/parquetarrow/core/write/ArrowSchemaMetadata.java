package io.parquetarrow.core.write;

import java.util.Base64;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code ARROW:schema} footer entry: the Arrow schema as an encapsulated IPC Schema message (continuation
 * marker {@code 0xFFFFFFFF}, 32-bit little-endian metadata length, the flatbuffer padded to 8 bytes), base64
 * encoded — what Arrow C++'s {@code GetSchemaAsBase64} stores via {@code ipc::SerializeSchema}, and what its
 * reader (and {@code ParquetToArrowSchema}) decode to restore types Parquet cannot name.
 */
public final class ArrowSchemaMetadata {
  /** The footer key. */
  public static final String KEY = "ARROW:schema";

  private ArrowSchemaMetadata() {}

  /** Returns the base64 text of {@code schema}'s IPC message. */
  public static String encode(Schema schema) {
    // Schema.serializeAsMessage writes through MessageSerializer with the current IPC options, which frame the
    // message with the continuation marker and length, as Arrow C++ does since 0.15.
    return Base64.getEncoder().encodeToString(schema.serializeAsMessage());
  }
}
