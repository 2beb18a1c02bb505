package io.parquetarrow.core.page;

/** A page as {@link PageReader} hands it to the column layer: a {@link DictionaryPage} or a {@link DataPage}. */
public sealed interface Page permits DataPage, DictionaryPage {}
