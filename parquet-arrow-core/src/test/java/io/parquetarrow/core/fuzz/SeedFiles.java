package io.parquetarrow.core.fuzz;

import io.parquetarrow.core.Codec;
import io.parquetarrow.core.ParquetArrowWriter;
import io.parquetarrow.core.WriteOptions;
import io.parquetarrow.core.crypto.FileEncryptionProperties;
import io.parquetarrow.core.crypto.ParquetCipher;
import io.parquetarrow.core.crypto.keytools.KeyMaterial;
import io.parquetarrow.core.crypto.keytools.KeyMetadata;
import io.parquetarrow.core.testing.TestAllocators;
import io.parquetarrow.core.testing.TestTables;
import io.parquetarrow.format.Encoding;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the committed seeds of the fuzz targets of this module into their Inputs directories: small files of our
 * writer ({@link TestTables#mixed}: flat primitives, a list and a struct, nulls everywhere) under several option
 * sets, the same files encrypted, key metadata, filter texts and bytes for the writer target. Not part of a normal
 * build; run it to regenerate the seeds after a format change:
 * {@code mvn -o -B -pl parquet-arrow-core -am test -Dtest=SeedFiles -Dsurefire.failIfNoSpecifiedTests=false
 * -Dfuzz.writeSeeds=true}. Findings live beside the seeds and are never regenerated.
 */
class SeedFiles {
  private static final Path RESOURCES = Path.of("src/test/resources/io/parquetarrow/core");
  private static final int ROWS = 30;

  @Test
  @EnabledIfSystemProperty(named = "fuzz.writeSeeds", matches = "true")
  void writeSeeds() throws IOException {
    Path whole = RESOURCES.resolve("fuzz/WholeFileFuzzTestInputs/readWholeFile");
    write(whole.resolve("seed_v1_plain_uncompressed.parquet"), WriteOptions.builder().dictionaryEnabled(false)
        .codec(Codec.UNCOMPRESSED).pageRowLimit(8).rowGroupRowLimit(20));
    write(whole.resolve("seed_v2_dictionary_snappy_bloom_filter.parquet"), WriteOptions.builder()
        .dataPageVersion(WriteOptions.DataPageVersion.V2).codec(Codec.SNAPPY).bloomFilter("name", 20, 0.05)
        .pageRowLimit(10));
    write(whole.resolve("seed_v1_zstd_checksums.parquet"), WriteOptions.builder().codec(Codec.ZSTD)
        .pageChecksums(true).pageRowLimit(12));
    write(whole.resolve("seed_v2_gzip_delta.parquet"), WriteOptions.builder().codec(Codec.GZIP)
        .dataPageVersion(WriteOptions.DataPageVersion.V2).dictionaryEnabled(false)
        .columnEncoding("big", Encoding.DELTA_BINARY_PACKED).columnEncoding("name", Encoding.DELTA_BYTE_ARRAY)
        .columnEncoding("blob", Encoding.DELTA_LENGTH_BYTE_ARRAY));
    write(whole.resolve("seed_v1_lz4_raw_byte_stream_split.parquet"), WriteOptions.builder().codec(Codec.LZ4_RAW)
        .dictionaryEnabled(false).columnEncoding("ratio", Encoding.BYTE_STREAM_SPLIT)
        .columnEncoding("id", Encoding.BYTE_STREAM_SPLIT).pageIndexEnabled(false));

    Path encrypted = RESOURCES.resolve("fuzz/EncryptedFileFuzzTestInputs/readEncryptedFile");
    write(encrypted.resolve("seed_encrypted_footer_gcm.parquet"), WriteOptions.builder().pageRowLimit(10)
        .pageChecksums(true).bloomFilter("name", 20, 0.05)
        .encryption(FileEncryptionProperties.builder(EncryptedFileFuzzTest.FOOTER_KEY).build()));
    write(encrypted.resolve("seed_plaintext_footer_gcm_ctr_column_keys.parquet"), WriteOptions.builder()
        .pageRowLimit(10).encryption(FileEncryptionProperties.builder(EncryptedFileFuzzTest.FOOTER_KEY)
            .columnKey("name", EncryptedFileFuzzTest.NAME_KEY)
            .columnKey(EncryptedFileFuzzTest.NUMBERS_LEAF, EncryptedFileFuzzTest.NUMBERS_KEY)
            .plaintextFooter(true).algorithm(ParquetCipher.AES_GCM_CTR_V1).build()));
    write(encrypted.resolve("seed_encrypted_footer_column_keys_aad_prefix.parquet"), WriteOptions.builder()
        .dataPageVersion(WriteOptions.DataPageVersion.V2).codec(Codec.SNAPPY)
        .encryption(FileEncryptionProperties.builder(EncryptedFileFuzzTest.FOOTER_KEY)
            .columnKey("name", EncryptedFileFuzzTest.NAME_KEY)
            .aadPrefix("fuzz-aad".getBytes(StandardCharsets.US_ASCII)).storeAadPrefix(true).build()));

    Path keys = RESOURCES.resolve("fuzz/EncryptedFileFuzzTestInputs/parseKeyMetadata");
    KeyMaterial footer = new KeyMaterial(true, "kms-1", "https://kms.example/", "footer-master", "d3JhcHBlZA==",
        false, null, null);
    KeyMaterial column = new KeyMaterial(false, null, null, "column-master", "d3JhcHBlZA==", true, "a2VrLWlk",
        "d3JhcHBlZC1rZWs=");
    Files.createDirectories(keys);
    Files.write(keys.resolve("seed_internal_footer_material.json"), new KeyMetadata(null, footer).toBytes());
    Files.write(keys.resolve("seed_internal_double_wrapped.json"), new KeyMetadata(null, column).toBytes());
    Files.write(keys.resolve("seed_external_reference.json"), new KeyMetadata("key-ref-7", null).toBytes());
    Files.writeString(keys.resolve("seed_external_material.json"), column.toJson(false));

    Path filters = RESOURCES.resolve("filter/FilterFuzzTestInputs/parseBindAndFilter");
    Files.createDirectories(filters);
    String[] texts = {
        "i > 3 AND s = 'ab'", "d BETWEEN -1 AND 1.5e0 OR m IN (1.25, -3, 0.07)", "NOT (t < DATE '2024-01-05')",
        "t >= TIMESTAMP '2023-12-25 12:00:00' AND p.x != 2", "s IS NOT NULL AND i NOT BETWEEN 0 AND 20",
        "\"s\" NOT IN ('a', 'é', 'x''y') OR d IS NULL", "row <= 17 OR row > 280 AND NOT m >= 0"};
    for (int i = 0; i < texts.length; i++) {
      Files.writeString(filters.resolve("seed_" + i + ".txt"), texts[i]);
    }

    Path writer = RESOURCES.resolve("fuzz/WriterRoundTripFuzzTestInputs/writeAndReadBack");
    Files.createDirectories(writer);
    SplittableRandom random = new SplittableRandom(33);
    for (int i = 0; i < 4; i++) {
      byte[] bytes = new byte[512 << i];
      random.nextBytes(bytes);
      Files.write(writer.resolve("seed_random_" + bytes.length + ".bin"), bytes);
    }
  }

  private static void write(Path file, WriteOptions.Builder options) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (BufferAllocator allocator = TestAllocators.root();
        VectorSchemaRoot root = TestTables.mixed(allocator, ROWS, 1);
        ParquetArrowWriter writer = ParquetArrowWriter.open(bytes, TestTables.mixedSchema(),
            options.syncOnClose(false).build())) {
      writer.write(root);
    }
    Files.createDirectories(file.getParent());
    Files.write(file, bytes.toByteArray());
  }
}
