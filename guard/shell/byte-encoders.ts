// Programs that re-encode or compress a file's bytes onto their output: what a reader of a file
// hands on whole, in another form (docs/guard.md "Shell analysis").

/** Encoders and compressors that read a file and write all of it, re-encoded. */
export const BYTE_ENCODERS: readonly string[] = [
  'base64',
  'base32',
  'basenc',
  'xxd',
  'od',
  'hexdump',
  'gzip',
  'bzip2',
  'xz',
  'zstd',
];
