/**
 * The Firestore triggers the Functions emulator registered, in the two shapes firebase-tools sends them (see
 * emulators/docs/function-triggers.md): 1st gen (`PUT /emulator/v1/projects/{p}/triggers/{key}`, a resource
 * and a `providers/cloud.firestore/eventTypes/document.*` type) and 2nd gen (`POST …/eventarcTrigger`, a
 * database, a namespace and a document pattern with a `google.cloud.firestore.document.v1.*` type).
 */
import type { DatabaseId } from '../paths.js';
import type { DocumentPattern } from './document-pattern.js';
import { parseDocumentPattern } from './document-pattern.js';

/** What happened to a document in one commit. */
export type ChangeKind = 'created' | 'updated' | 'deleted';

export interface FirestoreTrigger {
  /** firebase-tools' trigger key (`<function id>-<generation>`), the last segment of its delivery URL. */
  readonly key: string;
  readonly generation: '1st' | '2nd';
  /** The type the function registered, sent back in its events. */
  readonly eventType: string;
  readonly kinds: ReadonlySet<ChangeKind>;
  readonly projectId: string;
  readonly databaseId: string;
  readonly pattern: DocumentPattern;
  /** 2nd gen `…WithAuthContext` types: the event carries who wrote (authtype, authid). */
  readonly withAuthContext: boolean;
}

const V1_KINDS: Record<string, ChangeKind[]> = {
  'document.create': ['created'],
  'document.update': ['updated'],
  'document.delete': ['deleted'],
  'document.write': ['created', 'updated', 'deleted'],
};
const V2_KINDS: Record<string, ChangeKind[]> = {
  created: ['created'],
  updated: ['updated'],
  deleted: ['deleted'],
  written: ['created', 'updated', 'deleted'],
};

export class TriggerRegistryError extends Error {}

export class FirestoreTriggers {
  private readonly triggers = new Map<string, FirestoreTrigger>();

  /** 1st gen: `{ eventTrigger: { eventType, resource, service } }`. */
  registerV1(projectId: string, key: string, body: unknown): FirestoreTrigger {
    const eventTrigger = (body as { eventTrigger?: { eventType?: unknown; resource?: unknown } } | null)
      ?.eventTrigger;
    const eventType = eventTrigger?.eventType;
    const resource = eventTrigger?.resource;
    if (typeof eventType !== 'string' || typeof resource !== 'string')
      throw new TriggerRegistryError('Expected {"eventTrigger":{"eventType","resource"}}');
    const kinds =
      V1_KINDS[eventType.replace(/^providers\/cloud\.firestore\/eventTypes\/|^.*\.firestore\./, '')];
    if (!kinds) throw new TriggerRegistryError(`Unknown Firestore event type ${eventType}`);
    // projects/{p}/databases/{d}/documents[@namespace]/{pattern}
    const match = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:@[^/]*)?\/(.+)$/.exec(resource);
    if (!match) throw new TriggerRegistryError(`Unsupported trigger resource ${resource}`);
    if (match[1] !== projectId)
      throw new TriggerRegistryError(`Trigger resource ${resource} is not in project ${projectId}`);
    return this.add({
      key,
      generation: '1st',
      eventType,
      kinds: new Set(kinds),
      projectId,
      databaseId: match[2],
      pattern: parse(match[3]),
      withAuthContext: false,
    });
  }

  /** 2nd gen: `{ eventType, database, namespace, document: { value, matchType } }`. */
  registerV2(projectId: string, key: string, body: unknown): FirestoreTrigger {
    const b = (body ?? {}) as {
      eventType?: unknown;
      database?: unknown;
      namespace?: unknown;
      document?: { value?: unknown; matchType?: unknown };
    };
    if (typeof b.eventType !== 'string' || typeof b.document?.value !== 'string')
      throw new TriggerRegistryError('Expected {"eventType","database","namespace","document":{"value"}}');
    const match =
      /^google\.cloud\.firestore\.document\.v1\.(created|updated|deleted|written)(\.withAuthContext)?$/.exec(
        b.eventType,
      );
    if (!match) throw new TriggerRegistryError(`Unknown Firestore event type ${b.eventType}`);
    if (b.namespace !== undefined && b.namespace !== '(default)')
      throw new TriggerRegistryError(
        `Namespaces other than (default) are not supported (${String(b.namespace)})`,
      );
    return this.add({
      key,
      generation: '2nd',
      eventType: b.eventType,
      kinds: new Set(V2_KINDS[match[1]]),
      projectId,
      databaseId: typeof b.database === 'string' && b.database !== '' ? b.database : '(default)',
      pattern: parse(b.document.value),
      withAuthContext: match[2] !== undefined,
    });
  }

  remove(key: string): boolean {
    return this.triggers.delete(key);
  }

  /** Forgets every trigger of a project (the emulator API's `DELETE …/triggers`). */
  clear(projectId: string): void {
    for (const [key, trigger] of this.triggers)
      if (trigger.projectId === projectId) this.triggers.delete(key);
  }

  get size(): number {
    return this.triggers.size;
  }

  list(): FirestoreTrigger[] {
    return [...this.triggers.values()];
  }

  /** The triggers a change of kind `kind` to the document at `segments` fires, each with its wildcards. */
  matching(
    db: DatabaseId,
    segments: readonly string[],
    kind: ChangeKind,
  ): { trigger: FirestoreTrigger; params: Record<string, string> }[] {
    const out: { trigger: FirestoreTrigger; params: Record<string, string> }[] = [];
    for (const trigger of this.triggers.values()) {
      if (trigger.projectId !== db.projectId || trigger.databaseId !== db.databaseId) continue;
      if (!trigger.kinds.has(kind)) continue;
      const params = trigger.pattern.match(segments);
      if (params) out.push({ trigger, params });
    }
    return out;
  }

  private add(trigger: FirestoreTrigger): FirestoreTrigger {
    this.triggers.set(trigger.key, trigger);
    return trigger;
  }
}

function parse(pattern: string): DocumentPattern {
  try {
    return parseDocumentPattern(pattern);
  } catch (error) {
    throw new TriggerRegistryError(error instanceof Error ? error.message : String(error));
  }
}
