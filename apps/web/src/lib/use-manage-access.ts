import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from './api';
import { i18n } from './i18n';

/** The spec's denial of a page (spec 02 section 6): the toast, then the dashboard. */
export const ACCESS_DENIED = { title: 'Access Denied', description: "You don't have permission to access this page" } as const;

/**
 * An event's management screens (Manage Sessions, Manage Sponsors, Event Analytics) turn away whoever may not
 * manage the event the same way, whatever the reason (decision 0106): the server answers 403 to the event's other
 * participants and 404 to everyone else without saying whether the event exists, and both get the spec's
 * 'Access Denied' and /dashboard. `denied` is also true when the screen learnt it from a 200 (canManage false).
 * True while denied, so the screen renders nothing of the event meanwhile.
 */
export function useManageAccess(error: Error | null, deniedByData = false): boolean {
  const navigate = useNavigate();
  const denied = deniedByData || (error instanceof ApiError && (error.status === 403 || error.status === 404));
  useEffect(() => {
    if (!denied) return;
    toast.error(i18n.t(ACCESS_DENIED.title), { description: i18n.t(ACCESS_DENIED.description) });
    void navigate('/dashboard', { replace: true });
  }, [denied, navigate]);
  return denied;
}
