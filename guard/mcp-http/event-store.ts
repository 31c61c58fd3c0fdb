// MCP Streamable HTTP (spec 2025-06-18, "Resumability and Redelivery"): the events sent to the agent
// on each stream, kept (bounded) so a GET with Last-Event-ID replays what the agent missed.
import type { EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Events kept per session; older ones cannot be replayed (the agent then re-requests). */
export const MAX_KEPT_EVENTS = 1024;

/** Event ids are `<stream>:<n>`; an id the agent sends back is attacker-controlled and parsed strictly. */
export class BoundedEventStore implements EventStore {
  private readonly events: { id: string; stream: string; message: JSONRPCMessage }[] = [];
  private seq = 0;

  storeEvent(stream: string, message: JSONRPCMessage): Promise<string> {
    const id = `${stream}:${++this.seq}`;
    this.events.push({ id, stream, message });
    if (this.events.length > MAX_KEPT_EVENTS) this.events.shift();
    return Promise.resolve(id);
  }

  getStreamIdForEventId(id: string): Promise<string | undefined> {
    return Promise.resolve(this.events.find((e) => e.id === id)?.stream);
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (id: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const at = this.events.findIndex((e) => e.id === lastEventId);
    const stream = this.events[at]?.stream;
    if (at < 0 || stream === undefined) return '';
    for (const e of this.events.slice(at + 1)) if (e.stream === stream) await send(e.id, e.message);
    return stream;
  }
}
