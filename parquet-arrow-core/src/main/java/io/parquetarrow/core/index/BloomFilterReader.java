package io.parquetarrow.core.index;

import io.parquetarrow.core.crypto.ColumnDecryptor;
import io.parquetarrow.core.crypto.ModuleCipher;
import io.parquetarrow.core.crypto.ModuleCiphers;
import io.parquetarrow.core.crypto.ModuleType;
import io.parquetarrow.core.file.ColumnChunkMetadata;
import io.parquetarrow.core.file.InputFile;
import io.parquetarrow.core.file.ParquetFile;
import io.parquetarrow.core.file.RowGroupMetadata;
import io.parquetarrow.core.filter.ColumnSummary;
import io.parquetarrow.core.page.ChunkLocation;
import io.parquetarrow.core.read.ColumnChunks;
import io.parquetarrow.core.schema.ColumnDescriptor;
import io.parquetarrow.errors.ParquetCorruptionException;
import io.parquetarrow.format.BloomFilterAlgorithm;
import io.parquetarrow.format.BloomFilterCompression;
import io.parquetarrow.format.BloomFilterHash;
import io.parquetarrow.format.BloomFilterHeader;
import io.parquetarrow.thrift.CompactProtocolReader;
import io.parquetarrow.thrift.ThriftTruncatedException;
import java.io.IOException;
import java.util.OptionalLong;

/**
 * Reads a column chunk's split block Bloom filter for filter pushdown: the {@code BloomFilterHeader} at
 * {@code ColumnMetaData.bloom_filter_offset}, then the bitset after it, as a {@link SplitBlockBloomFilter}. Spec:
 * <a href="https://github.com/apache/parquet-format/blob/master/BloomFilter.md">BloomFilter.md</a>, "File Format".
 *
 * <p>{@link #read} gives the whole filter: with {@code bloom_filter_length} the header and bitset are read at once;
 * without it (older writers) the header is read from a {@value #SPECULATIVE_HEADER_READ}-byte prefix, retried
 * longer when it is longer, and the bitset with a second read of exactly {@code numBytes}. {@link #open}, for
 * pruning, reads the header the second way and leaves the bitset in the file: each probe reads the one block it
 * needs ({@link StoredBloomFilter}). In an encrypted column they are two modules,
 * {@link ModuleType#BLOOM_FILTER_HEADER} and {@link ModuleType#BLOOM_FILTER_BITSET}, each decrypted with the
 * chunk's {@link ColumnDecryptor}.
 *
 * <p>Nothing is allocated before the size it is for has been checked against the file's end (and
 * {@code bloom_filter_length} when set): a header longer than {@value #MAXIMUM_HEADER_BYTES} bytes, a
 * {@code numBytes} that is not a power of two in [32 bytes, 128 MiB], or a bitset past the end is a
 * {@link ParquetCorruptionException} naming the file, row group, column and offset. A filter of an algorithm, hash
 * or compression other than the spec's one (BLOCK, XXHASH, UNCOMPRESSED) is valid but unknown: no filter.
 */
public final class BloomFilterReader {
  /** The first read of a header whose length the footer does not give; usual headers take 15 bytes. */
  static final int SPECULATIVE_HEADER_READ = 256;
  /** The longest header accepted (the spec's header is 4 small fields; the rest would be unknown fields). */
  static final int MAXIMUM_HEADER_BYTES = 64 * 1024;

  private BloomFilterReader() {}

