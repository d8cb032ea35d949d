import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, the portal) that can be frozen: while frozen it keeps every
 * connection open and accepts new ones but forwards nothing, which is what the portal sees of a server stopped
 * with SIGSTOP or behind a network path that drops packets, without stopping the machine's shared server.
 * It can also be cut: every connection through it is closed and new ones are closed at once until it is
 * restored, which is what a browser sees of a network that went away and came back.
 */
export interface FreezableProxy {
  port: number;
  freeze(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    freeze: () => {
      frozen = true;
    },
    cut: () => {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
