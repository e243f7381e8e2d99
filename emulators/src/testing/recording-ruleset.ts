/** A fake rules engine that records what it was asked, for the Storage emulator's suites. */
import type { RulesDecision, RulesRequest, Ruleset, StorageRulesRequest } from '../rules/types.js';

export interface RecordingRuleset extends Ruleset {
  readonly requests: StorageRulesRequest[];
}

/** A Ruleset that answers with `decide` and keeps every storage request it evaluated. */
export function recordingRuleset(
  decide: (request: StorageRulesRequest) => boolean | RulesDecision,
): RecordingRuleset {
  const requests: StorageRulesRequest[] = [];
  return {
    service: 'firebase.storage',
    requests,
    evaluate(request: RulesRequest): RulesDecision {
      if (request.service !== 'firebase.storage') throw new Error(`unexpected ${request.service} request`);
      requests.push(request);
      const decision = decide(request);
      return typeof decision === 'boolean' ? { allowed: decision } : decision;
    },
  };
}
