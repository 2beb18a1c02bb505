"""pyarrow's side of PyArrowEncryptionInteropTest.

  read SOURCE TARGET   decrypts SOURCE (written by parquet-arrow) and writes its table to TARGET in plaintext
  write SOURCE TARGET [DATA_PAGE_VERSION]
                       reads the plaintext SOURCE and writes it to TARGET encrypted: footer and columns id and
                       name with their own master keys, the other columns with the footer key

Keys go through pyarrow's CryptoFactory and the test KMS below, whose wrapped form is base64 of
"<master key id>:<key>": the same as the Java test's KMS client, so each side unwraps what the other wrapped.
"""
import base64
import datetime
import sys

import pyarrow.parquet as pq
import pyarrow.parquet.encryption as pe


class Base64Kms(pe.KmsClient):
    def __init__(self, config):
        pe.KmsClient.__init__(self)

    def wrap_key(self, key_bytes, master_key_identifier):
        return base64.b64encode(master_key_identifier.encode() + b":" + key_bytes).decode()

    def unwrap_key(self, wrapped_key, master_key_identifier):
        raw = base64.b64decode(wrapped_key)
        prefix = master_key_identifier.encode() + b":"
        if not raw.startswith(prefix):
            raise ValueError("key wrapped with another master key than " + master_key_identifier)
        return raw[len(prefix):]


def main():
    mode, source, target = sys.argv[1:4]
    data_page_version = sys.argv[4] if len(sys.argv) > 4 else "1.0"
    factory = pe.CryptoFactory(lambda config: Base64Kms(config))
    connection = pe.KmsConnectionConfig()
    if mode == "read":
        decryption = factory.file_decryption_properties(
            connection, pe.DecryptionConfiguration(cache_lifetime=datetime.timedelta(minutes=5)))
        table = pq.ParquetFile(source, decryption_properties=decryption).read()
        pq.write_table(table, target)
        print("read", table.num_rows, "rows")
    elif mode == "write":
        table = pq.read_table(source)
        configuration = pe.EncryptionConfiguration(
            footer_key="footer-master",
            column_keys={"id-master": ["id"], "name-master": ["name"]},
            encryption_algorithm="AES_GCM_V1",
            double_wrapping=True)
        encryption = factory.file_encryption_properties(connection, configuration)
        pq.write_table(table, target, encryption_properties=encryption, row_group_size=2000,
                       data_page_size=4096, data_page_version=data_page_version)
        print("wrote", table.num_rows, "rows")
    else:
        raise SystemExit("unknown mode " + mode)


if __name__ == "__main__":
    main()
