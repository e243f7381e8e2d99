/** firebase-admin 13 over gRPC (its default in Node) against the emulator: see admin-conformance.ts. */
import { describeAdminConformance } from './admin-conformance.js';

describeAdminConformance('gRPC');
