import { describe, expect, it } from 'vitest';
import { compilePolicy, createGuard } from '../../../guard/index.js';

const bash = (command: string) => ({ phase: 'call', tool: 'Bash', args: { command } });

const DESTROY = {
  id: 'tf-destroy',
  verdict: 'block',
  reason: 'destroys infrastructure',
  when: {
    command: {
      program: ['terraform', 'tofu'],
      subcommand: ['destroy'],
      flags: { none: ['-target'] },
    },
  },
};
const NS = {
  id: 'ns-delete',
  verdict: 'block',
  reason: 'deletes a namespace',
  when: { command: { program: 'kubectl', subcommand: ['delete', ['namespace', 'ns']] } },
};
const PUSH = {
  id: 'push-prod',
  verdict: 'escalate',
  reason: 'pushes to a release branch',
  when: {
    command: {
      program: 'git',
      subcommand: ['push'],
      flags: { any: ['-f', '--force'] },
      args: { any: ['release/*'] },
    },
  },
};

describe('command conditions', () => {
  const guard = createGuard({
    policies: [compilePolicy({ format: 1, rules: [DESTROY, NS, PUSH] })],
  });
  const cases: [string, string | null][] = [
    ['terraform destroy -auto-approve', 'tf-destroy'],
    ['cd infra && sudo terraform -chdir=prod destroy', 'tf-destroy'],
    ['x=terraform; $x destroy', 'tf-destroy'],
    ['bash -c "tofu destroy -auto-approve"', 'tf-destroy'],
    ['terraform destroy -target=aws_instance.scratch', null],
    ['terraform plan -destroy', null],
    ['echo terraform destroy', null],
    ['kubectl -n prod delete ns payments', 'ns-delete'],
    ['kubectl delete namespace staging', 'ns-delete'],
    ['kubectl delete pod web-1', null],
    ['kubectl get namespace', null],
    ['git push -f origin release/2.1', 'push-prod'],
    ['git push --force=true origin release/2.1', 'push-prod'],
    ['git push origin release/2.1', null],
    ['git push -f origin feature/x', null],
  ];
  it.each(cases)('%s -> %s', async (command, rule) => {
    const d = await guard.decide(bash(command));
    expect(d.rule).toBe(rule);
    if (rule !== null) expect(d.reason).toMatch(/runs (?:terraform|tofu|kubectl|git)/);
  });

  it('names only the program and the rule words in its reason, never other arguments', async () => {
    const d = await guard.decide(bash('terraform destroy -var token=hunter2-secret-value'));
    expect(d.reason).toBe('destroys infrastructure: runs terraform destroy');
  });

  it('quarantines a malformed condition with the path of the problem', () => {
    const bad = (command: unknown) =>
      compilePolicy({
        format: 1,
        rules: [{ id: 'x', verdict: 'block', reason: 'x', when: { command } }],
      }).quarantined[0]?.message;
    expect(bad({ subcommand: ['destroy'] })).toMatch(/needs "program"/);
    expect(bad({ program: 'git', flag: ['-f'] })).toMatch(/unknown key/);
    expect(bad({ program: 'git', flags: { any: ['f'] } })).toMatch(/must be a flag/);
    expect(bad({ program: 'git', flags: { some: ['-f'] } })).toMatch(
      /unknown key \(any, all, none\)/,
    );
    expect(bad({ program: [] })).toMatch(/non-empty list/);
    expect(bad({ program: 'git', args: { any: ['[z-a]'] } })).toBeDefined();
  });
});
