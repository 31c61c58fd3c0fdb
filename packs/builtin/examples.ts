// Builders for the per-rule examples of the built-in packs (PACK_FORMAT 2 "tests").

export interface Example {
  name: string;
  event?: object;
  steps?: object[];
}

export interface Examples {
  match: Example[];
  no_match: Example[];
}

export const bash = (name: string, command: string): Example => ({
  name,
  event: { phase: 'call', tool: 'Bash', args: { command } },
});

export const call = (name: string, tool: string, args: object): Example => ({
  name,
  event: { phase: 'call', tool, args },
});

export const result = (name: string, tool: string, args: object, out: unknown): Example => ({
  name,
  event: { phase: 'result', tool, args, result: out },
});

/** The same event `times` times in a row in one session: the last one is judged. */
export const repeated = (name: string, times: number, event: object): Example => ({
  name,
  steps: Array.from({ length: times }, () => event),
});
