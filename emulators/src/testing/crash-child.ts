/**
 * The Firestore and Storage emulators in a process of their own, for the crash test to `kill -9`: no rules
 * (everything allowed), free ports, persistence in the folder given as the only argument. Prints each log line,
 * then `READY {"firestore":port,"storage":port}`.
 */
import { startFirestoreEmulator } from '../firestore/server.js';
import { startStorageEmulator } from '../storage/server.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: crash-child.ts <data folder>');
const log = (line: string) => console.log(line);
const firestore = await startFirestoreEmulator({ port: 0, dataDir, log });
const storage = await startStorageEmulator({ port: 0, projectId: 'demo-crash', dataDir, log });
console.log(`READY ${JSON.stringify({ firestore: firestore.port, storage: storage.port })}`);
