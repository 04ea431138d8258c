import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  messageId: string;
  raw: string;
}

/**
 * A real SMTP server on a free loopback port that keeps what it accepts. `refuse(n)` makes it
 * answer the next n messages with a temporary failure (451), as a mail server under load does.
 */
export async function startTestSmtp() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          refused++;
          return callback(Object.assign(new Error('Service momentanément indisponible, réessayez'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), messageId, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (n: number) => {
      refusals = n;
    },
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
