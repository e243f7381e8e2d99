/** Which of the shop's ports are taken, so the start command can say so instead of half-starting. */
import net from 'node:net';

export interface NamedPort {
  name: string;
  host: string;
  port: number;
}

export function isPortFree({ host, port }: NamedPort): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export async function takenPorts(ports: NamedPort[]): Promise<NamedPort[]> {
  const free = await Promise.all(ports.map(isPortFree));
  return ports.filter((_, i) => !free[i]);
}
