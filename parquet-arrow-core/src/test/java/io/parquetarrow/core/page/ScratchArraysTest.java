package io.parquetarrow.core.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The scratch array pool: reuse by best fit, ownership, its limits, and stale contents poisoned under tests. */
class ScratchArraysTest {
  private static final int LARGE = ScratchArrays.MINIMUM_BYTES;

  @BeforeEach
  @AfterEach
  void emptyPool() {
    ScratchArrays.clear();
  }

  @Test
  void aGivenArrayIsHandedOutAgainOnlyOnce() {
    byte[] given = new byte[LARGE * 2];
    assertThat(ScratchArrays.give(given)).isEmpty();
    assertThat(ScratchArrays.pooledBytes()).isEqualTo(LARGE * 2L);
    assertThat(ScratchArrays.bytes(LARGE)).isSameAs(given);
    assertThat(ScratchArrays.pooledBytes()).isZero();
    assertThat(ScratchArrays.bytes(LARGE)).isNotSameAs(given).hasSize(LARGE);
  }

  @Test
  void theSmallestArrayLongEnoughIsTaken() {
    int[] small = new int[LARGE];
    int[] medium = new int[LARGE * 2];
    int[] large = new int[LARGE * 3];
    ScratchArrays.give(large);
    ScratchArrays.give(small);
    ScratchArrays.give(medium);
    assertThat(ScratchArrays.ints(LARGE + 1)).isSameAs(medium);
    assertThat(ScratchArrays.ints(LARGE)).isSameAs(small);
    assertThat(ScratchArrays.ints(LARGE)).isSameAs(large);
  }

  @Test
  void typesAreKeptApartAndFarLargerArraysAreNotHandedOut() {
    long[] longs = new long[LARGE];
    ScratchArrays.give(longs);
    assertThat(ScratchArrays.ints(LARGE)).hasSize(LARGE);
    // Eight times the request: kept for a larger one.
    assertThat(ScratchArrays.longs(LARGE / 8)).isNotSameAs(longs);
    assertThat(ScratchArrays.longs(LARGE / 2)).isSameAs(longs);
  }

  @Test
  void smallArraysAndArraysBeyondTheLimitAreNotKept() {
    ScratchArrays.give(new byte[LARGE - 1]);
    assertThat(ScratchArrays.pooledBytes()).isZero();
    ScratchArrays.give(new byte[(int) ScratchArrays.MAXIMUM_BYTES]);
    ScratchArrays.give(new byte[LARGE]);
    assertThat(ScratchArrays.pooledBytes()).isEqualTo(ScratchArrays.MAXIMUM_BYTES);
  }

  @Test
  void givingAnArrayTwiceIsAnError() {
    byte[] array = new byte[LARGE];
    ScratchArrays.give(array);
    assertThatThrownBy(() -> ScratchArrays.give(array)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("given twice");
  }

  @Test
  void arraysHandedOutHoldNoZerosWhenAssertionsAreOn() {
    boolean assertions = false;
    assert assertions = true;
    byte[] given = new byte[LARGE];
    ScratchArrays.give(given);
    byte[] bytes = ScratchArrays.bytes(LARGE);
    int[] ints = ScratchArrays.ints(10);
    long[] longs = ScratchArrays.longs(10);
    if (assertions) {
      assertThat(bytes).containsOnly((byte) 0xA5);
      assertThat(ints).containsOnly(0xA5A5A5A5);
      assertThat(longs).containsOnly(0xA5A5A5A5A5A5A5A5L);
    }
  }
}
