/** firebase-admin 13 with preferRest (HTTP/1.1 JSON; listeners still use gRPC) against the emulator: see admin-conformance.ts. */
import { describeAdminConformance } from './admin-conformance.js';

describeAdminConformance('REST');
