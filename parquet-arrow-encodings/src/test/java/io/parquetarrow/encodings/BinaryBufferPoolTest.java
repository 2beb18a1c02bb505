package io.parquetarrow.encodings;

import static org.assertj.core.api.Assertions.assertThat;

import io.parquetarrow.errors.ParquetCorruptionException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A {@link BinaryBuffer} over an {@link BinaryBuffer.ArrayPool}: it grows into the pool's arrays (longer than asked
 * and full of stale bytes, as pooled arrays are), gives back exactly the arrays it outgrew, each once and never one
 * it still uses, and on {@link BinaryBuffer#release()} both of its arrays.
 */
class BinaryBufferPoolTest {

  @Test
  void growsIntoPooledArraysAndGivesBackWhatItOutgrew() throws ParquetCorruptionException {
    RecordingPool pool = new RecordingPool();
    BinaryBuffer buffer = new BinaryBuffer(pool);
    Random random = new Random(5);
    List<byte[]> expected = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      byte[] value = new byte[random.nextInt(90)];
      random.nextBytes(value);
      buffer.append(value, 0, value.length);
      expected.add(value);
      assertThat(pool.given).as("after value %d: arrays in use given back", i)
          .doesNotContainKey(buffer.data()).doesNotContainKey(buffer.offsets());
    }
    assertHolds(buffer, expected);
    assertThat(pool.taken).as("arrays taken from the pool").isNotEmpty();
    assertEveryOutgrownArrayGivenBack(pool, buffer);

    byte[] data = buffer.data();
    int[] offsets = buffer.offsets();
    buffer.release();
    assertThat(pool.given).as("released arrays").containsKey(data).containsKey(offsets);
    assertThat(buffer.size()).isZero();
    assertThat(buffer.dataLength()).isZero();
    byte[] again = {1, 2, 3};
    buffer.append(again, 0, 3);
    assertHolds(buffer, List.of(again));
  }

  @Test
  void plainPagesDecodeIntoPooledArrays() throws ParquetCorruptionException {
    RecordingPool pool = new RecordingPool();
    BinaryBuffer buffer = new BinaryBuffer(pool);
    Random random = new Random(9);
    for (int batch = 0; batch < 4; batch++) {
      buffer.reset();
      List<byte[]> values = new ArrayList<>();
      ByteArrayOutputStream page = new ByteArrayOutputStream();
      int count = 1 + random.nextInt(3000) * (batch + 1);
      for (int i = 0; i < count; i++) {
        byte[] value = new byte[random.nextInt(70)];
        random.nextBytes(value);
        values.add(value);
        page.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(value.length).array());
        page.writeBytes(value);
      }
      byte[] bytes = page.toByteArray();
      PlainDecoder.ByteArrayValues decoder = new PlainDecoder.ByteArrayValues();
      decoder.init(bytes, 0, bytes.length, count);
      int first = count / 3;
      decoder.read(buffer, 0, first);
      decoder.read(buffer, first, count - first);
      assertHolds(buffer, values);
      assertThat(pool.given).as("batch %d: arrays in use given back", batch)
          .doesNotContainKey(buffer.data()).doesNotContainKey(buffer.offsets());
    }
    assertEveryOutgrownArrayGivenBack(pool, buffer);
  }

  private static void assertEveryOutgrownArrayGivenBack(RecordingPool pool, BinaryBuffer buffer) {
    for (Object array : pool.taken) {
      if (array != buffer.data() && array != buffer.offsets()) {
        assertThat(pool.given).as("an outgrown array of %d entries", java.lang.reflect.Array.getLength(array))
            .containsKey(array);
      }
    }
    assertThat(pool.given.values()).as("times each array was given back").containsOnly(1);
  }

  private static void assertHolds(BinaryBuffer buffer, List<byte[]> expected) {
    assertThat(buffer.size()).as("values").isEqualTo(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      assertThat(buffer.valueBytes(i)).as("value %d", i).isEqualTo(expected.get(i));
    }
  }

  /** Hands out arrays a third longer than asked and full of 0x5A, and counts each array given back. */
  private static final class RecordingPool implements BinaryBuffer.ArrayPool {
    final List<Object> taken = new ArrayList<>();
    final Map<Object, Integer> given = new IdentityHashMap<>();

    @Override
    public byte[] bytes(int length) {
      byte[] array = new byte[length + length / 3];
      Arrays.fill(array, (byte) 0x5A);
      taken.add(array);
      return array;
    }

    @Override
    public int[] ints(int length) {
      int[] array = new int[length + length / 3];
      Arrays.fill(array, 0x5A5A5A5A);
      taken.add(array);
      return array;
    }

    @Override
    public void give(byte[] array) {
      given.merge(array, 1, Integer::sum);
    }

    @Override
    public void give(int[] array) {
      given.merge(array, 1, Integer::sum);
    }
  }
}
