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
  /** The agent request whose message is being sent (set around the transport's send). */
  sendingFor: string | number | undefined;
  /** The request each request stream was opened for (the events above name only the stream). */
  private readonly requests = new Map<string, string | number>();

  storeEvent(stream: string, message: JSONRPCMessage): Promise<string> {
    const id = `${stream}:${++this.seq}`;
    this.events.push({ id, stream, message });
    if (this.sendingFor !== undefined) this.requests.set(stream, this.sendingFor);
    if (this.events.length > MAX_KEPT_EVENTS) {
      const old = this.events.shift();
      if (old !== undefined && !this.events.some((e) => e.stream === old.stream))
        this.requests.delete(old.stream);
    }
    return Promise.resolve(id);
  }

  /** The agent request whose stream holds the event `id` (attacker-controlled), if known. */
  requestOfEvent(id: string): string | number | undefined {
    const stream = this.events.find((e) => e.id === id)?.stream;
    return stream === undefined ? undefined : this.requests.get(stream);
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
