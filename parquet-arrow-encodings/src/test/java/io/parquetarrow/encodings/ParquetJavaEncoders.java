package io.parquetarrow.encodings;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bitpacking.BitPackingValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * Encodes test values with parquet-java's writers, the independent implementation our decoders are compared
 * with. Test scope only.
 */
final class ParquetJavaEncoders {
  private static final ByteBufferAllocator HEAP = HeapByteBufferAllocator.getInstance();
  private static final int PAGE = 1 << 20;

  private ParquetJavaEncoders() {}

  static byte[] rleHybrid(int[] values, int bitWidth) {
    try (RunLengthBitPackingHybridEncoder encoder = new RunLengthBitPackingHybridEncoder(bitWidth, 64, PAGE, HEAP)) {
      for (int value : values) {
        encoder.writeInt(value);
      }
      return encoder.toBytes().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** BOOLEAN values in the RLE encoding, with their 4-byte length prefix. */
  static byte[] rleBooleans(boolean[] values) {
    RunLengthBitPackingHybridValuesWriter writer = new RunLengthBitPackingHybridValuesWriter(1, 64, PAGE, HEAP);
    for (boolean value : values) {
      writer.writeBoolean(value);
    }
    return finish(writer);
  }

  static byte[] bitPacked(int[] values, int maximum) {
    BitPackingValuesWriter writer = new BitPackingValuesWriter(maximum, 64, PAGE, HEAP);
    for (int value : values) {
      writer.writeInteger(value);
    }
    return finish(writer);
  }

  static byte[] deltaBinaryPacked(int[] values, int blockSize, int miniblocks) {
    DeltaBinaryPackingValuesWriterForInteger writer =
        new DeltaBinaryPackingValuesWriterForInteger(blockSize, miniblocks, 64, PAGE, HEAP);
    for (int value : values) {
      writer.writeInteger(value);
    }
    return finish(writer);
  }

  static byte[] deltaBinaryPacked(long[] values, int blockSize, int miniblocks) {
    DeltaBinaryPackingValuesWriterForLong writer =
        new DeltaBinaryPackingValuesWriterForLong(blockSize, miniblocks, 64, PAGE, HEAP);
    for (long value : values) {
      writer.writeLong(value);
    }
    return finish(writer);
  }

  static byte[] deltaLengthByteArray(byte[][] values) {
    DeltaLengthByteArrayValuesWriter writer = new DeltaLengthByteArrayValuesWriter(64, PAGE, HEAP);
    for (byte[] value : values) {
      writer.writeBytes(Binary.fromConstantByteArray(value));
    }
    return finish(writer);
  }

  static byte[] deltaByteArray(byte[][] values) {
    DeltaByteArrayWriter writer = new DeltaByteArrayWriter(64, PAGE, HEAP);
    for (byte[] value : values) {
      writer.writeBytes(Binary.fromConstantByteArray(value));
    }
    return finish(writer);
  }

  static byte[] byteStreamSplitFloats(int[] bits) {
    ValuesWriter writer = new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(64, PAGE, HEAP);
    for (int value : bits) {
      writer.writeFloat(Float.intBitsToFloat(value));
    }
    return finish(writer);
  }

  static byte[] byteStreamSplitInts(int[] values) {
    ValuesWriter writer = new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(64, PAGE, HEAP);
    for (int value : values) {
      writer.writeInteger(value);
    }
    return finish(writer);
  }

  static byte[] byteStreamSplitDoubles(long[] bits) {
    ValuesWriter writer = new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(64, PAGE, HEAP);
    for (long value : bits) {
      writer.writeDouble(Double.longBitsToDouble(value));
    }
    return finish(writer);
  }

  static byte[] byteStreamSplitLongs(long[] values) {
    ValuesWriter writer = new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(64, PAGE, HEAP);
    for (long value : values) {
      writer.writeLong(value);
    }
    return finish(writer);
  }

  static byte[] byteStreamSplitFixed(byte[] values, int width) {
    ValuesWriter writer =
        new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(width, 64, PAGE, HEAP);
    for (int i = 0; i < values.length; i += width) {
      writer.writeBytes(Binary.fromConstantByteArray(values, i, width));
    }
    return finish(writer);
  }

  static byte[] plainBooleans(boolean[] values) {
    BooleanPlainValuesWriter writer = new BooleanPlainValuesWriter();
    for (boolean value : values) {
      writer.writeBoolean(value);
    }
    return finish(writer);
  }

  static byte[] plainInts(int[] values) {
    PlainValuesWriter writer = new PlainValuesWriter(64, PAGE, HEAP);
    for (int value : values) {
      writer.writeInteger(value);
    }
    return finish(writer);
  }

  static byte[] plainFloats(int[] bits) {
    PlainValuesWriter writer = new PlainValuesWriter(64, PAGE, HEAP);
    for (int value : bits) {
      writer.writeFloat(Float.intBitsToFloat(value));
    }
    return finish(writer);
  }

  static byte[] plainLongs(long[] values) {
    PlainValuesWriter writer = new PlainValuesWriter(64, PAGE, HEAP);
    for (long value : values) {
      writer.writeLong(value);
    }
    return finish(writer);
  }

  static byte[] plainDoubles(long[] bits) {
    PlainValuesWriter writer = new PlainValuesWriter(64, PAGE, HEAP);
    for (long value : bits) {
      writer.writeDouble(Double.longBitsToDouble(value));
    }
    return finish(writer);
  }

  static byte[] plainBinaries(byte[][] values) {
    PlainValuesWriter writer = new PlainValuesWriter(64, PAGE, HEAP);
    for (byte[] value : values) {
      writer.writeBytes(Binary.fromConstantByteArray(value));
    }
    return finish(writer);
  }

  static byte[] plainFixed(byte[] values, int width) {
    FixedLenByteArrayPlainValuesWriter writer = new FixedLenByteArrayPlainValuesWriter(width, 64, PAGE, HEAP);
    for (int i = 0; i < values.length; i += width) {
      writer.writeBytes(Binary.fromConstantByteArray(values, i, width));
    }
    return finish(writer);
  }

  private static byte[] finish(ValuesWriter writer) {
    try {
      return writer.getBytes().toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      writer.close();
    }
  }
}
