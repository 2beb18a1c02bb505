package io.parquetarrow.core.write;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The encoded (and compressed) data pages of one column chunk, headers included, held in memory by
 * {@link PageWriter} until the row group is written. It grows by adding blocks (each twice the previous, up to
 * 8 MiB) rather than by copying everything into a larger array, so each page byte is copied once on the way in
 * and once on the way out ({@link #writeTo}); it fails clearly at the 2 GiB a column chunk's offsets can describe.
 */
final class EncodedPages {
  private static final int FIRST_BLOCK = 4 * 1024; // small: a row group holds one chunk per column
  private static final int LARGEST_BLOCK = 8 * 1024 * 1024;

  private final List<byte[]> blocks = new ArrayList<>();
  /** The block being filled (the last of {@link #blocks}), and how much of it is used. */
  private byte[] current;
  private int used;
  private long size;

  void write(byte[] source, int offset, int length) {
    if (size + length > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("a column chunk would exceed 2 GiB in memory; lower the row group size");
    }
    while (length > 0) {
      if (current == null || used == current.length) {
        addBlock();
      }
      int part = Math.min(length, current.length - used);
      System.arraycopy(source, offset, current, used, part);
      used += part;
      offset += part;
      length -= part;
      size += part;
    }
  }

  private void addBlock() {
    int length = current == null ? FIRST_BLOCK : Math.min(LARGEST_BLOCK, 2 * current.length);
    current = new byte[length];
    blocks.add(current);
    used = 0;
  }

  int size() {
    return (int) size;
  }

  /** Writes the bytes held, in order, to {@code out}. */
  void writeTo(PositionedOutput out) throws IOException {
    for (int i = 0; i < blocks.size(); i++) {
      byte[] block = blocks.get(i);
      out.write(block, 0, i == blocks.size() - 1 ? used : block.length);
    }
  }

  /** Forgets the bytes; keeps the first block for the next chunk (a large row group's memory is not pinned). */
  void reset() {
    if (blocks.size() > 1) {
      byte[] first = blocks.get(0);
      blocks.clear();
      blocks.add(first);
    }
    current = blocks.isEmpty() ? null : blocks.get(0);
    used = 0;
    size = 0;
  }
}
