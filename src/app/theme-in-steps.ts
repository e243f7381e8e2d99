import type { SystemContext } from '@chakra-ui/react';
import { createSystemInSteps } from 'virtual:chakra-system-in-steps';
import { themeConfigs } from './theme-config';

/**
 * In the browser: the shop's Chakra system, the same one ./theme.ts builds, in steps: `pause()` between them
 * lets the page answer a tap meanwhile (scripts/build/chakra-system-in-steps.ts).
 */
export function buildShopSystem(pause: () => Promise<unknown>): Promise<SystemContext> {
  return createSystemInSteps(pause, ...themeConfigs);
}
