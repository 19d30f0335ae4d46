import type { toast as sonnerToast } from 'sonner';

// sonner weighs 9 kB gzip. The pages people arrive on (/auth above all, bench/page-weight.mjs) show a toast only
// after someone acts, so they import this instead and sonner loads on the first toast. Toasts keep their order:
// every call waits for the same import.
const loadSonner = () => import('sonner').then((module) => module.toast);

type Toast = typeof sonnerToast;

export const toast = {
  success: (...args: Parameters<Toast['success']>) => void loadSonner().then((t) => t.success(...args)),
  error: (...args: Parameters<Toast['error']>) => void loadSonner().then((t) => t.error(...args)),
  info: (...args: Parameters<Toast['info']>) => void loadSonner().then((t) => t.info(...args)),
};
