package io.parquetarrow.core.write;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Where Arrow meets the column layer on the write path: writes the rows of one top-level Arrow field to the
 * {@link ColumnChunkWriter}s of its leaf columns, flat and nested fields alike. Rows go in batches small enough
 * that no leaf's page passes its row limit within a batch; for each batch the {@link LevelBuilder} computes every
 * leaf's levels and value positions, and each leaf's {@link ArrowValueExtractor} copies the values into its
 * column writer's page. A dictionary-encoded top-level field offers its Arrow dictionary to its column writer for
 * adoption, so that rows using an adopted dictionary are written from their indices.
 */
final class FieldWriter {
  private final LevelBuilder levels;
  private final List<ColumnChunkWriter> columns;
  private final List<ArrowValueExtractor> extractors;
  private final int writeBatchRows;

  /** {@code columns} and {@code extractors} are in the order of {@link LevelBuilder#leaves()}. */
  FieldWriter(LevelBuilder levels, List<ColumnChunkWriter> columns, List<ArrowValueExtractor> extractors,
      int writeBatchRows) {
    this.levels = levels;
    this.columns = List.copyOf(columns);
    this.extractors = List.copyOf(extractors);
    this.writeBatchRows = writeBatchRows;
  }

  /**
   * Appends rows {@code [start, start + count)} of {@code vector}, the field's vector of one batch;
   * {@code dictionaries} holds the dictionaries of its dictionary-encoded parts, if any.
   */
  void write(FieldVector vector, DictionaryProvider dictionaries, int start, int count) {
    List<ColumnLevels> leaves = levels.leaves();
    try (LevelBuilder.BoundField bound = levels.bind(vector, dictionaries)) {
      boolean dictionaryEntries = bound.dictionaryEntries();
      FieldVector dictionary = dictionaryEntries ? bound.values(0) : null;
      boolean adoptable = dictionaryEntries && !bound.dictionaryHasNulls();
      while (count > 0) {
        int rows = Math.min(count, writeBatchRows);
        for (ColumnChunkWriter column : columns) {
          rows = Math.min(rows, column.rowsUntilPageLimit());
        }
        bound.build(start, rows);
        for (int leaf = 0; leaf < leaves.size(); leaf++) {
          ColumnLevels leafLevels = leaves.get(leaf);
          FieldVector values = bound.values(leaf);
          ArrowValueExtractor extractor = extractors.get(leaf);
          ColumnChunkWriter column = columns.get(leaf);
          int[] entries = adoptable && column.adoptDictionary(dictionary, dictionary.getValueCount(),
              buffer -> extractor.append(dictionary, allPositions(dictionary.getValueCount()),
                  dictionary.getValueCount(), buffer)) ? leafLevels.positions : null;
          column.write(leafLevels, rows,
              buffer -> extractor.append(values, leafLevels.positions, leafLevels.valueCount, buffer), entries);
        }
        start += rows;
        count -= rows;
      }
    }
  }

  private static int[] allPositions(int count) {
    int[] positions = new int[count];
    for (int i = 0; i < count; i++) {
      positions[i] = i;
    }
    return positions;
  }
}
