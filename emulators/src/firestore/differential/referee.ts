/**
 * What of an answer Google's emulator (the referee) and ours must agree on: the HTTP status or gRPC code, and
 * the body's meaning. Left out: the server's times (commit, update, create and read times, `setToServerValue`
 * results), resume tokens, errors' wording and content types, and proto3 JSON's spelling choices (whitespace,
 * the order of a map's keys, empty lists and maps written or left out).
 */
import type { Json } from './wire.js';
import { runCorpusAt, type RecordedAnswer } from './run.js';

export interface RefereeAnswer {
  name: string;
  /** REST: the HTTP status; gRPC: the status code (-1: a stream still open). */
  status: number;
  body: unknown;
}

/** The server's times and its opaque tokens (a page or stream token is the server's own spelling of its state). */
const SERVER_KEYS = new Set(['updateTime', 'createTime', 'readTime', 'commitTime', 'resumeToken']);
const OPAQUE_KEYS = new Set(['nextPageToken', 'streamId', 'streamToken']);

/** A `setToServerValue` time: within ten minutes of the run's clock (the corpus writes no such time itself). */
const isServerTime = (text: string, now: number) => Math.abs(Date.parse(text) - now) < 600_000;

/**
 * A streamed answer's messages: a new transaction's id as a message of its own (Google's emulator sends it
 * alone, ours with the first result; the SDKs read it from either).
 */
const splitTransaction = (messages: unknown[]): unknown[] =>
  messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null || !('transaction' in message)) return [message];
    const { transaction, ...rest } = message as Json;
    return Object.keys(rest).length === 0 ? [{ transaction }] : [{ transaction }, rest];
  });

/**
 * A double as proto3 JSON spells it (gRPC decodes to a number): NaN and the infinities as text. -0 equals 0 in
 * every comparison Firestore makes; Google's emulator stores it as 0, ours keeps the sign.
 */
function double(value: unknown): unknown {
  if (value === '-0' || Object.is(value, -0)) return 0;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value;
}

function normalise(value: unknown, now: number): unknown {
  if (Array.isArray(value)) return splitTransaction(value).map((item) => normalise(item, now));
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Json;
  if (typeof object.error === 'object' && object.error !== null) {
    const error = object.error as Json;
    return { error: { code: error.code, status: error.status } };
  }
  const kept: Json = {};
  // A status (a write's in a batchWrite, a Listen target's cause): its code, not its wording.
  const isStatus = typeof object.code === 'number' && typeof object.message === 'string';
  for (const key of Object.keys(object).sort()) {
    if (isStatus && key === 'message') continue;
    const item = object[key];
    if (SERVER_KEYS.has(key)) continue;
    if (OPAQUE_KEYS.has(key)) {
      kept[key] = '<token>';
      continue;
    }
    // Proto3 JSON may leave out an empty repeated field or map; Google's emulator does, ours writes them.
    if (Array.isArray(item) && item.length === 0) continue;
    if (key === 'fields' && typeof item === 'object' && item !== null && Object.keys(item).length === 0)
      continue;
    // Google's emulator ends a query's or an aggregation's answer with `done: true` (optional in a query's,
    // absent from the v1 protos of an aggregation's); ours ends the stream. The SDKs read both alike.
    if (key === 'done') continue;
    if (key === 'timestampValue' && typeof item === 'string' && isServerTime(item, now))
      kept[key] = '<server time>';
    else if (key === 'doubleValue') kept[key] = double(item);
    else if (key === 'geoPointValue')
      kept[key] = normalise({ latitude: 0, longitude: 0, ...(item as Json) }, now);
    else kept[key] = normalise(item, now);
  }
  return kept;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return '<not JSON>';
  }
}

/** `now`: the clock of the run that recorded the answers (ms since the epoch), to know its server times. */
export function refereeView(answers: RecordedAnswer[], now: number): RefereeAnswer[] {
  return answers.map(({ name, answer }) =>
    'messages' in answer
      ? { name, status: answer.code, body: withoutEmptyMessages(normalise(answer.messages, now)) }
      : { name, status: answer.status, body: withoutEmptyMessages(normalise(parsed(answer.body), now)) },
  );
}

/**
 * A streamed answer's messages that say nothing once the server's times are left out (ours sends a read time
 * alone where no document answers, Google's emulator `done: true`): the SDKs skip both.
 */
const withoutEmptyMessages = (body: unknown): unknown =>
  Array.isArray(body)
    ? body.filter(
        (message) => typeof message !== 'object' || message === null || Object.keys(message).length > 0,
      )
    : body;

/** The recorded file's text: one answer per entry, stable formatting. */
export const refereeText = (answers: RefereeAnswer[]): string => `${JSON.stringify(answers, null, 1)}\n`;

/** The corpus run against Google's emulator on `port`, as recorded (its WebChannel part is ours alone). */
export async function refereeAnswersAt(port: number, rules: string): Promise<RefereeAnswer[]> {
  const now = Date.now();
  return refereeView(await runCorpusAt(port, rules, { webChannel: false }), now);
}
