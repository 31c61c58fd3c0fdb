// MCP proxy: admission wiring. After initialize (and on every tools/list_changed) the
// proxy reads every page of tools/list itself and compares the surface with the durable admission;
// until that check ends every request waits, and a changed server is refused from then on.
import { GuardError } from '../errors.js';
import { poisonedSurface } from './description-check.js';
import { readAdmission, writeAdmission } from './admission.js';
import { INTERNAL_ERROR, key, type Message } from './jsonrpc.js';
import type { ProxyLink } from './proxy-link.js';
import { nextCursor, surfaceHash, toolDigest, toolsOf, type ToolSurface } from './surface.js';

const MAX_PAGES = 1000;

export class AdmissionGate {
  /** Why the server is refused, or null while it is admitted. */
  refused: string | null = null;
  private admitted: Record<string, string> = {};
  private instructions: unknown = undefined;
  private readonly own = new Map<string, (m: Message) => void>();
  private ownSeq = 0;
  private openGate: () => void = () => undefined;
  private gate = new Promise<void>((r) => (this.openGate = r));

  constructor(private readonly link: ProxyLink) {}

  /** Resolves once the surface check in progress (if any) has ended. */
  passed(): Promise<void> {
    return this.gate;
  }

  /** Takes the server's answer to one of the proxy's own requests; false if it is not one. */
  takeOwnResponse(m: Message): boolean {
    if (m.id === undefined || m.id === null) return false;
    const mine = this.own.get(key(m.id));
    if (!mine) return false;
    this.own.delete(key(m.id));
    mine(m);
    return true;
  }

  /**
   * Starts a check of the initialize result: the server's instructions, and when it offers tools,
   * its surface; otherwise there is no surface to pin. This value is attacker-controlled.
   */
  start(init: unknown): void {
    const r = (typeof init === 'object' && init !== null ? init : {}) as Record<string, unknown>;
    if (r.instructions !== undefined) this.instructions = r.instructions;
    const capabilities = r.capabilities;
    const hasTools =
      typeof capabilities === 'object' && capabilities !== null && 'tools' in capabilities;
    const run = hasTools ? this.check() : this.checkText([]);
    run
      .catch((e: unknown) => {
        this.refused ??= `could not check the server surface: ${(e as Error).message}`;
      })
      .finally(this.openGate);
  }

  /** The server said its tools changed: hold requests again until the new surface is checked. */
  restart(): void {
    this.gate = new Promise<void>((r) => (this.openGate = r));
    this.start({ capabilities: { tools: {} } });
  }

  /** The server failed: every held and later request is refused, and a check in progress ends. */
  fail(why: string): void {
    this.refused = why;
    for (const answer of this.own.values())
      answer({ jsonrpc: '2.0', id: null, error: { code: INTERNAL_ERROR, message: why } });
    this.own.clear();
    this.openGate();
  }

  /** A tools/list page the agent asked for: any tool not as admitted refuses the server. */
  driftIn(result: unknown): string | null {
    const drift = toolsOf(result).filter((t) => this.admitted[t.name] !== toolDigest(t));
    if (drift.length === 0) return null;
    this.refused = `server surface changed since admission (${drift.map((t) => t.name).join(', ')})`;
    return this.refused;
  }

  /** Descriptions and instructions are checked at every admission, whatever the record says. */
  private async checkText(tools: readonly ToolSurface[]): Promise<void> {
    const why = await poisonedSurface(this.link, tools, this.instructions);
    if (why === null) return;
    this.refused = `poisoned server surface: ${why}; to have a reviewer decide instead, start the proxy with --poisoned escalate`;
    this.link.opts.log(`mesh guard: refusing server: ${this.refused}`);
  }

  private request(method: string, params: unknown): Promise<Message> {
    return new Promise((resolve, reject) => {
      if (this.refused !== null) {
        reject(new GuardError('mcp_not_admitted', this.refused));
        return;
      }
      const id = `mesh-guard:${++this.ownSeq}`;
      this.own.set(key(id), resolve);
      this.link.toServer({ jsonrpc: '2.0', id, method, params });
    });
  }

  private async check(): Promise<void> {
    const { opts } = this.link;
    const tools: ToolSurface[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await this.request('tools/list', cursor === undefined ? {} : { cursor });
      if (res.error)
        throw new GuardError('mcp_server_failed', `tools/list failed: ${res.error.message}`);
      tools.push(...toolsOf(res.result));
      cursor = nextCursor(res.result);
      if (cursor === undefined) break;
    }
    await this.checkText(tools);
    if (this.refused !== null) return;
    const hash = surfaceHash(tools);
    const known = readAdmission(opts.admissionDir, opts.command);
    if (known === null) {
      this.admitted = writeAdmission(opts.admissionDir, opts.command, hash, tools).tools;
      opts.log(
        `mesh guard: admitted ${opts.command.join(' ')} on first use (${tools.length} tools, surface ${hash.slice(0, 16)})`,
      );
    } else if (known.surface !== hash) {
      const changed = [
        ...new Set([...tools.map((t) => t.name), ...Object.keys(known.tools)]),
      ].filter((n) => {
        const t = tools.find((x) => x.name === n);
        return t === undefined || known.tools[n] !== toolDigest(t);
      });
      this.refused = `server surface changed since admission (${changed.join(', ') || 'tool order'}); if intended, run: mesh guard mcp admit -- ${opts.command.join(' ')}`;
      opts.log(`mesh guard: refusing server: ${this.refused}`);
    } else this.admitted = known.tools;
  }
}
