/**
 * The order Vitest hands the test files to its workers: its own (failed first, then the slowest by the last
 * run's times, or the largest files), except that the `integration-alone` suites, which take the shared shop
 * one at a time (tests/support/shop-alone.ts), alternate with the `integration-own` suites, which need no shop.
 * A worker done with an alone suite then takes an own one, while the next alone suite starts on the other
 * worker: neither waits for the shop.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The own suite that starts firebase-tools and waits on it longest (tens of seconds), first among them even on a
 * fresh clone, where Vitest has no times of a last run and orders by file size: last, it would be the run's tail.
 */
const SLOWEST_OWN = ['scripts/stack/auth-snapshots.test.ts'];
const slowestFirst = (file: TestSpecification) =>
  SLOWEST_OWN.some((slow) => file.moduleId.endsWith(slow)) ? 0 : 1;

export class IntegrationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const of = (project: string) => sorted.filter((file) => file.project.name === project);
    const alone = of('integration-alone');
    const own = of('integration-own').sort((a, b) => slowestFirst(a) - slowestFirst(b));
    const interleaved: TestSpecification[] = [];
    for (let i = 0; i < Math.max(alone.length, own.length); i++) {
      if (alone[i]) interleaved.push(alone[i]!);
      if (own[i]) interleaved.push(own[i]!);
    }
    // Vitest runs the groups (sequence.groupOrder) in turn, each in the order given here.
    return [...sorted.filter((file) => !interleaved.includes(file)), ...interleaved];
  }
}
