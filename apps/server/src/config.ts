import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LIMITS } from '@mingle/shared/core/constants';

/** Every environment variable the server reads, parsed and checked in one place. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Default: every interface in production; only this machine otherwise (see devTools below).
    HOST: z.string().min(1).optional(),
    // The development conveniences on a server others can reach: only when asked for by name.
    DEMO: z.enum(['true', 'false']).optional(),
    DEV_MAILBOX: z.enum(['true', 'false']).optional(),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    // Live fan-out through Redis pub/sub instead of PostgreSQL NOTIFY (docs/scaling.md, decision 0176).
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/?#]/, 'REDIS_URL must start with redis:// or rediss:// and name a host')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Mingle <no-reply@mingle.local>'),
    // The outbox on purpose: production without SMTP_URL refuses to start unless this says so.
    MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.url().optional(),
    GITHUB_CLIENT_ID: z.string().min(1).optional(),
    GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
    LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
    LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
    SIGNUP_CODES_PER_IP: z.coerce.number().int().min(1).optional(),
    SIGN_IN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).optional(),
    LIVE_SOCKETS_PER_IP: z.coerce.number().int().min(1).optional(),
    ALLOW_PERSONAL_EMAIL: z.enum(['true', 'false']).default('false'),
    // Web push: the VAPID key pair (base64url, as web-push generates them). Unset, a pair is generated once into the
    // data directory; processes that share no data directory must be given the same pair.
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key').optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key').optional(),
    // Whom a push service may contact about our pushes (a mailto: or https: URL); MAIL_FROM's address by default.
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL').optional(),
    // More push services' host names to send to, beyond the browsers' own (comma-separated; a self-hosted service).
    PUSH_SERVICE_HOSTS: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|[0-9]{1,2})$/, 'TRUST_PROXY must be false, true (one proxy) or the number of proxies in front')
      .default('false'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // The bearer token /metrics asks for (decision 0175); unset, /metrics is off in production.
    METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
    // Graceful restarts (decision 0179): how long a stopping process keeps serving with /api/ready at 503 before it
    // stops accepting, and how long it then waits for requests in flight and running jobs before it cuts them.
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    // Webhooks (issue 21, decision 0171): let endpoints be private, loopback or link-local addresses and plain http:
    // (a receiver on the operator's own network, local testing); the first retry's delay, each next one 4x longer;
    // the tries a delivery gets in all.
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
    WEBHOOKS_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
    WEBHOOKS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(7),
    // Retention (decision 0187): days the mail outbox, the webhook delivery log and the analytics rows are kept.
    RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    RETENTION_WEBHOOK_DELIVERIES_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    RETENTION_ANALYTICS_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DEV_MAILBOX === 'true') {
      ctx.addIssue({ code: 'custom', path: ['DEV_MAILBOX'], message: 'DEV_MAILBOX cannot be on in production: it shows everyone\'s codes and reset links' });
    }
    if (env.NODE_ENV === 'production' && env.DEMO === 'true') {
      ctx.addIssue({ code: 'custom', path: ['DEMO'], message: 'DEMO cannot be on in production: its accounts share a published password' });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'MAIL_TRANSPORT=smtp needs SMTP_URL' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_TRANSPORT !== 'outbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required in production: without it no email (sign-up codes, password resets, invitations) ' +
          'would leave the server. Set MAIL_TRANSPORT=outbox to keep them in the outbox on purpose.',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required in production' });
    }
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together' });
    }
    for (const provider of ['GITHUB', 'LINKEDIN'] as const) {
      if (Boolean(env[`${provider}_CLIENT_ID`]) !== Boolean(env[`${provider}_CLIENT_SECRET`])) {
        ctx.addIssue({
          code: 'custom',
          path: [`${provider}_CLIENT_ID`],
          message: `${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET must be set together`,
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /**
   * The origins a browser may call us from: PUBLIC_URL's, and outside production the same port under the other
   * loopback name (localhost and 127.0.0.1 are the same server to a developer) and Vite's dev server. Better Auth,
   * the CSRF check and the live channel all read this one list.
   */
  allowedOrigins: string[];
  /**
   * Demo data and the development mailbox (which shows every sign-up code and reset link). Never in production;
   * otherwise on by default only while the server listens on a loopback address, where nobody else can reach it.
   * On any other address they need DEMO=true / DEV_MAILBOX=true by name.
   */
  devTools: { demo: boolean; mailbox: boolean };
  dataDir: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: the live bus runs on Redis pub/sub; undefined keeps it on PostgreSQL NOTIFY (or PGlite's). */
  redisUrl: string | undefined;
  authSecret: string;
  /** Where email goes: undefined keeps it in the outbox only (no SMTP_URL, or MAIL_TRANSPORT=outbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string }
    | undefined;
  oauth: {
    github?: { clientId: string; clientSecret: string };
    linkedin?: { clientId: string; clientSecret: string };
  };
  logLevel: Env['LOG_LEVEL'];
  /**
   * The bearer token a Prometheus scrape of /metrics sends. Unset: /metrics is off in production, and elsewhere open
   * only while the server listens on a loopback address (decision 0175).
   */
  metricsToken: string | undefined;
  /** Behind a load balancer: take the client's address from X-Forwarded-For (else it is spoofable). */
  /**
   * How many proxies of ours stand in front of the server (0: none, the socket's address is the client's). Each
   * appends the address it saw to X-Forwarded-For, so the client's is the entry this many places from the right;
   * anything further left was written by the client and is not believed.
   */
  trustedProxyHops: number;
  /** Where the built web app is; apps/web/dist unless set (parallel test runs build to folders of their own). */
  webDistDir: string | undefined;
  /** Password sign-ins allowed per account (email) per minute (spec default 10; the browser tests raise it). */
  signInRateLimit: number;
  /** Password sign-ins allowed per client address per minute: a venue behind one NAT address shares it (600). */
  signInRateLimitPerIp: number;
  /** Sign-up codes one client address may request per hour (300 by default: a venue shares one address). */
  signupCodesPerIp: number;
  /** Live sockets one client address may hold (LIVE_SOCKETS_PER_IP; unset: the hub's default, 2,000). */
  liveSocketsPerIp: number | undefined;
  /** Personal (free-mail) addresses may sign up (ALLOW_PERSONAL_EMAIL=true); off by default, as spec 01 says. */
  allowPersonalEmail: boolean;
  push: {
    /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset, the pair kept in the data directory (platform/push/vapid.ts). */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    /** Whom a push service may contact about our pushes: VAPID_SUBJECT, or mailto: MAIL_FROM's address. */
    vapidSubject: string;
    /** The push services' host names the server sends to (platform/push/pusher.ts): the browsers' and PUSH_SERVICE_HOSTS. */
    serviceHosts: string[];
  };
  shutdown: {
    /**
     * After SIGTERM, how long the process keeps serving while /api/ready answers 503, so that load balancers polling
     * it stop sending new requests first (SHUTDOWN_DELAY_MS; 5 s in production, 0 elsewhere).
     */
    delayMs: number;
    /** Then how long requests in flight and running jobs may take before they are cut (SHUTDOWN_TIMEOUT_MS, 30 s). */
    timeoutMs: number;
  };
  webhooks: {
    /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true: endpoints on private, loopback and link-local addresses, and http:. */
    allowPrivateNetworks: boolean;
    /** The first retry's delay in seconds; each next one is 4x longer (30 s: 30 s, 2 min, 8 min, 32 min, 2 h 8 min). */
    retryBaseSeconds: number;
    /** The tries a delivery gets, the first included, before it fails for good. */
    maxAttempts: number;
  };
  /** Days old rows are kept before the daily retention job removes them (areas/privacy/retention.ts, decision 0187). */
  retention: {
    mailDays: number;
    webhookDeliveriesDays: number;
    analyticsDays: number;
  };
}

