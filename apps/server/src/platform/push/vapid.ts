import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair, which identifies it to push services: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or else
 * a pair generated on the first start into the data directory (as the development auth secret), so that a laptop or
 * one server needs no set-up. A browser's subscription is bound to the public key: changing it silently ends every
 * subscription, so the pair is kept, never regenerated.
 */
export function vapidKeys(config: Pick<Config, 'dataDir' | 'push'>): VapidKeys {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const file = path.join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: of two processes starting on one data directory, the first pair written is everyone's.
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
}
