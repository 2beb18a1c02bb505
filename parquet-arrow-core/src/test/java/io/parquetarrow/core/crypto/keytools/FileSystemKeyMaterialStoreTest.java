package io.parquetarrow.core.crypto.keytools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.parquetarrow.errors.ParquetEncryptionException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemKeyMaterialStoreTest {
  @TempDir
  Path directory;

  @Test
  void storeFileSitsBesideTheParquetFile() {
    Path parquetFile = directory.resolve("part-0.parquet");
    assertThat(FileSystemKeyMaterialStore.storeFileFor(parquetFile))
        .isEqualTo(directory.resolve("_KEY_MATERIAL_FOR_part-0.parquet.json"));
  }

  @Test
  void savedMaterialReadsBackInANewStore() throws Exception {
    Path parquetFile = directory.resolve("data.parquet");
    FileSystemKeyMaterialStore writer = FileSystemKeyMaterialStore.forParquetFile(parquetFile);
    writer.addKeyMaterial("footerKey", "{\"masterKeyID\":\"kf\"}");
    writer.addKeyMaterial("columnKey0", "{\"masterKeyID\":\"kc1\"}");
    writer.save();

    assertThat(Files.readString(writer.storeFile())).isEqualTo(
        "{\"footerKey\":\"{\\\"masterKeyID\\\":\\\"kf\\\"}\",\"columnKey0\":\"{\\\"masterKeyID\\\":\\\"kc1\\\"}\"}");
    assertThat(directory.resolve("_KEY_MATERIAL_FOR_data.parquet.json.tmp")).doesNotExist();

    FileSystemKeyMaterialStore reader = FileSystemKeyMaterialStore.forParquetFile(parquetFile);
    assertThat(reader.keyReferences()).containsExactly("footerKey", "columnKey0");
    assertThat(reader.keyMaterial("columnKey0")).isEqualTo("{\"masterKeyID\":\"kc1\"}");
    assertThatThrownBy(() -> reader.keyMaterial("columnKey1"))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("no key reference \"columnKey1\"");
  }

  @Test
  void saveReplacesAnOlderStore() throws Exception {
    Path parquetFile = directory.resolve("data.parquet");
    FileSystemKeyMaterialStore first = FileSystemKeyMaterialStore.forParquetFile(parquetFile);
    first.addKeyMaterial("footerKey", "old");
    first.save();
    FileSystemKeyMaterialStore second = FileSystemKeyMaterialStore.forParquetFile(parquetFile);
    second.addKeyMaterial("footerKey", "new");
    second.save();
    assertThat(FileSystemKeyMaterialStore.forParquetFile(parquetFile).keyMaterial("footerKey")).isEqualTo("new");
  }

  @Test
  void missingOrDamagedStoreIsNamed() throws Exception {
    Path parquetFile = directory.resolve("lonely.parquet");
    assertThatThrownBy(() -> FileSystemKeyMaterialStore.forParquetFile(parquetFile).keyMaterial("footerKey"))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("_KEY_MATERIAL_FOR_lonely.parquet.json does not exist");
    Files.writeString(FileSystemKeyMaterialStore.storeFileFor(parquetFile), "{\"footerKey\":true}");
    assertThatThrownBy(() -> FileSystemKeyMaterialStore.forParquetFile(parquetFile).keyMaterial("footerKey"))
        .isInstanceOf(ParquetEncryptionException.class)
        .hasMessageContaining("value of \"footerKey\" is not a string");
  }
}
