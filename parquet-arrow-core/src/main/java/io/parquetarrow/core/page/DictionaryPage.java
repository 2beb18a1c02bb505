package io.parquetarrow.core.page;

import io.parquetarrow.format.Encoding;

/**
 * A column chunk's dictionary page with its body uncompressed: {@code valueCount} entries in
 * {@code encoding} (PLAIN, or the deprecated PLAIN_DICTIONARY meaning PLAIN) at {@code data[offset, offset +
 * length)}. The array is the reader's scratch: decode it before the next call to {@link PageReader#nextPage()}.
 */
public record DictionaryPage(int valueCount, Encoding encoding, byte[] data, int offset, int length, long fileOffset) implements Page {}
