/**
 * Cloud Functions triggers of the Firestore emulator: the triggers firebase-tools registered (./registry.ts)
 * and, for each commit, one event per changed document to each trigger it matches (./events.ts), sent in the
 * background (./delivery.ts). Only accepted commits get here: a refused write changes nothing and fires nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../shared/auth-token.js';
import type { DocumentChangeEvent } from '../listen/listen.js';
import type { DatabaseId } from '../paths.js';
import { dbKey } from '../databases.js';
import type { DeliveryOptions } from './delivery.js';
import { TriggerDelivery } from './delivery.js';
import { changeKind, functionRequest } from './events.js';
import { FirestoreTriggers } from './registry.js';

export class FunctionTriggers {
  readonly registry = new FirestoreTriggers();
  readonly delivery: TriggerDelivery;

  constructor(options: DeliveryOptions) {
    this.delivery = new TriggerDelivery(options);
  }

  /** Called by the commit once its changes are applied, in commit order. */
  onCommit(
    db: DatabaseId,
    changes: readonly DocumentChangeEvent[],
    commitTime: string,
    caller: Caller,
  ): void {
    if (this.registry.size === 0) return;
    for (const { segments, before, after, key } of changes) {
      const kind = changeKind(before, after);
      const matches = this.registry.matching(db, segments, kind);
      if (matches.length === 0) continue;
      const change = { db, segments, before, after, kind, commitTime, eventId: randomUUID(), caller };
      for (const { trigger } of matches) {
        this.delivery.send(
          db.projectId,
          trigger.key,
          `${dbKey(db)}/${key}`,
          change.eventId,
          functionRequest(trigger, change),
        );
      }
    }
  }
}
