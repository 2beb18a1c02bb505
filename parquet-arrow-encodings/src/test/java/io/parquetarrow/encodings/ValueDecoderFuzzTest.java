package io.parquetarrow.encodings;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import io.parquetarrow.fuzz.FuzzChecks;
import io.parquetarrow.fuzz.FuzzChecks.FuzzFinding;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.util.SplittableRandom;

/**
 * Jazzer fuzz targets of every value decoder on raw page bytes, one per encoding, each built by
 * {@link Decoders#valueDecoder} as the column reader builds it. The input's last bytes choose the physical type,
 * type length, value count, kernels (scalar or the vector ones in use) and the sequence of reads and skips; the
 * rest is the page, an exact-length slice (sometimes behind a few bytes of another page) so that a read past its
 * end fails. See {@link FuzzChecks} for what counts as a finding; {@code ./fuzz} runs a campaign.
 */
class ValueDecoderFuzzTest {
  /** The most values a page may claim here: enough for every run length and bit-packed group to matter. */
  private static final int MAX_VALUES = 1 << 18;
  /** The most values one read or skip asks for, and the size of the destinations. */
  private static final int MAX_STEP = 4096;
  /**
   * Values decoded one step at a time before the rest of the page is skipped in one call: keeps an input that
   * claims many values (an RLE run, miniblocks of bit width 0) to about a millisecond.
   */
  private static final int STEPPED_VALUES = 1 << 12;
  /** Bytes a BYTE_ARRAY batch may hold, as the column reader's batch budget caps them. */
  private static final int BINARY_BATCH_BYTES = 8 << 20;
  private static final Type[] TYPES = Type.values();

  @FuzzTest
  void plain(FuzzedDataProvider data) {
    Type type = data.pickValue(TYPES);
    decode(data, Encoding.PLAIN, type, data.consumeInt(1, 64));
  }

  @FuzzTest
  void rleBoolean(FuzzedDataProvider data) {
    decode(data, Encoding.RLE, Type.BOOLEAN, 0);
  }

  @FuzzTest
  void deltaBinaryPacked(FuzzedDataProvider data) {
    decode(data, Encoding.DELTA_BINARY_PACKED, data.consumeBoolean() ? Type.INT32 : Type.INT64, 0);
  }

  @FuzzTest
  void deltaLengthByteArray(FuzzedDataProvider data) {
    decode(data, Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.BYTE_ARRAY, 0);
  }

  @FuzzTest
  void deltaByteArray(FuzzedDataProvider data) {
    boolean fixed = data.consumeBoolean();
    decode(data, Encoding.DELTA_BYTE_ARRAY, fixed ? Type.FIXED_LEN_BYTE_ARRAY : Type.BYTE_ARRAY,
        data.consumeInt(1, 64));
  }

  @FuzzTest
  void byteStreamSplit(FuzzedDataProvider data) {
    Type type = data.pickValue(new Type[] {Type.INT32, Type.FLOAT, Type.INT64, Type.DOUBLE,
        Type.FIXED_LEN_BYTE_ARRAY});
    decode(data, Encoding.BYTE_STREAM_SPLIT, type, data.consumeInt(1, 32));
  }

  /** Dictionary indices: a bit-width byte, then the RLE/bit-packed hybrid, checked against a dictionary size. */
  @FuzzTest
  void dictionaryIndices(FuzzedDataProvider data) {
    ParquetKernels kernels = kernels(data);
    int valueCount = data.consumeInt(0, MAX_VALUES);
    int dictionarySize = data.consumeInt(0, 1 << 30);
    SplittableRandom steps = new SplittableRandom(data.consumeLong());
    Page page = page(data);
    FuzzChecks.run(page.bytes().length, () -> {
      DictionaryIndexDecoder decoder = (DictionaryIndexDecoder) Decoders.valueDecoder(
          Encoding.RLE_DICTIONARY, Type.INT32, 0, kernels);
      decoder.init(page.bytes(), page.offset(), page.length(), valueCount);
      int[] indices = new int[MAX_STEP];
      int remaining = valueCount;
      while (remaining > 0) {
        int count = Math.min(remaining, 1 + steps.nextInt(MAX_STEP));
        if (valueCount - remaining >= STEPPED_VALUES) {
          decoder.skip(count = remaining);
        } else if (steps.nextInt(4) == 0) {
          decoder.skip(count);
        } else {
          decoder.readIndices(indices, 0, count, dictionarySize);
          for (int i = 0; i < count; i++) {
            if (Integer.compareUnsigned(indices[i], dictionarySize) >= 0) {
              throw new FuzzFinding("index " + indices[i] + " passed the check against " + dictionarySize, null);
            }
          }
        }
        remaining -= count;
      }
    });
  }

