package io.parquetarrow.core.dataset;

import io.parquetarrow.core.file.ParquetMetadata;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a {@link ParquetDataset} keeps of one file: its public description, its footer (for pruning by statistics
 * without reopening it) and its Arrow schema as the dataset reads it (top-level dictionaries as their values).
 */
record FileEntry(DatasetFile file, ParquetMetadata metadata, Schema schema) {

  /** Whether the file has a top-level column of this name. */
  boolean hasColumn(String name) {
    return schema.getFields().stream().anyMatch(field -> field.getName().equals(name));
  }

  /** Whether every row of the file reads the column as null: the file lacks it, or has it with Arrow's Null type. */
  boolean readsAsNull(String name) {
    return schema.getFields().stream().noneMatch(field -> field.getName().equals(name)
        && !(field.getType() instanceof ArrowType.Null));
  }
}