  /**
   * The Bloom filter of the chunk of {@code column} in {@code rowGroup}.
   *
   * @return the filter, or null when the chunk has none, its metadata is only stored encrypted, it lies in another
   *     file, or its algorithm, hash or compression is not the spec's split block, XXH64, uncompressed one
   * @throws ParquetCorruptionException the header does not decode, or its sizes do not fit the file
   * @throws io.parquetarrow.errors.ParquetEncryptionException the chunk is encrypted and its key is not at hand,
   *     or a module does not authenticate
   */
  public static SplitBlockBloomFilter read(ParquetFile file, RowGroupMetadata rowGroup, ColumnDescriptor column)
      throws IOException {
    Stored stored = locate(file, rowGroup, column);
    if (stored == null) {
      return null;
    }
    if (stored.decryptor != null) {
      return readEncrypted(stored.place, stored.limit, stored.decryptor);
    }
    return stored.declared ? readWhole(stored.place, stored.limit) : readSpeculatively(stored.place, stored.limit);
  }

  /**
   * The Bloom filter of the chunk of {@code column} in {@code rowGroup} for probing a few values: only its header
   * is read here, checked as {@link #read} checks it, and each probe reads the one 32-byte block it needs
   * ({@link StoredBloomFilter}). A filter that fits in the header's read comes whole; an encrypted one is read
   * whole, as {@link #read} does (its bitset is one module, authenticated as a whole).
   *
   * @return the filter, or null when {@link #read} would return null
   * @throws ParquetCorruptionException the header does not decode, or its sizes do not fit the file
   * @throws io.parquetarrow.errors.ParquetEncryptionException as for {@link #read}
   */
  public static ColumnSummary.BloomFilter open(ParquetFile file, RowGroupMetadata rowGroup,
      ColumnDescriptor column) throws IOException {
    Stored stored = locate(file, rowGroup, column);
    if (stored == null) {
      return null;
    }
    if (stored.decryptor != null) {
      return readEncrypted(stored.place, stored.limit, stored.decryptor);
    }
    Header header = readHeader(stored.place, stored.limit,
        stored.declared ? "bloom_filter_length" : "the file's end");
    if (header == null) {
      return null;
    }
    SplitBlockBloomFilter inPrefix = header.bitsetInPrefix();
    return inPrefix != null ? inPrefix : new StoredBloomFilter(stored.place.input,
        stored.place.offset + header.length, header.numBytes(), stored.place.describe());
  }

  /**
   * Where the chunk's filter is, once its offset and length are checked against the file; null when it has none
   * (or it lies in another file).
   */
  private static Stored locate(ParquetFile file, RowGroupMetadata rowGroup, ColumnDescriptor column)
      throws IOException {
    ColumnChunkMetadata chunk = rowGroup.column(column.leafIndex());
    OptionalLong offset = chunk.bloomFilterOffset();
    if (offset.isEmpty() || chunk.externalFilePath() != null) {
      return null;
    }
    ChunkLocation location = new ChunkLocation(file.name(), rowGroup.index(), column.dottedPath());
    Place place = new Place(file.inputFile(), location, offset.getAsLong());
    long available = place.input.length() - place.offset;
    OptionalLong declared = chunk.bloomFilterLength();
    if (available <= 0 || declared.isPresent() && (declared.getAsLong() <= 0 || declared.getAsLong() > available)) {
      throw place.corruption(String.format("bloom_filter_length %s does not fit the %d bytes left in the file",
          declared.isPresent() ? declared.getAsLong() : "(unset)", Math.max(available, 0)));
    }
    long limit = declared.isPresent() ? declared.getAsLong() : available;
    ColumnDecryptor decryptor = chunk.isEncrypted()
        ? ColumnChunks.decryptor(file, rowGroup, column, location) : null;
    return new Stored(place, limit, declared.isPresent(), decryptor);
  }

  /**
   * A chunk's filter: where, the bytes it may span ({@code bloom_filter_length}, else up to the file's end), whether
   * that length was declared, and the chunk's decryptor (null when plaintext).
   */
  private record Stored(Place place, long limit, boolean declared, ColumnDecryptor decryptor) {}

  /** A plaintext header, its length, and the prefix of the filter read to decode it. */
  private record Header(BloomFilterHeader header, int length, byte[] prefix) {
    int numBytes() {
      return header.numBytes();
    }

