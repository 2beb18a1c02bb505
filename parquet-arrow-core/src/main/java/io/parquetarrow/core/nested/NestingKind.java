package io.parquetarrow.core.nested;

/**
 * The Arrow shape of one node on a leaf column's path ({@link NestedPath}): what the node contributes to the
 * assembled Arrow vectors.
 */
public enum NestingKind {
  /** An Arrow Struct: one slot per parent slot, a validity bitmap, no offsets. */
  STRUCT,
  /** An Arrow List (or LargeList): a validity bitmap and offsets into its single child. */
  LIST,
  /**
   * An Arrow Map: like a list, with offsets into its child, which is always the non-nullable entries
   * {@link #STRUCT} holding the key and the value.
   */
  MAP,
  /** The leaf column itself: a validity bitmap and the slots that receive the decoded non-null values. */
  LEAF;

  /** True for the kinds that own offsets (LIST and MAP). */
  public boolean isRepeated() {
    return this == LIST || this == MAP;
  }
}
