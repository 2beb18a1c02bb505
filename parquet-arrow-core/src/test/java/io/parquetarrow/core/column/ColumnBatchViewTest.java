package io.parquetarrow.core.column;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A {@link ColumnBatch} whose levels or values are a view of a column reader's page arrays: what it shows, and that
 * copying the view out ({@link ColumnBatch#ownLevels}, {@link ColumnBatch#ownValues}, or asking for the value
 * arrays) leaves the batch independent of the page, which a reader moving on then overwrites.
 */
class ColumnBatchViewTest {

  @Test
  void viewedLevelsReadFromTheirOffsetAndOwnedLevelsOutliveThePage() {
    int[] pageDefinition = {9, 9, 1, 2, 0, 2, 9};
    int[] pageRepetition = {9, 9, 0, 1, 1, 0, 9};
    ColumnBatch batch = new ColumnBatch();
    batch.viewLevels(pageDefinition, pageRepetition, 2);
    batch.setLevelCount(4);

    assertThat(batch.levelOffset()).isEqualTo(2);
    assertThat(batch.definitionLevels()).isSameAs(pageDefinition);
    assertThat(batch.repetitionLevels()).isSameAs(pageRepetition);

    batch.ownLevels();
    Arrays.fill(pageDefinition, 7); // the reader's next page
    Arrays.fill(pageRepetition, 7);

    assertThat(batch.levelOffset()).isZero();
    assertThat(Arrays.copyOf(batch.definitionLevels(), 4)).containsExactly(1, 2, 0, 2);
    assertThat(Arrays.copyOf(batch.repetitionLevels(), 4)).containsExactly(0, 1, 1, 0);
  }

  @Test
  void appendingToViewedLevelsKeepsThemAndEndsTheView() {
    int[] pageDefinition = {5, 1, 1, 0};
    ColumnBatch batch = new ColumnBatch();
    batch.viewLevels(pageDefinition, null, 1);
    batch.setLevelCount(3);

    int[] own = batch.ensureDefinitionLevels(10);

    assertThat(own).isNotSameAs(pageDefinition);
    assertThat(batch.levelOffset()).isZero();
    assertThat(Arrays.copyOf(own, 3)).containsExactly(1, 1, 0);
  }

  @Test
  void viewedLongsAreCopiedOutOnDemandWithRoomForEverySlot() {
    ByteBuffer page = ByteBuffer.allocate(5 + 3 * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    page.position(5);
    page.putLong(-1L).putLong(Long.MIN_VALUE).putLong(0x0102030405060708L);
    byte[] bytes = page.array();
    ColumnBatch batch = new ColumnBatch();
    batch.viewValues(bytes, 5, Long.BYTES);
    batch.setValueCount(3);
    batch.setLevelCount(40); // slots, most of them null, which assemblers spread the values to in place

    assertThat(batch.valueView()).isSameAs(bytes);
    assertThat(batch.valueViewOffset()).isEqualTo(5);

    long[] longs = batch.longs();
    Arrays.fill(bytes, (byte) 0x55); // the reader's next page

    assertThat(batch.valueView()).isNull();
    assertThat(longs.length).isGreaterThanOrEqualTo(40);
    assertThat(Arrays.copyOf(longs, 3)).containsExactly(-1L, Long.MIN_VALUE, 0x0102030405060708L);
  }

  @Test
  void viewedIntsAreCopiedOutWhenValuesAreAppended() {
    ByteBuffer page = ByteBuffer.allocate(2 * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    page.putInt(Integer.MAX_VALUE).putInt(-7);
    ColumnBatch batch = new ColumnBatch();
    batch.viewValues(page.array(), 0, Integer.BYTES);
    batch.setValueCount(2);
    batch.setLevelCount(2);

    int[] ints = batch.ensureInts(16);

    assertThat(batch.valueView()).isNull();
    assertThat(Arrays.copyOf(ints, 2)).containsExactly(Integer.MAX_VALUE, -7);
  }

  @Test
  void resetEndsBothViews() {
    ColumnBatch batch = new ColumnBatch();
    batch.viewLevels(new int[] {1, 2, 3}, null, 1);
    batch.viewValues(new byte[16], 8, Long.BYTES);

    batch.reset(4, true, false);

    assertThat(batch.levelOffset()).isZero();
    assertThat(batch.valueView()).isNull();
    assertThat(batch.definitionLevels().length).isGreaterThanOrEqualTo(4);
  }
}