    /** The whole filter when the prefix read for the header already holds its bitset, else null. */
    SplitBlockBloomFilter bitsetInPrefix() {
      return length + numBytes() <= prefix.length
          ? SplitBlockBloomFilter.fromBitset(prefix, length, numBytes()) : null;
    }
  }

  /** Header and bitset in one read of {@code bloom_filter_length} bytes. */
  private static SplitBlockBloomFilter readWhole(Place place, long length) throws IOException {
    if (length > MAXIMUM_HEADER_BYTES + (long) SplitBlockBloomFilter.MAXIMUM_BYTES) {
      throw place.corruption("bloom_filter_length " + length + " exceeds the largest header and bitset ("
          + SplitBlockBloomFilter.MAXIMUM_BYTES + " bytes of bitset)");
    }
    byte[] bytes = place.input.readFully(place.offset, (int) length);
    CompactProtocolReader reader = new CompactProtocolReader(bytes);
    BloomFilterHeader header = place.decodeHeader(reader);
    int headerLength = reader.bytesConsumed();
    if (!isSplitBlock(header)) {
      return null;
    }
    place.checkBitsetSize(header.numBytes(), headerLength, length, "bloom_filter_length");
    return SplitBlockBloomFilter.fromBitset(bytes, headerLength, header.numBytes());
  }

  /** The header from a prefix read speculatively, then the bitset unless the prefix already holds it. */
  private static SplitBlockBloomFilter readSpeculatively(Place place, long available) throws IOException {
    Header header = readHeader(place, available, "the file's end");
    if (header == null) {
      return null;
    }
    SplitBlockBloomFilter inPrefix = header.bitsetInPrefix();
    if (inPrefix != null) {
      return inPrefix;
    }
    byte[] bitset = place.input.readFully(place.offset + header.length, header.numBytes());
    return SplitBlockBloomFilter.fromBitset(bitset, 0, header.numBytes());
  }

  /**
   * The header, from a prefix of {@value #SPECULATIVE_HEADER_READ} bytes (at most the {@code limit} bytes the filter
   * may span), read again four times as long while the header does not end in it, up to
   * {@value #MAXIMUM_HEADER_BYTES} bytes, with its bitset's size checked to fit in {@code limit} (called
   * {@code limitName} in messages); null when it is not the spec's split block filter.
   */
  private static Header readHeader(Place place, long limit, String limitName) throws IOException {
    int prefix = (int) Math.min(SPECULATIVE_HEADER_READ, limit);
    while (true) {
      byte[] bytes = place.input.readFully(place.offset, prefix);
      CompactProtocolReader reader = new CompactProtocolReader(bytes);
      BloomFilterHeader header;
      try {
        header = BloomFilterHeader.read(reader);
      } catch (ThriftTruncatedException e) {
        long longer = Math.min(Math.min(limit, MAXIMUM_HEADER_BYTES), (long) prefix * 4);
        if (longer <= prefix) {
          throw place.corruption("the header does not end within " + prefix + " bytes", e);
        }
        prefix = (int) longer;
        continue;
      } catch (ParquetCorruptionException e) {
        throw place.corruption("the header does not decode", e);
      }
      if (!isSplitBlock(header)) {
        return null;
      }
      place.checkBitsetSize(header.numBytes(), reader.bytesConsumed(), limit, limitName);
      return new Header(header, reader.bytesConsumed(), bytes);
    }
  }

