# Reads a plaintext Parquet file and its encrypted twin alternately with pyarrow on one thread and prints one line
# per read: "<round> <plaintext|encrypted> <seconds> <rows>". Run by io.parquetarrow.bench.EncryptionCompare:
#   python pyarrow_encrypted_read.py FOOTER_KEY_HEX ROUNDS PLAINTEXT ENCRYPTED
import sys
import time

import pyarrow as pa
import pyarrow.parquet as pq
import pyarrow.parquet.encryption as pe


def main():
    key = bytes.fromhex(sys.argv[1])
    rounds = int(sys.argv[2])
    files = {"plaintext": sys.argv[3], "encrypted": sys.argv[4]}
    pa.set_cpu_count(1)
    pa.set_io_thread_count(1)
    decryption = pe.create_decryption_properties(footer_key=key)
    print("pyarrow %s" % pa.__version__, flush=True)
    for round_index in range(rounds):
        names = ["plaintext", "encrypted"] if round_index % 2 == 0 else ["encrypted", "plaintext"]
        for name in names:
            properties = decryption if name == "encrypted" else None
            started = time.perf_counter()
            table = pq.read_table(files[name], use_threads=False, decryption_properties=properties)
            seconds = time.perf_counter() - started
            rows = table.num_rows
            del table
            print("%d %s %.6f %d" % (round_index, name, seconds, rows), flush=True)


if __name__ == "__main__":
    main()
