package io.parquetarrow.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.core.BytesInputFile;
import io.parquetarrow.core.crypto.FileDecryptionProperties;
import io.parquetarrow.core.crypto.keytools.KeyMaterial;
import io.parquetarrow.core.crypto.keytools.KeyMetadata;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the decryption path: the input is a file our writer encrypted ({@link SeedFiles}: encrypted footer with
 * one key for everything; plaintext footer with column keys; AES_GCM_V1 and AES_GCM_CTR_V1), read with the right
 * keys ({@link #decryption()}) through every batch and the metadata-only paths. Mutated bytes must end in a clean
 * rejection (authentication fails, or the decrypted bytes do not decode), never a crash, a leak or an exception
 * outside our family ({@link FuzzFindings}). A second target fuzzes the key tools' JSON: key metadata and key
 * material as the key tools store them.
 */
class EncryptedFileFuzzTest {
  static final String NAME = "fuzz-encrypted.parquet";
  /** The keys of the seed files: test keys, never used for anything else. */
  static final byte[] FOOTER_KEY = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  static final byte[] NAME_KEY = "abcdef0123456789abcdef0123456789".getBytes(StandardCharsets.US_ASCII);
  static final byte[] NUMBERS_KEY = "0123456789abcdef01234567".getBytes(StandardCharsets.US_ASCII);
  static final String NUMBERS_LEAF = "numbers.list.element";

  @FuzzTest(maxDuration = "5m")
  void readEncryptedFile(byte[] bytes) throws Exception {
    FileDecryptionProperties decryption = decryption();
    FuzzFindings.check(NAME, bytes.length,
        allocator -> WholeFileReads.readAllBatches(new BytesInputFile(NAME, bytes), allocator, decryption));
    FuzzFindings.check(NAME, bytes.length,
        allocator -> WholeFileReads.readMetadataPaths(new BytesInputFile(NAME, bytes), decryption));
  }

  @FuzzTest(maxDuration = "5m")
  void parseKeyMetadata(byte[] bytes) throws Exception {
    FuzzFindings.check(null, bytes.length, allocator -> {
      KeyMetadata metadata = KeyMetadata.parse(bytes);
      if (metadata.internalStorage()) {
        KeyMetadata again = KeyMetadata.parse(metadata.toBytes());
        if (!again.equals(metadata)) {
          throw new AssertionError("key metadata " + metadata + " reads back as " + again);
        }
      }
    });
    FuzzFindings.check(null, bytes.length, allocator -> {
      KeyMaterial material = KeyMaterial.parse(new String(bytes, StandardCharsets.UTF_8));
      KeyMaterial again = KeyMaterial.parse(material.toJson(false));
      if (!again.equals(material)) {
        throw new AssertionError("key material " + material + " reads back as " + again);
      }
    });
  }

  static FileDecryptionProperties decryption() {
    return FileDecryptionProperties.builder().footerKey(FOOTER_KEY).columnKey("name", NAME_KEY)
        .columnKey(NUMBERS_LEAF, NUMBERS_KEY).build();
  }
}