  /**
   * A PLAIN dictionary page of the chosen type followed by its data page's indices, gathered as the column reader
   * gathers BYTE_ARRAY values.
   */
  @FuzzTest
  void dictionary(FuzzedDataProvider data) {
    ParquetKernels kernels = kernels(data);
    Type type = data.pickValue(TYPES);
    int typeLength = data.consumeInt(0, 64);
    int entryCount = data.consumeInt(0, MAX_VALUES);
    int valueCount = data.consumeInt(0, MAX_STEP);
    int split = data.consumeInt(0, 1 << 20);
    byte[] bytes = data.consumeRemainingAsBytes();
    int dictionaryLength = Math.floorMod(split, bytes.length + 1);
    FuzzChecks.run(bytes.length, () -> {
      Dictionary dictionary = Dictionary.decode(type, typeLength, bytes, 0, dictionaryLength, entryCount, kernels);
      if (dictionary.size() != entryCount) {
        throw new FuzzFinding("dictionary of " + entryCount + " entries has size " + dictionary.size(), null);
      }
      DictionaryIndexDecoder indices = new DictionaryIndexDecoder(kernels);
      indices.init(bytes, dictionaryLength, bytes.length - dictionaryLength, valueCount);
      int[] read = new int[valueCount];
      indices.readIndices(read, 0, valueCount, dictionary.size());
      if (dictionary.kind() == Dictionary.Kind.BINARY) {
        BinaryBuffer gathered = new BinaryBuffer();
        gathered.setDataLimit(BINARY_BATCH_BYTES);
        dictionary.gatherBinary(read, 0, valueCount, gathered);
        for (int i = 0; i < valueCount; i++) {
          if (gathered.valueLength(i) != dictionary.entryBytes(read[i]).length) {
            throw new FuzzFinding("gathered value " + i + " differs from dictionary entry " + read[i], null);
          }
        }
      }
    });
  }

  /**
   * Decodes a page of {@code valueCount} values in a sequence of reads and skips the input chooses, the values after
   * the first {@link #STEPPED_VALUES} skipped at once.
   */
  private static void decode(FuzzedDataProvider data, Encoding encoding, Type type, int typeLength) {
    ParquetKernels kernels = kernels(data);
    int valueCount = data.consumeInt(0, MAX_VALUES);
    boolean littleEndian = data.consumeBoolean();
    SplittableRandom steps = new SplittableRandom(data.consumeLong());
    Page page = page(data);
    FuzzChecks.run(page.bytes().length, () -> {
      ValueDecoder<?> decoder = Decoders.valueDecoder(encoding, type, typeLength, kernels);
      decoder.init(page.bytes(), page.offset(), page.length(), valueCount);
      Destination destination = new Destination(type, typeLength);
      int remaining = valueCount;
      while (remaining > 0) {
        int count = Math.min(remaining, 1 + steps.nextInt(MAX_STEP));
        if (valueCount - remaining >= STEPPED_VALUES) {
          decoder.skip(count = remaining);
        } else if (steps.nextInt(4) == 0) {
          decoder.skip(count);
        } else if (littleEndian && decoder instanceof LittleEndianValues values) {
          values.readLittleEndian(destination.littleEndian, 0, count);
        } else {
          destination.read(decoder, count);
        }
        remaining -= count;
      }
    });
  }

  private static ParquetKernels kernels(FuzzedDataProvider data) {
    return data.consumeBoolean() ? KernelProvider.scalarKernels() : KernelProvider.get();
  }

  /** The rest of the input as a page: alone in its array, or after a few bytes the decoder must not read. */
  private static Page page(FuzzedDataProvider data) {
    int before = data.consumeInt(0, 3) == 0 ? data.consumeInt(1, 16) : 0;
    byte[] page = data.consumeRemainingAsBytes();
    byte[] bytes = new byte[before + page.length];
    System.arraycopy(page, 0, bytes, before, page.length);
    return new Page(bytes, before, page.length);
  }

  private record Page(byte[] bytes, int offset, int length) {}

  /** Where {@code read} puts values of one physical type: the array {@link ValueDecoder} names for it. */
  private static final class Destination {
    private final Type type;
    private final int width;
    private final int[] ints = new int[MAX_STEP];
    private final long[] longs = new long[MAX_STEP];
    private final byte[] bytes;
    private final byte[] littleEndian;
    private final BinaryBuffer binary = new BinaryBuffer();

    Destination(Type type, int typeLength) {
      this.type = type;
      this.width = switch (type) {
        case BOOLEAN -> 1;
        case INT96 -> 12;
        case FIXED_LEN_BYTE_ARRAY -> typeLength;
        default -> 0;
      };
      this.bytes = new byte[MAX_STEP * Math.max(width, 1)];
      this.littleEndian = new byte[MAX_STEP * 8];
      binary.setDataLimit(BINARY_BATCH_BYTES);
    }

    @SuppressWarnings("unchecked")
    void read(ValueDecoder<?> decoder, int count) throws ParquetException {
      switch (type) {
        case INT32, FLOAT -> ((ValueDecoder<int[]>) decoder).read(ints, 0, count);
        case INT64, DOUBLE -> ((ValueDecoder<long[]>) decoder).read(longs, 0, count);
        case BOOLEAN, INT96, FIXED_LEN_BYTE_ARRAY -> ((ValueDecoder<byte[]>) decoder).read(bytes, 0, count);
        case BYTE_ARRAY -> {
          binary.reset();
          ((ValueDecoder<BinaryBuffer>) decoder).read(binary, 0, count);
          if (binary.size() != count) {
            throw new FuzzFinding("read " + count + " byte arrays but the buffer holds " + binary.size(), null);
          }
        }
      }
    }
  }
}
