package io.parquetarrow.core.nested;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Cutting level arrays at record boundaries, including records that may continue in the next page. */
class RecordBoundariesTest {
  // Records start at 0, 3, 4 and 7: [0 1 1] [0] [0 2 1] [0 1]
  private static final int[] REPETITION = {0, 1, 1, 0, 0, 2, 1, 0, 1};

  @Test
  void findsTheEndOfTheNthRecord() {
    assertThat(RecordBoundaries.findRecordEnd(REPETITION, 0, REPETITION.length, 1, false)).isEqualTo(3);
    assertThat(RecordBoundaries.findRecordEnd(REPETITION, 0, REPETITION.length, 3, false)).isEqualTo(7);
    assertThat(RecordBoundaries.findRecordEnd(REPETITION, 3, REPETITION.length, 2, false)).isEqualTo(7);
  }

  @Test
  void theLastRecordIsCompleteOnlyAtTheEndOfTheData() {
    // The fourth record may continue in the next page (V1 pages may begin mid-record).
    assertThat(RecordBoundaries.findRecordEnd(REPETITION, 0, REPETITION.length, 4, false))
        .isEqualTo(RecordBoundaries.NOT_FOUND);
    assertThat(RecordBoundaries.findRecordEnd(REPETITION, 0, REPETITION.length, 4, true))
        .isEqualTo(REPETITION.length);
    assertThat(RecordBoundaries.findRecordEnd(REPETITION, 0, REPETITION.length, 5, true))
        .isEqualTo(RecordBoundaries.NOT_FOUND);
    assertThat(RecordBoundaries.lastRecordStart(REPETITION, 0, REPETITION.length)).isEqualTo(7);
    assertThat(RecordBoundaries.lastRecordStart(REPETITION, 0, 3)).isZero();
  }

  @Test
  void countsRecordStarts() {
    assertThat(RecordBoundaries.countRecordStarts(REPETITION, 0, REPETITION.length)).isEqualTo(4);
    assertThat(RecordBoundaries.countRecordStarts(REPETITION, 1, 3)).isZero();
    assertThat(RecordBoundaries.countRecordStarts(null, 2, 9)).isEqualTo(7);
  }

  @Test
  void flatColumnsHaveOneRecordPerEntry() {
    assertThat(RecordBoundaries.findRecordEnd(null, 2, 10, 5, false)).isEqualTo(7);
    assertThat(RecordBoundaries.findRecordEnd(null, 2, 10, 9, true)).isEqualTo(RecordBoundaries.NOT_FOUND);
  }

  @Test
  void rejectsAStartInsideARecord() {
    assertThatThrownBy(() -> RecordBoundaries.findRecordEnd(REPETITION, 1, REPETITION.length, 1, false))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not the start of a record");
  }
}
