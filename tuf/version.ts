// TUF specification 1.0.34: the version written into every metadata file's spec_version.
export const SPEC_VERSION = '1.0.34';
