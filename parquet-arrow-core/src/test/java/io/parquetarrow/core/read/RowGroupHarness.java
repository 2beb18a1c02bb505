package io.parquetarrow.core.read;

import io.parquetarrow.core.ReadOptions;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.simd.KernelProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Drives {@link RowGroupReader} directly over every row group of a file, for the tests of skipping and of reading
 * selected rows: one vector per field of the read plan (Arrow dictionaries in a provider), every field read, the
 * chunks read on the calling thread without read-ahead.
 */
final class RowGroupHarness {
  /** What a visit sees of the read: the root the fields are read into, their dictionaries, the field indexes. */
  record Context(VectorSchemaRoot root, DictionaryProvider provider, int[] fields) {}

  /** One row group's visit. */
  interface Visit {
    void rowGroup(Context context, int position, RowGroupReader reader, long firstRow) throws Exception;
  }

  /** The rows of all row groups visited and the bytes their chunks read. */
  record Totals(long rows, long bytesRead) {}

  private RowGroupHarness() {}

  /** Opens {@code file} with {@code options} and visits each row group in order, its vectors from {@code allocator}. */
  static Totals forEachRowGroup(Path file, ReadOptions options, BufferAllocator allocator, Visit visit)
      throws Exception {
    try (ParquetFile parquet = ParquetFile.open(file)) {
      ReadPlan plan = ReadPlan.create(parquet, options, KernelProvider.get());
      try (PlanVectors planned = PlanVectors.of(plan, allocator)) {
        List<FieldReaderFactory> factories = new ArrayList<>();
        try {
          for (FieldPlan field : plan.fields()) {
            factories.add(field.newReaderFactory(plan, planned.provider()));
          }
          try (VectorSchemaRoot root = new VectorSchemaRoot(planned.vectors());
              ColumnChunks chunks = new ColumnChunks(parquet, true, 0, Runnable::run)) {
            Context context = new Context(root, planned.provider(), planned.fields());
            long firstRow = 0;
            for (int position = 0; position < plan.rowGroupCount(); position++) {
              RowGroupMetadata metadata = parquet.metadata().rowGroup(plan.rowGroup(position));
              try (RowGroupReader reader = RowGroupReader.open(plan.rowGroup(position), metadata, planned.fields(),
                  factories.toArray(new FieldReaderFactory[0]), chunks)) {
                visit.rowGroup(context, position, reader, firstRow);
              }
              firstRow += metadata.rowCount();
            }
            return new Totals(firstRow, chunks.bytesRead());
          }
        } finally {
          factories.forEach(FieldReaderFactory::close);
        }
      }
    }
  }
}
