// `mesh demo`, membership side (docs/dap.md "Report tokens"): the membership authority enrols one
// organisation per node into its signed member list, which `mesh publish --members` makes TUF targets
// of the demo's repository; an issuer key for `mesh serve --role issuer`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runMeshStep } from './children.js';

/** One organisation of the demo: its name, its key file (0600) and the tier it was enrolled with. */
export interface DemoOrg {
  name: string;
  keyFile: string;
  tier: number;
}

export interface DemoMembership {
  /** The authority's working file (both signed lists), as `mesh members` keeps it. */
  file: string;
  /** The membership authority's Ed25519 public key (hex), which the issuer pins. */
  authority: string;
  issuerKeyFile: string;
  /** The issuer's Ed25519 public key (hex), pinned in the task with --issuer-key. */
  issuerPublicKey: string;
  orgs: DemoOrg[];
}

const NAMES = ['acme', 'globex', 'initech', 'hooli', 'umbrella', 'stark', 'wayne', 'tyrell'];

/** Organisation i's name: acme, globex, ... then acme-2, globex-2, ... */
export function orgName(i: number): string {
  const base = NAMES[i % NAMES.length] ?? 'org';
  return i < NAMES.length ? base : `${base}-${Math.floor(i / NAMES.length) + 1}`;
}

/**
 * Keys for the membership authority and the issuer, and `count` organisations enrolled with tiers
 * 1, 2, 3, 1, ... (at most `tiers`), each with its own key made by `mesh org new`.
 * @throws NodeError io_failed when a `mesh` step fails.
 * @example const members = await enrolOrganisations('/tmp/demo', 4, 3);
 */
export async function enrolOrganisations(
  work: string,
  count: number,
  tiers: number,
): Promise<DemoMembership> {
  const dir = join(work, 'membership');
  const orgDir = join(work, 'orgs');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  mkdirSync(orgDir, { recursive: true, mode: 0o700 });
  const authorityKey = join(dir, 'authority.key');
  const issuerKeyFile = join(dir, 'issuer.key');
  const [authority, issuer] = await Promise.all([
    runMeshStep(['keys', 'new', '--role', 'membership', '--out', authorityKey], 'membership key'),
    runMeshStep(['keys', 'new', '--role', 'issuer', '--out', issuerKeyFile], 'issuer key'),
  ]);
  const file = join(dir, 'membership.json');
  const auth = ['--file', file, '--key', authorityKey];
  await runMeshStep(['members', 'init', ...auth], 'members init');
  const made = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = orgName(i);
      const keyFile = join(orgDir, `${name}.key`);
      const o = await runMeshStep(['org', 'new', '--name', name, '--out', keyFile], `org ${name}`);
      return { name, keyFile, tier: 1 + (i % tiers), publicKey: String(o.public_key) };
    }),
  );
  // One file, one writer: the authority enrols the organisations one after another.
  for (const o of made)
    await runMeshStep(
      [
        'members',
        'add',
        ...auth,
        '--name',
        o.name,
        '--public-key',
        o.publicKey,
        '--tier',
        String(o.tier),
      ],
      `members add ${o.name}`,
    );
  return {
    file,
    authority: String(authority.public),
    issuerKeyFile,
    issuerPublicKey: String(issuer.public),
    orgs: made.map(({ name, keyFile, tier }) => ({ name, keyFile, tier })),
  };
}
