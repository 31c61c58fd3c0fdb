// The Grep tool hunting for keys across home or the system is a credential read; the same search
// in the project, or an ordinary search of home, is not.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const grep = async (args: Record<string, unknown>): Promise<string> => {
  const d = await guard.decide({ phase: 'call', tool: 'Grep', args });
  return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
};

describe('Grep for keys', () => {
  it('across home, root or a system folder is stopped', async () => {
    expect(await grep({ pattern: 'BEGIN (RSA|OPENSSH|EC) PRIVATE KEY', path: '/home/dev' })).toBe(
      'ca.credential-file',
    );
    expect(await grep({ pattern: 'aws_secret_access_key', path: '/' })).toBe('ca.credential-file');
    expect(await grep({ pattern: 'password', path: '/etc' })).toBe('ca.credential-file');
  });

  it('in the project, or for anything else in home, passes', async () => {
    expect(await grep({ pattern: 'PRIVATE KEY', path: 'src' })).toBe('allow');
    expect(await grep({ pattern: 'api_key' })).toBe('allow');
    expect(await grep({ pattern: 'TODO', path: '/home/dev' })).toBe('allow');
  });
});
