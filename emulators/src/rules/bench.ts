/**
 * Throughput of the most common rule in the shop: "is the caller an admin?", which reads
 * roles/{uid} with get(). Called by `npm run bench`.
 */
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import type { FirestoreRulesRequest, Ruleset } from './types.js';

const ROLE_CHECK_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isAdmin() {
      return request.auth != null
        && get(/databases/$(database)/documents/roles/$(request.auth.uid)).data.role == 'admin';
    }
    match /orders/{orderId} {
      allow read: if isAdmin() || request.auth != null && resource.data.user_id == request.auth.uid;
      allow update: if isAdmin();
    }
  }
}`;

export interface BenchResult {
  /** Wall-clock rate: what a caller waits for. */
  evalsPerSecond: number;
  /** Rate per second of this process's CPU time: comparable across runs on a busy, shared machine. */
  evalsPerCpuSecond: number;
}

/** `wrap` puts something around the compiled rules, e.g. the console's request log, to measure its cost. */
export function benchRoleCheck(
  iterations: number,
  wrap: (ruleset: Ruleset) => Ruleset = (r) => r,
): BenchResult {
  if (!Number.isInteger(iterations) || iterations < 1) {
    throw new RangeError(`benchRoleCheck needs a positive whole number of iterations, got ${iterations}`);
  }
  const rules = wrap(compileRules(ROLE_CHECK_RULES, 'bench.rules'));
  const data = new InMemoryFirestore()
    .set('roles/admin-1', { role: 'admin' })
    .set('roles/customer-1', { role: 'customer' });
  const request: FirestoreRulesRequest = {
    service: 'cloud.firestore',
    path: '/databases/(default)/documents/orders/o1',
    method: 'get',
    auth: { uid: 'admin-1', token: { sub: 'admin-1', email: 'admin@example.com', email_verified: true } },
    time: '2026-11-21T06:30:00Z',
    resource: {
      name: 'projects/demo-project/databases/(default)/documents/orders/o1',
      fields: { user_id: { stringValue: 'customer-1' }, status: { stringValue: 'pending' } },
    },
    requestResource: null,
  };
  // The in-memory store logs reads for tests; keep the benchmark from growing that log without bound.
  const access = { get: (p: string) => data.get(p), getAfter: (p: string) => data.getAfter(p) };
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    if (!rules.evaluate(request, access).allowed) throw new Error('benchRoleCheck: the admin was denied');
    data.reads.length = 0;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    evalsPerSecond: Math.round(iterations / Math.max(seconds, 1e-9)),
    evalsPerCpuSecond: Math.round(iterations / Math.max(cpuSeconds, 1e-9)),
  };
}
