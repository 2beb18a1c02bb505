package io.parquetarrow.bench;

import io.parquetarrow.encodings.BinaryBuffer;
import io.parquetarrow.encodings.ByteSlice;
import io.parquetarrow.encodings.Decoders;
import io.parquetarrow.encodings.Encoders;
import io.parquetarrow.encodings.RleBitPackedHybridEncoder;
import io.parquetarrow.encodings.ValueDecoder;
import io.parquetarrow.encodings.ValueEncoder;
import io.parquetarrow.errors.ParquetException;
import io.parquetarrow.format.Encoding;
import io.parquetarrow.format.Type;
import io.parquetarrow.simd.KernelProvider;
import io.parquetarrow.simd.ParquetKernels;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Value decoding per encoding through {@link Decoders}, with the kernels {@link KernelProvider#get()} picks: one
 * page of {@link #VALUES} values, encoded once with our {@link Encoders} (dictionary indices with
 * {@link RleBitPackedHybridEncoder}), decoded whole per invocation into a reused destination. Reported in
 * microseconds per page; divide {@link #VALUES} by it for values per microsecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DecoderBenchmark {
  static final int VALUES = 64 * 1024;
  static final long SEED = 20261123L;

  /** Encoding and physical type of the page, and how its values are drawn. */
  public enum Case {
    PLAIN_INT32(Encoding.PLAIN, Type.INT32),
    PLAIN_INT64(Encoding.PLAIN, Type.INT64),
    PLAIN_DOUBLE(Encoding.PLAIN, Type.DOUBLE),
    PLAIN_BOOLEAN(Encoding.PLAIN, Type.BOOLEAN),
    PLAIN_BYTE_ARRAY(Encoding.PLAIN, Type.BYTE_ARRAY),
    /** Text of 5–64 random bytes: lengths that no branch predicts ({@code ParquetKernels.copyShortValue}). */
    PLAIN_BYTE_ARRAY_TEXT(Encoding.PLAIN, Type.BYTE_ARRAY),
    RLE_DICTIONARY_INDICES(Encoding.RLE_DICTIONARY, Type.INT32),
    DELTA_BINARY_PACKED_INT32(Encoding.DELTA_BINARY_PACKED, Type.INT32),
    DELTA_BINARY_PACKED_INT64(Encoding.DELTA_BINARY_PACKED, Type.INT64),
    BYTE_STREAM_SPLIT_DOUBLE(Encoding.BYTE_STREAM_SPLIT, Type.DOUBLE),
    BYTE_STREAM_SPLIT_FLOAT(Encoding.BYTE_STREAM_SPLIT, Type.FLOAT),
    DELTA_LENGTH_BYTE_ARRAY(Encoding.DELTA_LENGTH_BYTE_ARRAY, Type.BYTE_ARRAY),
    DELTA_BYTE_ARRAY(Encoding.DELTA_BYTE_ARRAY, Type.BYTE_ARRAY);

    final Encoding encoding;
    final Type type;

    Case(Encoding encoding, Type type) {
      this.encoding = encoding;
      this.type = type;
    }
  }

  @Param({"PLAIN_INT32", "PLAIN_INT64", "PLAIN_DOUBLE", "PLAIN_BOOLEAN", "PLAIN_BYTE_ARRAY", "PLAIN_BYTE_ARRAY_TEXT",
      "RLE_DICTIONARY_INDICES", "DELTA_BINARY_PACKED_INT32", "DELTA_BINARY_PACKED_INT64", "BYTE_STREAM_SPLIT_DOUBLE",
      "BYTE_STREAM_SPLIT_FLOAT", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY"})
  public String encoding;

  private byte[] page;
  private ValueDecoder<Object> decoder;
  private Object destination;

  @Setup
  @SuppressWarnings("unchecked")
  public void setUp() throws ParquetException {
    Case selected = Case.valueOf(encoding);
    ParquetKernels kernels = KernelProvider.get();
    SplittableRandom random = new SplittableRandom(SEED);
    Object values = values(selected, random);
    ByteSlice encoded;
    if (selected == Case.RLE_DICTIONARY_INDICES) {
      RleBitPackedHybridEncoder indices = new RleBitPackedHybridEncoder(kernels, 10);
      indices.put((int[]) values, 0, VALUES);
      encoded = indices.flushWithBitWidth();
    } else {
      ValueEncoder<Object> encoder =
          (ValueEncoder<Object>) Encoders.valueEncoder(selected.encoding, selected.type, 0, kernels);
      encoder.put(values, 0, VALUES);
      encoded = encoder.flush();
    }
    page = encoded.toByteArray();
    decoder = (ValueDecoder<Object>) Decoders.valueDecoder(selected.encoding, selected.type, 0, kernels);
    destination = switch (selected.type) {
      case INT32, FLOAT -> new int[VALUES];
      case INT64, DOUBLE -> new long[VALUES];
      case BOOLEAN -> new byte[VALUES];
      case BYTE_ARRAY -> new BinaryBuffer(VALUES, page.length * 2);
      default -> throw new IllegalStateException("no destination for " + selected.type);
    };
  }

  @Benchmark
  public Object decode() throws ParquetException {
    if (destination instanceof BinaryBuffer binary) {
      binary.reset();
    }
    decoder.init(page, 0, page.length, VALUES);
    decoder.read(destination, 0, VALUES);
    return destination;
  }

  /** Values shaped like real columns: keys and measures of moderate range, prefixed identifiers, text. */
  static Object values(Case selected, SplittableRandom random) {
    switch (selected.type) {
      case INT32 -> {
        int[] values = new int[VALUES];
        int bound = selected == Case.RLE_DICTIONARY_INDICES ? 1000 : 1_000_000;
        for (int index = 0; index < VALUES; index++) {
          values[index] = selected.encoding == Encoding.DELTA_BINARY_PACKED
              ? index * 3 + random.nextInt(100) : random.nextInt(bound);
        }
        return values;
      }
      case FLOAT -> {
        int[] values = new int[VALUES];
        for (int index = 0; index < VALUES; index++) {
          values[index] = Float.floatToRawIntBits((float) (20 + random.nextDouble() * 10));
        }
        return values;
      }
      case INT64 -> {
        long[] values = new long[VALUES];
        for (int index = 0; index < VALUES; index++) {
          values[index] = selected.encoding == Encoding.DELTA_BINARY_PACKED
              ? 1_700_000_000_000L + index * 1000L + random.nextInt(1000) : random.nextLong(1L << 40);
        }
        return values;
      }
      case DOUBLE -> {
        long[] values = new long[VALUES];
        for (int index = 0; index < VALUES; index++) {
          values[index] = Double.doubleToRawLongBits(Math.sin(index / 1000.0) * 100 + random.nextDouble());
        }
        return values;
      }
      case BOOLEAN -> {
        byte[] values = new byte[VALUES];
        for (int index = 0; index < VALUES; index++) {
          values[index] = (byte) (random.nextBoolean() ? 1 : 0);
        }
        return values;
      }
      case BYTE_ARRAY -> {
        BinaryBuffer values = new BinaryBuffer(VALUES, VALUES * 40);
        try {
          byte[] text = new byte[64];
          for (int index = 0; index < VALUES; index++) {
            if (selected == Case.PLAIN_BYTE_ARRAY_TEXT) {
              int length = 5 + random.nextInt(60);
              for (int i = 0; i < length; i++) {
                text[i] = (byte) ('a' + random.nextInt(26));
              }
              values.append(text, 0, length);
            } else {
              byte[] value = ("customer#" + (100_000 + random.nextInt(900_000))).getBytes(StandardCharsets.US_ASCII);
              values.append(value, 0, value.length);
            }
          }
        } catch (ParquetException e) {
          throw new IllegalStateException(e);
        }
        return values;
      }
      default -> throw new IllegalStateException("no values for " + selected.type);
    }
  }
}