/**
 * The push services of Chrome, Edge and Android (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS):
 * a subscription names one of these, or a host of theirs, and a push goes nowhere else (the endpoint comes from a
 * browser, that is from anyone: without the list it would make the server post to any address).
 */
const BROWSER_PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment. Throws a ConfigError naming every bad variable; main.ts prints it and exits with 1.
 * Outside production a missing AUTH_SECRET is generated once and kept in the data directory, so sessions
 * survive a restart on a laptop without any set-up.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const isProduction = env.NODE_ENV === 'production';
  const host = env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const onlyThisMachine = isLoopbackHost(host);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host,
    publicUrl,
    allowedOrigins: allowedOrigins(publicUrl, isProduction),
    devTools: {
      demo: !isProduction && (env.DEMO ? env.DEMO === 'true' : onlyThisMachine),
      mailbox: !isProduction && (env.DEV_MAILBOX ? env.DEV_MAILBOX === 'true' : onlyThisMachine),
    },
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    authSecret: env.AUTH_SECRET ?? developmentSecret(dataDir),
    smtpUrl: env.MAIL_TRANSPORT === 'outbox' ? undefined : env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : undefined,
    oauth: {
      github:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }
          : undefined,
      linkedin:
        env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET
          ? { clientId: env.LINKEDIN_CLIENT_ID, clientSecret: env.LINKEDIN_CLIENT_SECRET }
          : undefined,
    },
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    trustedProxyHops: env.TRUST_PROXY === 'true' ? 1 : env.TRUST_PROXY === 'false' ? 0 : Number(env.TRUST_PROXY),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT ?? LIMITS.signIn.attemptsPerWindow,
    signInRateLimitPerIp: env.SIGN_IN_RATE_LIMIT_PER_IP ?? LIMITS.signIn.attemptsPerIpPerWindow,
    signupCodesPerIp: env.SIGNUP_CODES_PER_IP ?? LIMITS.signupCode.resendPerIpPerHour,
    liveSocketsPerIp: env.LIVE_SOCKETS_PER_IP,
    allowPersonalEmail: env.ALLOW_PERSONAL_EMAIL === 'true',
    push: {
      vapidKeys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:${mailAddress(env.MAIL_FROM)}`,
      serviceHosts: [...BROWSER_PUSH_SERVICES, ...(env.PUSH_SERVICE_HOSTS ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean)],
    },
    shutdown: {
      delayMs: env.SHUTDOWN_DELAY_MS ?? (isProduction ? 5_000 : 0),
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    },
    webhooks: {
      allowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === 'true',
      retryBaseSeconds: env.WEBHOOKS_RETRY_BASE_SECONDS,
      maxAttempts: env.WEBHOOKS_MAX_ATTEMPTS,
    },
    retention: {
      mailDays: env.RETENTION_MAIL_DAYS,
      webhookDeliveriesDays: env.RETENTION_WEBHOOK_DELIVERIES_DAYS,
      analyticsDays: env.RETENTION_ANALYTICS_DAYS,
    },
  };
}

/** The address of a From header: `Mingle <no-reply@mingle.local>` gives `no-reply@mingle.local`. */
function mailAddress(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Whether a listening address is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function allowedOrigins(publicUrl: string, isProduction: boolean): string[] {
  const own = new URL(publicUrl);
  if (isProduction) return [own.origin];
  const origins = new Set([own.origin, 'http://localhost:5173', 'http://127.0.0.1:5173']);
  if (isLoopbackHost(own.hostname)) {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) origins.add(`${own.protocol}//${name}${own.port ? `:${own.port}` : ''}`);
  }
  return [...origins];
}
