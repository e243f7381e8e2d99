import { createSystem } from '@chakra-ui/react';
import { themeConfigs } from './theme-config';

/** The shop's Chakra system: its theme (./theme-config.ts) turned into tokens, CSS variables and recipes. */
export const system = createSystem(...themeConfigs);
