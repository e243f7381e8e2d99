/** The console server's request log, live over Server-Sent Events (decisions are traced while this is open). */
import { useEffect, useState } from 'react';
import type { LoggedRequest } from '../../../../src/console-server/request-log';

export type { LoggedRequest };

const KEEP = 1000;

export function useRequestLog(): {
  entries: LoggedRequest[];
  connected: boolean;
  clear: () => Promise<void>;
} {
  const [entries, setEntries] = useState<LoggedRequest[]>([]);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const source = new EventSource('/api/requests');
    source.addEventListener('backlog', (event) => {
      setEntries((JSON.parse((event as MessageEvent<string>).data) as LoggedRequest[]).slice(-KEEP));
      setConnected(true);
    });
    source.onmessage = (event: MessageEvent<string>) => {
      const entry = JSON.parse(event.data) as LoggedRequest;
      setEntries((current) => [...current.slice(-(KEEP - 1)), entry]);
    };
    source.onerror = () => setConnected(false);
    return () => source.close();
  }, []);

  const clear = async () => {
    await fetch('/api/requests', { method: 'DELETE' });
    setEntries([]);
  };
  return { entries, connected, clear };
}
