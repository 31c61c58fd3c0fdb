// The packs shipped inside interlock-mesh, by the name used in `builtin:<name>`.
import { CODING_AGENT_PACK } from './coding-agent.js';

export const BUILTIN_PACKS: Readonly<Record<string, unknown>> = {
  'coding-agent': CODING_AGENT_PACK,
};
