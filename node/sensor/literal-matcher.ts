// Bridge until guard/index.ts exports its taint matcher (guard/flow, issue 8): the raw, base64 and
// hex forms of each secret. Deliberately minimal; guard's FlowTracker replaces it as soon as exported.
import type { TaintHitView, TaintMatcher } from './matcher.js';

export function literalMatcher(): TaintMatcher {
  const forms: { label: string; encoding: string; text: string }[] = [];
  return {
    registerSecret(value, label) {
      const b = Buffer.from(value, 'utf8');
      forms.push({ label, encoding: 'raw', text: value });
      forms.push({ label, encoding: 'base64', text: b.toString('base64').replace(/=+$/, '') });
      forms.push({ label, encoding: 'hex', text: b.toString('hex') });
    },
    check(_session, args) {
      const hits: TaintHitView[] = [];
      for (const [path, v] of Object.entries(args)) {
        if (typeof v !== 'string') continue;
        for (const f of forms)
          if (v.includes(f.text))
            hits.push({
              path: `args.${path}`,
              source: { label: f.label },
              encoding: f.encoding,
              layers: [],
            });
      }
      return { hits, truncated: false };
    },
  };
}
