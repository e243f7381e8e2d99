import type { DocumentData, DocumentReference, Firestore, UpdateData } from 'firebase-admin/firestore';

export interface BulkWrites {
  set(ref: DocumentReference, data: DocumentData): void;
  update(ref: DocumentReference, data: UpdateData<DocumentData>): void;
  delete(ref: DocumentReference): void;
  /** Waits for every write; throws the first that failed after BulkWriter's own retries. */
  done(): Promise<void>;
}

/**
 * Many independent writes (a rebuild's), through firebase-admin's BulkWriter: it batches, throttles and retries
 * them itself. A failed write is kept and thrown by done(), never an unhandled rejection.
 */
export function bulkWrites(db: Firestore): BulkWrites {
  const writer = db.bulkWriter();
  const failures: unknown[] = [];
  const keep = (write: Promise<unknown>) => void write.catch((error: unknown) => failures.push(error));
  return {
    set: (ref, data) => keep(writer.set(ref, data)),
    update: (ref, data) => keep(writer.update(ref, data)),
    delete: (ref) => keep(writer.delete(ref)),
    async done() {
      await writer.close();
      if (failures.length > 0) throw failures[0];
    },
  };
}
