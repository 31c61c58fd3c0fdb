// Console sign-in: a login token printed when the role starts (or read from the configured approver
// key file), a session cookie (HttpOnly, SameSite=Strict) naming the approver, and a CSRF token per
// session that every form carries. An agent's tool call has none of them, so it cannot approve.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface ConsoleUser {
  name: string;
  csrf: string;
}

export const SESSION_COOKIE = 'mesh_console';
const MAX_SESSIONS = 64;
const NAME = /^[A-Za-z][A-Za-z0-9 ._-]{0,63}$/;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class ConsoleAuth {
  private readonly sessions = new Map<string, ConsoleUser>();

  constructor(readonly loginToken: string = randomBytes(24).toString('base64url')) {}

  /** A new session for a person who gave the login token; null when the token or name is wrong. */
  login(token: string, name: string): { id: string; user: ConsoleUser } | null {
    if (!same(token, this.loginToken) || !NAME.test(name)) return null;
    if (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    const id = randomBytes(24).toString('base64url');
    const user = { name, csrf: randomBytes(24).toString('base64url') };
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
