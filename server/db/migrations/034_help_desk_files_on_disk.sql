-- Help-desk attachments kept as files on disk, streamed there as they arrive (issue 22, decision
-- 156-streamed-attachments): a row keeps the file's storage key and SHA-256, no longer its bytes. A 5 MB bytea written
-- through PGlite held the server's only thread for seconds. Rows stored before keep their bytes in `content`.
ALTER TABLE help_desk_files ALTER COLUMN content DROP NOT NULL;
ALTER TABLE help_desk_files ADD COLUMN storage_key text UNIQUE;
ALTER TABLE help_desk_files ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
ALTER TABLE help_desk_files ADD CONSTRAINT help_desk_files_bytes_somewhere
  CHECK ((content IS NOT NULL AND storage_key IS NULL) OR (content IS NULL AND storage_key IS NOT NULL AND sha256 IS NOT NULL));
