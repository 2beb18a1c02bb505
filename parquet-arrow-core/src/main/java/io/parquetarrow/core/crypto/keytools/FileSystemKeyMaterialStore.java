package io.parquetarrow.core.crypto.keytools;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The external key material store of parquet-java ({@code HadoopFSKeyMaterialStore}) and Arrow C++
 * ({@code FileSystemKeyMaterialStore}) on {@link java.nio.file}: a file named
 * {@code _KEY_MATERIAL_FOR_<parquet file name>.json} in the Parquet file's directory, holding one flat JSON object
 * that maps each key reference to its key material JSON as a string.
 *
 * <p>Reading loads the file once, on first use. Saving writes a temporary file beside it and moves it into place,
 * so a reader never sees half a store.
 */
public final class FileSystemKeyMaterialStore implements KeyMaterialStore {
  /** Prefix of the store's file name, before the Parquet file's name. */
  public static final String FILE_PREFIX = "_KEY_MATERIAL_FOR_";
  /** Suffix of the store's file name. */
  public static final String FILE_SUFFIX = ".json";

  private final Path storeFile;
  private Map<String, String> materials;

  private FileSystemKeyMaterialStore(Path storeFile) {
    this.storeFile = storeFile;
  }

  /** The store of the Parquet file at {@code parquetFile} (which need not exist yet). */
  public static FileSystemKeyMaterialStore forParquetFile(Path parquetFile) {
    return new FileSystemKeyMaterialStore(storeFileFor(parquetFile));
  }

  /** Where the store of {@code parquetFile} lives: {@code _KEY_MATERIAL_FOR_<name>.json} beside it. */
  public static Path storeFileFor(Path parquetFile) {
    Path name = parquetFile.getFileName();
    if (name == null) {
      throw new IllegalArgumentException("a Parquet file path with a file name is needed, not " + parquetFile);
    }
    return parquetFile.resolveSibling(FILE_PREFIX + name + FILE_SUFFIX);
  }

  /** The JSON file this store reads and writes. */
  public Path storeFile() {
    return storeFile;
  }

  @Override
  public synchronized void addKeyMaterial(String keyReference, String keyMaterialJson) {
    if (materials == null) {
      materials = new LinkedHashMap<>();
    }
    materials.put(keyReference, keyMaterialJson);
  }

  @Override
  public synchronized void save() throws ParquetEncryptionException {
    Map<String, String> toWrite = materials == null ? Map.of() : materials;
    Path temporary = storeFile.resolveSibling(storeFile.getFileName() + ".tmp");
    try {
      Files.writeString(temporary, FlatJson.writeObject(toWrite), StandardCharsets.UTF_8);
      Files.move(temporary, storeFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new ParquetEncryptionException("cannot write key material store " + storeFile + ": " + e, e);
    }
  }

  @Override
  public synchronized String keyMaterial(String keyReference) throws ParquetEncryptionException {
    String material = loaded().get(keyReference);
    if (material == null) {
      throw new ParquetEncryptionException(
          "key material store " + storeFile + " has no key reference \"" + keyReference + "\"");
    }
    return material;
  }

  @Override
  public synchronized Set<String> keyReferences() throws ParquetEncryptionException {
    return Collections.unmodifiableSet(loaded().keySet());
  }

  private Map<String, String> loaded() throws ParquetEncryptionException {
    if (materials != null) {
      return materials;
    }
    String text;
    try {
      text = Files.readString(storeFile, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ParquetEncryptionException("the file's key material is stored externally, but " + storeFile
          + " does not exist");
    } catch (IOException e) {
      throw new ParquetEncryptionException("cannot read key material store " + storeFile + ": " + e, e);
    }
    Map<String, String> read = new LinkedHashMap<>();
    for (Map.Entry<String, Object> entry : FlatJson.parseObject(text, "key material store " + storeFile).entrySet()) {
      if (!(entry.getValue() instanceof String material)) {
        throw new ParquetEncryptionException("key material store " + storeFile + ": the value of \""
            + entry.getKey() + "\" is not a string of key material JSON");
      }
      read.put(entry.getKey(), material);
    }
    materials = read;
    return materials;
  }

  @Override
  public String toString() {
    return "FileSystemKeyMaterialStore[" + storeFile + "]";
  }
}
