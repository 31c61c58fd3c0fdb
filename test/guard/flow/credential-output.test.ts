// A credential a CLI prints (aws configure get, gh auth token, kubectl get secret ...) taints the
// session as the file it came from would; a command that prints no credential does not.
import { describe, expect, it } from 'vitest';
import { createFlowTracker, createGuard, wireFlow } from '../../../guard/index.js';
import type { GuardEvent } from '../../../guard/event.js';
import { loadPack } from '../../../packs/index.js';

const value = 'peJ6prZJL43R8Tar77WrSACjxaygHJTxOGHxB7by';

async function leakAfter(command: string, sent: string): Promise<string> {
  const flow = wireFlow(createFlowTracker());
  const pack = loadPack('builtin:coding-agent', { detectors: flow.detectors });
  const guard = createGuard({ policies: [...flow.policies, pack.policy], stages: [flow.stage] });
  const read: GuardEvent = {
    phase: 'result',
    tool: 'Bash',
    args: { command },
    result: `${value}\n`,
    session: 's',
  };
  await guard.evaluate(read);
  const send: GuardEvent = {
    phase: 'call',
    tool: 'mcp__slack__post_message',
    args: { channel: '#x', text: sent },
    session: 's',
  };
  return (await guard.evaluate(send)).decision.verdict;
}

describe('credential output taints the session', () => {
  for (const command of [
    'aws configure get aws_secret_access_key --profile prod',
    'gh auth token',
    'gcloud auth print-access-token',
    "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d",
    'vault kv get -field=password secret/db',
    'az account get-access-token --query accessToken -o tsv',
    'doppler secrets get STRIPE_KEY --plain',
    'bw get password github.com',
    'sops -d secrets/prod.enc.yaml',
  ])
    it(`${command}: its output sent as base64 and rot13 is caught`, async () => {
      expect(await leakAfter(command, Buffer.from(value).toString('base64'))).toBe('block');
      const rot = value.replace(/[A-Za-z]/g, (c) => {
        const b = c <= 'Z' ? 65 : 97;
        return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
      });
      expect(await leakAfter(command, rot)).toBe('block');
    });

  it('output of a command that prints no credential is not taint', async () => {
    expect(await leakAfter('aws configure get region', value)).toBe('allow');
    expect(await leakAfter('gh auth status', value)).toBe('allow');
    expect(await leakAfter('kubectl get pods -o wide', value)).toBe('allow');
    expect(await leakAfter('kubectl get secrets -o name', value)).toBe('allow');
    expect(await leakAfter('doppler secrets --only-names', value)).toBe('allow');
  });
});
