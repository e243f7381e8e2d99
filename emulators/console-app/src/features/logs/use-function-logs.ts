/**
 * firebase-tools' logging emulator (firebase.json's `emulators.logging`, port 4500) sends every log line of its
 * emulators over a WebSocket, history first; the Cloud Functions' own lines carry metadata.function.name.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { origin, useConfig } from '../../lib/config';

export interface LogLine {
  level: string;
  message: string;
  timestamp: number;
  data?: { metadata?: { emulator?: { name?: string }; function?: { name?: string } } };
}

const KEEP = 2000;

/**
 * A function's structured log (firebase-functions' logger) arrives as "> {json}" at info level; show its own
 * severity and message instead.
 */
export function structured(line: LogLine): LogLine {
  const match = /^>\s*(\{[\s\S]*\})\s*$/.exec(line.message);
  if (!match) return line;
  try {
    const entry = JSON.parse(match[1]) as { severity?: unknown; message?: unknown };
    return {
      ...line,
      level: typeof entry.severity === 'string' ? entry.severity.toLowerCase() : line.level,
      message: typeof entry.message === 'string' ? entry.message : line.message,
    };
  } catch {
    return line;
  }
}

/** A line the search box asks for: its message, level or function contains every word, in any case. */
export function matchesSearch(line: LogLine, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${line.level} ${line.data?.metadata?.function?.name ?? ''} ${line.message}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

const CLEARED_KEY = 'emulator-console-logs-cleared-at';

/** When the log was last cleared (kept for the tab: the server replays its history on every connection). */
function clearedAt(): number {
  const saved = Number(globalThis.sessionStorage?.getItem(CLEARED_KEY));
  return Number.isFinite(saved) ? saved : 0;
}

/**
 * The lines so far and live, without those up to the last `clear()`: the logging emulator cannot forget its
 * history, so clearing hides what it had sent by then, here and after a reconnection or a reload of the tab.
 */
export function useFunctionLogs(): { lines: LogLine[]; connected: boolean; clear: () => void } {
  const config = useConfig();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [connected, setConnected] = useState(false);
  const cutoff = useRef(clearedAt());
  const clear = useCallback(() => {
    setLines((current) => {
      cutoff.current = Math.max(cutoff.current, Date.now(), ...current.map((line) => line.timestamp));
      globalThis.sessionStorage?.setItem(CLEARED_KEY, String(cutoff.current));
      return [];
    });
  }, []);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout>;
    let closed = false;
    const connect = () => {
      setLines([]); // the server replays its history on every connection
      socket = new WebSocket(origin(config.emulators.logging).replace(/^http/, 'ws'));
      socket.onopen = () => setConnected(true);
      socket.onmessage = (event: MessageEvent<string>) => {
        const line = structured(JSON.parse(event.data) as LogLine);
        if (line.timestamp <= cutoff.current) return;
        setLines((current) => [...current.slice(-(KEEP - 1)), line]);
      };
      socket.onclose = () => {
        setConnected(false);
        if (!closed) retry = setTimeout(connect, 2000);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [config]);
  return { lines, connected, clear };
}
