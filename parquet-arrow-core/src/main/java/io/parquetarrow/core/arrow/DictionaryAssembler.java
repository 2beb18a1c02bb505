package io.parquetarrow.core.arrow;

import io.parquetarrow.core.column.ColumnBatch;
import io.parquetarrow.core.column.FlatBatchTarget;
import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.errors.UnsupportedParquetFeatureException;
import io.parquetarrow.simd.ParquetKernels;
import java.util.Arrays;
import net.openhft.hashing.LongHashFunction;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Arrow dictionary-encoded {@code utf8} / {@code binary} (and large variants) from BYTE_ARRAY, for fields that
 * {@code ARROW:schema} or {@code ReadOptions.dictionaryColumns} ask to read as dictionaries. Like Arrow C++, it
 * builds each batch's dictionary from the values themselves (first occurrence order), so pages that fell back
 * from dictionary to plain encoding need no special case; the index vector and the batch's dictionary vector
 * are each allocated once with their exact sizes. Deduplication hashes the value bytes on the heap with an open
 * addressing table reused from batch to batch (no allocation per value).
 */
public final class DictionaryAssembler {
  private static final LongHashFunction HASH = LongHashFunction.xx3();

  private final Validity validity;
  private final boolean largeValues;
  private int[] slots = new int[0];
  private int[] firstOccurrence = new int[0];
  private int[] indices = new int[0];
  private int[] dictionaryOffsets = new int[1];
  private long[] largeDictionaryOffsets = new long[1];
  private byte[] dictionaryData = new byte[0];
  private byte[] narrowIndices = new byte[0];
  private long[] wideIndices = new long[0];

  public DictionaryAssembler(ParquetKernels kernels, int maxDefinitionLevel, boolean largeValues) {
    this.validity = new Validity(kernels, maxDefinitionLevel);
    this.largeValues = largeValues;
  }

  /** The target of one batch read into {@code indexVector}, replacing {@code dictionaryVector}'s contents. */
  public FlatBatchTarget target(FieldVector indexVector, FieldVector dictionaryVector) {
    return FlatBatchTarget.assembled(batch -> assemble(batch, indexVector, dictionaryVector));
  }

  /** Fills {@code indexVector} (an integer vector) and replaces {@code dictionaryVector}'s contents. */
  public void assemble(ColumnBatch batch, FieldVector indexVector, FieldVector dictionaryVector)
      throws ParquetException {
    int rows = batch.levelCount();
    validity.build(batch);
    BinaryBuffer values = batch.binary();
    int count = values.size();
    int unique = deduplicate(values, count);
    int width = ((BaseFixedWidthVector) indexVector).getTypeWidth();
    if (width < 4 && unique > (1 << (8 * width - 1))) {
      throw new UnsupportedParquetFeatureException("a batch has " + unique + " distinct values, more than the "
          + (8 * width) + "-bit dictionary index type of the Arrow field can address; read fewer rows per batch");
    }
    writeDictionary(values, unique, dictionaryVector);
    writeIndices(rows, count, (BaseFixedWidthVector) indexVector);
  }

