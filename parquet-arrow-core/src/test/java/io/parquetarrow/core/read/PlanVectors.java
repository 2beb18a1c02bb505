package io.parquetarrow.core.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * One empty vector per field of a read plan, as the reader's root holds them, for the tests that drive
 * {@link RowGroupReader} and {@link RowGroupBatches} directly: Arrow dictionaries in {@code provider}, field indexes
 * 0 to n - 1. The vectors belong to whichever root is made of them; closing this frees the dictionaries.
 */
record PlanVectors(List<FieldVector> vectors, DictionaryProvider provider, int[] fields,
    Map<Long, Dictionary> dictionaries) implements AutoCloseable {

  static PlanVectors of(ReadPlan plan, BufferAllocator allocator) {
    Map<Long, Dictionary> dictionaries = new HashMap<>();
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (Field field : plan.schema().getFields()) {
        vectors.add(DictionaryUtility.toMemoryFormat(field, allocator, dictionaries).createVector(allocator));
      }
    } catch (RuntimeException e) {
      dictionaries.values().forEach(dictionary -> dictionary.getVector().close());
      throw e;
    }
    DictionaryProvider provider =
        new DictionaryProvider.MapDictionaryProvider(dictionaries.values().toArray(new Dictionary[0]));
    int[] fields = new int[plan.fields().size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = i;
    }
    return new PlanVectors(vectors, provider, fields, dictionaries);
  }

  @Override
  public void close() {
    dictionaries.values().forEach(dictionary -> dictionary.getVector().close());
  }
}
