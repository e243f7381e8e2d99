/**
 * Runs the corpus against a fresh emulator and returns its answers, normalised only where the server is
 * random by design (transaction ids, Write stream ids and tokens, auto-ids): those are named by their order of
 * appearance. Commit times need no such help: Date.now is frozen during the run, so the commit clock counts
 * microseconds from a fixed instant and every timestamp is reproducible.
 */
import * as grpc from '@grpc/grpc-js';
import { vi } from 'vitest';
import { startFirestoreEmulator } from '../server.js';
import { mockIdToken } from '../../testing/id-token.js';
import { runCorpus, type CorpusSession, type Who } from './corpus.js';
import { GrpcConversation, grpcCall, restCall, type GrpcAnswer, type RestAnswer } from './wire.js';

export interface RecordedAnswer {
  name: string;
  call: string;
  answer: RestAnswer | GrpcAnswer;
}

/** 2026-01-01T00:00:00Z: every commit time is this plus a count of microseconds. */
const FROZEN_NOW = Date.UTC(2026, 0, 1);

/** Fields whose values the server draws at random. */
const RANDOM_FIELDS = new Set(['transaction', 'streamId', 'streamToken']);

const AUTHORIZATION: Record<Who, string | undefined> = {
  owner: 'Bearer owner',
  alice: `Bearer ${mockIdToken('alice')}`,
  nobody: undefined,
  forged: 'Bearer not-a-jwt',
};

export async function recordAnswers(): Promise<RecordedAnswer[]> {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(FROZEN_NOW);
  // The corpus was recorded before the owner's transactions took locks: its "someone else writes lime" step
  // writes a document an open owner transaction has read, which now waits for that lock (production's
  // behaviour). Recorded answers stay byte for byte on the optimistic path; the locks have their own tests.
  const emulator = await startFirestoreEmulator({ port: 0, serverTransactionLocks: false });
  const client = new grpc.Client(`127.0.0.1:${emulator.port}`, grpc.credentials.createInsecure());
  const recorded: RecordedAnswer[] = [];
  const randomValues = new Map<string, string>();
  const counts = new Map<string, number>();
  const noteRandom = (value: unknown, label: string) => {
    if (typeof value !== 'string' || value === '' || randomValues.has(value)) return;
    const n = (counts.get(label) ?? 0) + 1;
    counts.set(label, n);
    randomValues.set(value, `<${label}#${n}>`);
    // As a query parameter (?transaction=…) the same value is spelled URL-encoded.
    randomValues.set(encodeURIComponent(value), `<${label}#${n}>`);
  };
  const scan = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(scan);
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) {
        if (RANDOM_FIELDS.has(key)) noteRandom(item, key);
        else scan(item);
      }
  };
  const conversations: GrpcConversation[] = [];
  const session: CorpusSession = {
    async rest(name, method, path, body, who = 'owner') {
      const answer = await restCall(emulator.port, method, path, body, AUTHORIZATION[who]);
      try {
        // A WebChannel frame is the JSON after its length line.
        scan(JSON.parse(answer.body.replace(/^\d+\n/, '')));
      } catch {
        // Not JSON (a plain-text answer): nothing random in it.
      }
      recorded.push({ name, call: `REST ${method} ${path} as ${who}`, answer });
      return answer;
    },
    async grpc(name, method, request, who = 'owner') {
      const answer = await grpcCall(client, method, request, AUTHORIZATION[who]);
      scan(answer.messages);
      recorded.push({ name, call: `gRPC ${method} as ${who}`, answer });
      return answer;
    },
    stream(method, who = 'owner') {
      const conversation = new GrpcConversation(client, method, AUTHORIZATION[who]);
      conversations.push(conversation);
      return {
        async step(name, request, until) {
          if (request) conversation.send(request);
          const answer = await conversation.take(until);
          scan(answer.messages);
          recorded.push({ name, call: `gRPC ${method} stream as ${who}`, answer });
          return answer;
        },
        close: () => conversation.close(),
      };
    },
    volatile: noteRandom,
  };
  try {
    await runCorpus(session);
  } finally {
    for (const conversation of conversations) conversation.close();
    client.close();
    await emulator.stop();
    clock.mockRestore();
  }
  return normalise(recorded, randomValues);
}

/** Replaces every random value, wherever it appears (a token quoted in an error message too), by its name. */
function normalise(recorded: RecordedAnswer[], randomValues: Map<string, string>): RecordedAnswer[] {
  const longestFirst = [...randomValues.entries()].sort(([a], [b]) => b.length - a.length);
  const replace = (text: string) =>
    longestFirst.reduce((out, [value, label]) => out.split(value).join(label), text);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return replace(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return walk(recorded) as RecordedAnswer[];
}

/** The golden file's text: one answer per entry, stable formatting. */
export const goldenText = (answers: RecordedAnswer[]): string => `${JSON.stringify(answers, null, 1)}\n`;
