/**
 * firebase-tools' logging emulator (firebase.json's `emulators.logging`, port 4500) sends every log line of its
 * emulators over a WebSocket, history first; the Cloud Functions' own lines carry metadata.function.name.
 */
import { useEffect, useState } from 'react';
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

export function useFunctionLogs(): { lines: LogLine[]; connected: boolean } {
  const config = useConfig();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [connected, setConnected] = useState(false);

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
  return { lines, connected };
}
