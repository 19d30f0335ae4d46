import type { GoodieDistributionDto } from '@mingle/shared/volunteers/contract';
import type { DistributeGoodieInput } from '@mingle/shared/volunteers/inputs';
import { ApiError } from '@/lib/api';
import { distribute } from './api';

/**
 * Scans made while the hall's network is down wait on the device (localStorage) and are sent when it returns.
 * Each carries its own clientScanId, so a scan sent twice (lost answer, two tabs) never gives two goodies.
 */
export interface QueuedScan extends Required<DistributeGoodieInput> {
  eventId: string;
  queuedAt: string;
}

const KEY = 'mingle:queued-goodie-scans';

export function queuedScans(): QueuedScan[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

function save(scans: QueuedScan[]) {
  localStorage.setItem(KEY, JSON.stringify(scans));
}

export function queueScan(scan: QueuedScan) {
  save([...queuedScans().filter((s) => s.clientScanId !== scan.clientScanId), scan]);
}

/** Sends every queued scan once; keeps those that still cannot reach the server. Answers each outcome. */
export async function flushQueuedScans(): Promise<Array<{ scan: QueuedScan; result?: GoodieDistributionDto; error?: ApiError }>> {
  const outcomes: Array<{ scan: QueuedScan; result?: GoodieDistributionDto; error?: ApiError }> = [];
  for (const scan of queuedScans()) {
    try {
      outcomes.push({ scan, result: await distribute(scan.eventId, { token: scan.token, clientScanId: scan.clientScanId }) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) break; // still offline: keep the rest for later
      outcomes.push({ scan, error: error instanceof ApiError ? error : new ApiError(500, 'internal_error', String(error)) });
    }
    save(queuedScans().filter((s) => s.clientScanId !== scan.clientScanId));
  }
  return outcomes;
}
