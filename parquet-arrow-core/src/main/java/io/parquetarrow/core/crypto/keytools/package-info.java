/**
 * Key management tools for Parquet Modular Encryption: envelope encryption over a Key Management Service, in the
 * format of parquet-java's {@code org.apache.parquet.crypto.keytools} and Arrow C++'s {@code parquet::encryption}
 * key tools, so files can be exchanged with both.
 *
 * <p>It sits beside the read and write paths, not in them: the writer asks
 * {@link io.parquetarrow.core.crypto.keytools.CryptoFactory#encryptionPlan} for fresh data keys and the key metadata
 * to store with them; the reader gives the key metadata it finds in the footer to the
 * {@link io.parquetarrow.core.crypto.keytools.FileKeyUnwrapper} from
 * {@link io.parquetarrow.core.crypto.keytools.CryptoFactory#keyRetriever} and gets the keys back. Key material is a
 * flat JSON object ({@link io.parquetarrow.core.crypto.keytools.KeyMaterial}) kept inside the key metadata or in a
 * {@code _KEY_MATERIAL_FOR_<file>.json} store beside the file
 * ({@link io.parquetarrow.core.crypto.keytools.FileSystemKeyMaterialStore}). A KMS is reached through
 * {@link io.parquetarrow.core.crypto.keytools.KmsClient}; {@link io.parquetarrow.core.crypto.keytools.InMemoryKms}
 * is the one for tests. See docs/decisions/0040-key-tools-format-and-json.md.
 */
package io.parquetarrow.core.crypto.keytools;
