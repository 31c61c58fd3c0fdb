// The NDJSON protocol between the C loader and the TypeScript supervisor.
export const LOADER_PROTOCOL = 1;
