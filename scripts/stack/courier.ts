/**
 * The local courier of `npm start` and the browser suites (emulators/src/courier): where the functions look for
 * it (STEADFAST_BASE_URL in functions/.env.local), the keys they send and the webhook token (functions/.secret.local),
 * read from those files so the stack and the functions never disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalCourierConfig {
  host: string;
  port: number;
  apiKey: string;
  secretKey: string;
  webhookToken: string;
}

function envFile(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) values[match[1]] = match[2];
  }
  return values;
}

export function localCourierConfig(root: string): LocalCourierConfig {
  const env = envFile(join(root, 'functions', '.env.local'));
  const secrets = envFile(join(root, 'functions', '.secret.local'));
  const url = new URL(env.STEADFAST_BASE_URL ?? 'http://127.0.0.1:9300/api/v1');
  return {
    host: url.hostname,
    port: Number(url.port),
    apiKey: secrets.STEADFAST_API_KEY ?? '',
    secretKey: secrets.STEADFAST_SECRET_KEY ?? '',
    webhookToken: secrets.STEADFAST_WEBHOOK_TOKEN ?? '',
  };
}

/** The webhook function's URL in firebase-tools' Functions emulator. */
export function courierWebhookUrl(functions: { host: string; port: number }, projectId: string): string {
  return `http://${functions.host}:${functions.port}/${projectId}/us-central1/courierWebhook`;
}