  /** The header module, then the bitset module, each decrypted. */
  private static SplitBlockBloomFilter readEncrypted(Place place, long limit, ColumnDecryptor decryptor)
      throws IOException {
    int overhead = ModuleCiphers.current().gcm().overhead();
    byte[] headerModule = readModule(place, place.offset, limit, MAXIMUM_HEADER_BYTES + overhead, "header");
    byte[] headerBytes = decryptor.decryptModule(
        ModuleType.BLOOM_FILTER_HEADER, headerModule, 0, headerModule.length, place.offset);
    BloomFilterHeader header = place.decodeHeader(new CompactProtocolReader(headerBytes));
    if (!isSplitBlock(header)) {
      return null;
    }
    int numBytes = header.numBytes();
    long bitsetAt = place.offset + headerModule.length;
    long left = limit - headerModule.length;
    place.checkBitsetSize(numBytes, 0, left - overhead, "the bytes after the header module");
    byte[] bitsetModule = readModule(place, bitsetAt, left, numBytes + overhead, "bitset");
    byte[] bitset = decryptor.decryptModule(
        ModuleType.BLOOM_FILTER_BITSET, bitsetModule, 0, bitsetModule.length, bitsetAt);
    if (bitset.length != numBytes) {
      throw place.corruption("the bitset module holds " + bitset.length + " bytes but the header says " + numBytes);
    }
    return SplitBlockBloomFilter.fromBitset(bitset, 0, numBytes);
  }

  /**
   * The encrypted module at {@code at} (length prefix included), once its stored length is checked against the
   * {@code left} bytes it may span and the {@code maximum} it may have.
   */
  private static byte[] readModule(Place place, long at, long left, long maximum, String what) throws IOException {
    if (left < ModuleCipher.LENGTH_BYTES) {
      throw place.corruption("no room for the " + what + " module's length at offset " + at);
    }
    byte[] prefix = place.input.readFully(at, ModuleCipher.LENGTH_BYTES);
    long length = ModuleCipher.LENGTH_BYTES + ModuleCipher.storedLength(prefix, 0);
    if (length > left || length > maximum) {
      throw place.corruption(String.format("the %s module at offset %d claims %d bytes, but %d are left and it may"
          + " have at most %d", what, at, length, left, maximum));
    }
    return place.input.readFully(at, (int) length);
  }

  /** Whether the header describes the one filter the spec defines: split block, XXH64, uncompressed. */
  private static boolean isSplitBlock(BloomFilterHeader header) {
    return header.algorithm() instanceof BloomFilterAlgorithm.SplitBlockAlgorithm
        && header.hash() instanceof BloomFilterHash.XxHash
        && header.compression() instanceof BloomFilterCompression.Uncompressed;
  }

  /** Where a filter is read from, for reading and for messages. */
  private record Place(InputFile input, ChunkLocation location, long offset) {

    BloomFilterHeader decodeHeader(CompactProtocolReader reader) throws ParquetCorruptionException {
      try {
        return BloomFilterHeader.read(reader);
      } catch (ParquetCorruptionException e) {
        throw corruption("the header does not decode", e);
      }
    }

    /** Checks {@code numBytes} is a valid size and fits after {@code headerLength} bytes in {@code limit}. */
    void checkBitsetSize(int numBytes, int headerLength, long limit, String limitName)
        throws ParquetCorruptionException {
      if (!SplitBlockBloomFilter.isValidSize(numBytes)) {
        throw corruption("numBytes " + numBytes + " is not a power of two from "
            + SplitBlockBloomFilter.MINIMUM_BYTES + " bytes to 128 MiB");
      }
      if (headerLength + (long) numBytes > limit) {
        throw corruption(String.format("a bitset of %d bytes after a header of %d bytes runs past %s (%d bytes)",
            numBytes, headerLength, limitName, limit));
      }
    }

    ParquetCorruptionException corruption(String what) {
      return new ParquetCorruptionException(prefix() + what);
    }

    ParquetCorruptionException corruption(String what, ParquetCorruptionException cause) {
      return new ParquetCorruptionException(prefix() + what + ": " + cause.getMessage(), cause);
    }

    private String prefix() {
      return describe() + ": ";
    }

    /** The file, row group, column and the filter's offset. */
    String describe() {
      return location.describe() + ", bloom filter at offset " + offset;
    }
  }
}
