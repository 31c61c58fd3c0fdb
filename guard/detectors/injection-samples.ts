// Injected instructions: a table of labelled samples (a dataframe printed by a notebook, a markdown
// or tab-separated eval table) is data about attacks: a row whose label cell names an attack holds
// a sample a classifier was scored on, not words to the reader (docs/guard.md "Injected
// instructions"). Only a table that names its label column and labels a benign row too counts: a
// labelled data set has both classes, an injected line with "attack" after it is one row of neither.

/** A label column's name in a header row. */
const LABEL_COLUMN =
  /^(?:labels?|class|category|verdict|expected|target|gold|ground[_\s-]?truth|is[_-](?:attack|injection|malicious|jailbreak)|y|y_true|pred(?:icted|iction)?)$/i;
/** Labels that name the attack class, and the benign class. */
const ATTACK =
  /^(?:(?:direct|indirect|prompt)?[_\s-]?(?:attack|injection|jailbreak)|malicious|unsafe|harmful|adversarial)$/i;
const BENIGN = /^(?:benign|safe|clean|legit(?:imate)?|harmless|normal)$/i;

/** A line's cells: markdown pipes, tabs, or two or more spaces between (a printed dataframe). */
function cells(line: string): string[] {
  const t = line.trim();
  const parts = t.includes('|')
    ? t.replace(/^\||\|$/g, '').split('|')
    : t.includes('\t')
      ? t.split('\t')
      : t.split(/ {2,}/);
  return parts.map((c) => c.trim()).filter((c) => c !== '');
}

/** The row's label: its last cell when that names a class. */
const label = (c: readonly string[]): string | undefined =>
  c.length >= 2 && (ATTACK.test(c.at(-1) ?? '') || BENIGN.test(c.at(-1) ?? ''))
    ? c.at(-1)
    : undefined;

/**
 * `text` with the sample cells of its attack-labelled rows removed, when it holds a labelled table
 * (a header naming the label column, a benign row); otherwise `text` as it is.
 */
export function withoutLabelledSamples(text: string): string {
  if (!/\b(?:attack|injection|jailbreak|malicious|unsafe|harmful|adversarial)\b/i.test(text))
    return text;
  const lines = text.split('\n');
  const rows = lines.map(cells);
  if (!rows.some((c) => c.length >= 2 && c.some((x) => LABEL_COLUMN.test(x)))) return text;
  if (!rows.some((c) => BENIGN.test(label(c) ?? ''))) return text;
  return lines
    .map((line, i) => {
      const l = label(rows[i] ?? []);
      return l !== undefined && ATTACK.test(l) ? l : line;
    })
    .join('\n');
}
