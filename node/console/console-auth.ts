// Console sign-in: a login token printed when the role starts, or, when the config names approvers,
// only their keys (each key signs in as its configured name). A session cookie (HttpOnly,
// SameSite=Strict) names the approver, and a CSRF token per session is carried by every form. An
// agent's tool call has none of them, so it cannot approve.
import { randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../common/index.js';
import { APPROVER_NAME, type ApproverKey } from './approver-keys.js';

export interface ConsoleUser {
  name: string;
  csrf: string;
}

export const SESSION_COOKIE = 'mesh_console';
const MAX_SESSIONS = 64;

function same(a: string, b: string): boolean {
  return constantTimeEqual(Buffer.from(a), Buffer.from(b));
}

export class ConsoleAuth {
  private readonly sessions = new Map<string, ConsoleUser>();
  /** The printed token; null when approver keys are configured (then only they sign in). */
  readonly loginToken: string | null;

  constructor(
    private readonly approvers: readonly ApproverKey[] = [],
    token: string = randomBytes(24).toString('base64url'),
  ) {
    this.loginToken = approvers.length > 0 ? null : token;
  }

  /** Whether sign-in is by approver key (the form asks for no name). */
  get byKey(): boolean {
    return this.loginToken === null;
  }

  /**
   * A new session for a person who gave the login token and a plain name, or an approver key (the
   * name is then the key's); null when the secret or the name is wrong. Both are attacker-controlled.
   */
  login(secret: string, name: string): { id: string; user: ConsoleUser } | null {
    let who: string | undefined;
    if (this.loginToken === null) {
      // Every key is compared, so the time taken does not say which name a guess came close to.
      for (const a of this.approvers) if (same(secret, a.key)) who ??= a.name;
    } else if (same(secret, this.loginToken) && APPROVER_NAME.test(name)) who = name;
    if (who === undefined) return null;
    if (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    const id = randomBytes(24).toString('base64url');
    const user = { name: who, csrf: randomBytes(24).toString('base64url') };
    this.sessions.set(id, user);
    return { id, user };
  }

  /** The session a cookie value names (attacker-controlled), or undefined. */
  user(cookie: string | undefined): ConsoleUser | undefined {
    return cookie === undefined ? undefined : this.sessions.get(cookie);
  }

  csrfOk(user: ConsoleUser, token: unknown): boolean {
    return typeof token === 'string' && same(token, user.csrf);
  }
}