  private int deduplicate(BinaryBuffer values, int count) {
    int capacity = Integer.highestOneBit(Math.max(16, count * 2 - 1)) << 1;
    if (slots.length < capacity) {
      slots = new int[capacity];
    }
    Arrays.fill(slots, 0, capacity, -1);
    if (firstOccurrence.length < count) {
      firstOccurrence = new int[Math.max(count, firstOccurrence.length * 2)];
    }
    if (indices.length < Math.max(count, validity.rows())) {
      indices = new int[Math.max(Math.max(count, validity.rows()), indices.length * 2)];
    }
    int mask = capacity - 1;
    int[] offsets = values.offsets();
    byte[] data = values.data();
    int unique = 0;
    for (int i = 0; i < count; i++) {
      int start = offsets[i];
      int length = offsets[i + 1] - start;
      int slot = (int) HASH.hashBytes(data, start, length) & mask;
      while (true) {
        int entry = slots[slot];
        if (entry < 0) {
          slots[slot] = unique;
          firstOccurrence[unique] = i;
          indices[i] = unique++;
          break;
        }
        int other = firstOccurrence[entry];
        int otherStart = offsets[other];
        if (offsets[other + 1] - otherStart == length
            && Arrays.equals(data, start, start + length, data, otherStart, otherStart + length)) {
          indices[i] = entry;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
    return unique;
  }

  private void writeDictionary(BinaryBuffer values, int unique, FieldVector dictionaryVector) {
    int[] offsets = values.offsets();
    byte[] data = values.data();
    long total = 0;
    for (int u = 0; u < unique; u++) {
      int value = firstOccurrence[u];
      total += offsets[value + 1] - offsets[value];
    }
    // Unique values are a subset of the batch's values, whose total length fits an int.
    int length = (int) total;
    if (dictionaryData.length < length) {
      dictionaryData = new byte[Math.max(length, dictionaryData.length * 2)];
    }
    if (dictionaryOffsets.length < unique + 1) {
      dictionaryOffsets = new int[Math.max(unique + 1, dictionaryOffsets.length * 2)];
    }
    int end = 0;
    dictionaryOffsets[0] = 0;
    for (int u = 0; u < unique; u++) {
      int value = firstOccurrence[u];
      int valueLength = offsets[value + 1] - offsets[value];
      System.arraycopy(data, offsets[value], dictionaryData, end, valueLength);
      end += valueLength;
      dictionaryOffsets[u + 1] = end;
    }
    if (largeValues) {
      BaseLargeVariableWidthVector target = (BaseLargeVariableWidthVector) dictionaryVector;
      target.allocateNew(length, unique);
      ArrowBuffers.setAllValid(target.getValidityBuffer(), unique);
      if (largeDictionaryOffsets.length < unique + 1) {
        largeDictionaryOffsets = new long[Math.max(unique + 1, largeDictionaryOffsets.length * 2)];
      }
      for (int u = 0; u <= unique; u++) {
        largeDictionaryOffsets[u] = dictionaryOffsets[u];
      }
      ArrowBuffers.copyLongs(largeDictionaryOffsets, 0, unique + 1, target.getOffsetBuffer(), 0);
      ArrowBuffers.copyBytes(dictionaryData, 0, length, target.getDataBuffer(), 0);
      target.setLastSet(unique - 1);
      target.setValueCount(unique);
    } else {
      BaseVariableWidthVector target = (BaseVariableWidthVector) dictionaryVector;
      target.allocateNew(length, unique);
      ArrowBuffers.setAllValid(target.getValidityBuffer(), unique);
      ArrowBuffers.copyInts(dictionaryOffsets, 0, unique + 1, target.getOffsetBuffer(), 0);
      ArrowBuffers.copyBytes(dictionaryData, 0, length, target.getDataBuffer(), 0);
      target.setLastSet(unique - 1);
      target.setValueCount(unique);
    }
  }

  private void writeIndices(int rows, int count, BaseFixedWidthVector indexVector) {
    indexVector.allocateNew(rows);
    validity.writeTo(indexVector.getValidityBuffer());
    if (validity.hasNulls()) {
      validity.spreadInts(indices);
    }
    ArrowBuf data = indexVector.getDataBuffer();
    int width = indexVector.getTypeWidth();
    switch (width) {
      case 4 -> ArrowBuffers.copyInts(indices, 0, rows, data, 0);
      case 8 -> {
        if (wideIndices.length < rows) {
          wideIndices = new long[Math.max(rows, wideIndices.length * 2)];
        }
        long[] wide = wideIndices;
        for (int row = 0; row < rows; row++) {
          wide[row] = indices[row];
        }
        ArrowBuffers.copyLongs(wide, 0, rows, data, 0);
      }
      default -> {
        int bytes = rows * width;
        if (narrowIndices.length < bytes) {
          narrowIndices = new byte[Math.max(bytes, narrowIndices.length * 2)];
        }
        for (int row = 0; row < rows; row++) {
          int index = indices[row];
          for (int b = 0; b < width; b++) {
            narrowIndices[row * width + b] = (byte) (index >>> (8 * b));
          }
        }
        ArrowBuffers.copyBytes(narrowIndices, 0, bytes, data, 0);
      }
    }
    indexVector.setValueCount(rows);
  }
}
