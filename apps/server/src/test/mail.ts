import type { AddressInfo, Socket } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../context.ts';
import { mailOutbox } from '../platform/db/schema/mail.ts';
import type { RetryPolicy } from '../platform/jobs/queue.ts';

/** Retries a test can wait for: three more tries, a second apart (production waits 5 s and more, decision 0159). */
export const QUICK_MAIL_RETRY: RetryPolicy = { limit: 3, delaySeconds: 1, expireSeconds: 30 };

/**
 * The newest message to an address, as the development mailbox shows it, once the worker has rendered what was
 * queued (a templated message has no subject or text before).
 */
export async function lastMailTo(ctx: AppContext, to: string) {
  await ctx.mailer.idle();
  const [message] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!message) return undefined;
  const { subject, text } = message;
  if (subject === null || text === null) throw new Error(`the message ${message.id} to ${to} was not rendered`);
  return { ...message, subject, text };
}

/**
 * The 6-digit code a sign-up email's subject names. From the subject: the body greets the person by name first, and a
 * random test name may hold six digits.
 */
export const codeInSubject = (subject: string | null | undefined): string | undefined => subject?.match(/\b(\d{6})\b/)?.[1];

/** The 6-digit sign-up code of the newest message to an address. */
export async function lastCodeTo(ctx: AppContext, to: string): Promise<string> {
  const message = await lastMailTo(ctx, to);
  const code = codeInSubject(message?.subject);
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export interface ReceivedMail {
  to: string[];
  /** The message as it arrived: headers and MIME body. */
  raw: string;
  messageId: string | undefined;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Mail that arrived for an address. */
  to(address: string): ReceivedMail[];
  /** Drops every connection mid-conversation and stops listening, as a crashed mail server does. */
  kill(): Promise<void>;
  /** Listens again on the same port (after kill). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps what it receives. `rejectRecipient` answers
 * 550 to the addresses it names, as a mail server does for a mailbox that does not exist.
 */
export async function startSmtpSink(options: { rejectRecipient?: (address: string) => boolean } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer;
  const sockets = new Set<Socket>();
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (options.rejectRecipient?.(address.address)) {
          callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, messageId: raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim() });
          callback();
        });
      },
    });
    server.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = async (kill: boolean) => {
    const closed = new Promise<void>((resolve) => server.server.close(() => resolve()));
    if (kill) for (const socket of sockets) socket.destroy();
    else server.close(() => undefined);
    await closed;
  };
  await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    kill: () => stop(true),
    restart: listen,
    close: () => stop(true),
  };
}
