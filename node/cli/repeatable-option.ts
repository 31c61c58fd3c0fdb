// commander's accumulator for a repeatable option: `--pack a --pack b` gives ['a', 'b'].

/** Appends one more value of a repeatable option; commander calls it once per occurrence. */
export const collect = (v: string, prev: string[] = []): string[] => [...prev, v];
