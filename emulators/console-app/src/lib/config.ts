/** Where every emulator is, as the console server reads it from firebase.json (GET /api/config). */
import { createContext, useContext } from 'react';
import { currentTexts } from '../i18n/texts';
import { sharedTexts } from './texts';
import type { ConsoleConfig } from '../../../src/console-server/api';

export type { ConsoleConfig };

export async function loadConfig(): Promise<ConsoleConfig> {
  const response = await fetch('/api/config');
  if (!response.ok) throw new Error(currentTexts(sharedTexts).configFailed(response.status));
  return (await response.json()) as ConsoleConfig;
}

export const ConfigContext = createContext<ConsoleConfig | null>(null);

export function useConfig(): ConsoleConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigContext');
  return config;
}

export function origin(endpoint: { host: string; port: number }): string {
  return `http://${endpoint.host}:${endpoint.port}`;
}
