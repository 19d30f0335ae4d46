import type { DistributeGoodieInput } from '@mingle/shared/volunteers/inputs';
import { deviceQueue } from '@/lib/device-queue';
import { distribute } from './api';

/**
 * Scans made while the hall's network is down wait on the device and are sent when it returns. Each carries its own
 * clientScanId, so a scan sent twice (lost answer, two tabs) never gives two goodies.
 */
export interface QueuedScan extends Required<DistributeGoodieInput> {
  eventId: string;
  queuedAt: string;
}

const queue = deviceQueue<QueuedScan>('mingle:queued-goodie-scans', (scan) => scan.clientScanId);

export const queuedScans = queue.items;
export const queueScan = queue.add;

/** Sends every queued scan once; keeps those that still cannot reach the server. Answers each outcome. */
export const flushQueuedScans = () => queue.flush((scan) => distribute(scan.eventId, { token: scan.token, clientScanId: scan.clientScanId }));
