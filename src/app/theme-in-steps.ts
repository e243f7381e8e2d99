import { createSystemSteps, type SystemContext } from '@chakra-ui/react';
import { themeConfigs } from './theme-config';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The shop's Chakra system (the same as ./theme.ts's `system`), built in the browser one phase per task:
 * `createSystemSteps` is a patch of Chakra (patches/@chakra-ui+react+*.patch, docs/performance.md). In one piece
 * `createSystem` is the longest task of a page's start (~260 ms at 4× CPU): a tap waits that long, and
 * Lighthouse counts it as blocking time.
 */
export async function buildSystemInSteps(pause: () => Promise<unknown> = nextTask): Promise<SystemContext> {
  // A task of its own for the first phase too, apart from the evaluation of the theme's module.
  await pause();
  const steps = createSystemSteps(...themeConfigs);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await pause();
  }
}
