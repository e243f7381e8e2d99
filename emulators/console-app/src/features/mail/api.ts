/** The outbox through Firestore's REST API as the admin (Bearer owner), as every console page reads. */
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';
import { newestFirst, outboxMessage, smsMessage, type OutboxMessage, type RestDocument } from './messages';

export type OutboxKind = 'mail' | 'sms';

/** More than a local session writes; the page says how many it shows. */
const PAGE_SIZE = 300;

export async function listOutbox(
  config: ConsoleConfig,
  collection: string,
  kind: OutboxKind,
): Promise<OutboxMessage[]> {
  const url =
    `${origin(config.emulators.firestore)}/v1/projects/${config.projectId}/databases/(default)/documents/` +
    `${encodeURIComponent(collection)}?pageSize=${PAGE_SIZE}`;
  const body = await requestJson<{ documents?: RestDocument[] }>(url);
  return newestFirst((body.documents ?? []).map(kind === 'mail' ? outboxMessage : smsMessage));
}
