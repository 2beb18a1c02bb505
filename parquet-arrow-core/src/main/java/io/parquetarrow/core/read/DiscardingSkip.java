package io.parquetarrow.core.read;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * Skips rows of a field by reading them into a scratch vector and dropping it: correct for every shape, though it
 * decodes what it skips. The scratch vector and its dictionaries come from the reader's allocator and are freed
 * before this returns, and a dictionary-encoded field leaves the reader's own dictionaries as they were.
 */
final class DiscardingSkip {
  /** Rows read into the scratch vector at a time: few enough that even long values stay far from 2 GiB. */
  static final int ROWS_PER_READ = 4096;

  /** How the field's reader fills a vector: {@code rows} rows, dictionaries replaced in {@code dictionaries}. */
  interface Fill {
    void fill(int rows, FieldVector vector, DictionaryProvider dictionaries) throws IOException;
  }

  private DiscardingSkip() {}

  static void skip(long rows, Field field, BufferAllocator allocator, Fill fill) throws IOException {
    if (rows < 0) {
      throw new IllegalArgumentException("cannot skip " + rows + " rows");
    }
    if (rows == 0) {
      return;
    }
    Map<Long, Dictionary> dictionaries = new HashMap<>();
    try {
      Field memoryFormat = DictionaryUtility.toMemoryFormat(field, allocator, dictionaries);
      DictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider(dictionaries.values().toArray(new Dictionary[0]));
      try (FieldVector scratch = memoryFormat.createVector(allocator)) {
        for (long left = rows; left > 0; ) {
          int batch = (int) Math.min(left, ROWS_PER_READ);
          fill.fill(batch, scratch, provider);
          left -= batch;
        }
      }
    } finally {
      dictionaries.values().forEach(dictionary -> dictionary.getVector().close());
    }
  }
}
