/**
 * Runs the corpus against a Firestore emulator listening on a port (ours or Google's) and returns its answers,
 * with the values the server draws at random (transaction ids, Write stream ids and tokens, auto-ids) named by
 * their order of appearance.
 */
import * as grpc from '@grpc/grpc-js';
import { mockIdToken } from '../../testing/id-token.js';
import { runCorpus, type CorpusSession, type Who } from './corpus.js';
import { GrpcConversation, grpcCall, restCall, type GrpcAnswer, type RestAnswer } from './wire.js';

export interface RecordedAnswer {
  name: string;
  call: string;
  answer: RestAnswer | GrpcAnswer;
}

/** Fields whose values the server draws at random. */
const RANDOM_FIELDS = new Set(['transaction', 'streamId', 'streamToken']);

const AUTHORIZATION: Record<Who, string | undefined> = {
  owner: 'Bearer owner',
  alice: `Bearer ${mockIdToken('alice')}`,
  admin: `Bearer ${mockIdToken('admin-uid', { admin: true, email_verified: true })}`,
  nobody: undefined,
  forged: 'Bearer not-a-jwt',
};

export async function runCorpusAt(
  port: number,
  rules: string,
  options: { webChannel?: boolean } = {},
): Promise<RecordedAnswer[]> {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
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
      const answer = await restCall(port, method, path, body, AUTHORIZATION[who]);
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
    await runCorpus(session, rules, options);
  } finally {
    for (const conversation of conversations) conversation.close();
    client.close();
  }
  return nameRandomValues(recorded, randomValues);
}

/** Replaces every random value, wherever it appears (a token quoted in an error message too), by its name. */
function nameRandomValues(recorded: RecordedAnswer[], randomValues: Map<string, string>): RecordedAnswer[] {
  // A short value (Google's emulator numbers its Write streams 1, 2, …) is named only in its own field:
  // elsewhere it would name digits of times, ids and numbers.
  const longestFirst = [...randomValues.entries()]
    .filter(([value]) => value.length >= 8)
    .sort(([a], [b]) => b.length - a.length);
  const replace = (text: string) =>
    longestFirst.reduce((out, [value, label]) => out.split(value).join(label), text);
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string')
      return (key !== undefined && RANDOM_FIELDS.has(key) && randomValues.get(value)) || replace(value);
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
    return value;
  };
  return walk(recorded) as RecordedAnswer[];
}
