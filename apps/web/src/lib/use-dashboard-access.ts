import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from './api';
import { i18n } from './i18n';

/**
 * The role dashboards' first query decides who may stay: a 403 toasts "Access Denied" and goes back to
 * /dashboard; any other failure is toasted and the page shows what it could load. True while denied.
 */
export function useDashboardAccess(query: { isError: boolean; error: Error | null }): boolean {
  const navigate = useNavigate();
  const denied = query.error instanceof ApiError && query.error.status === 403;
  useEffect(() => {
    if (!denied) return;
    toast.error(i18n.t('Access Denied'), { description: i18n.t("You don't have permission to access this page") });
    void navigate('/dashboard', { replace: true });
  }, [denied, navigate]);
  useEffect(() => {
    if (query.isError && !denied) toast.error(i18n.t('Failed to load data: {{message}}', { message: query.error?.message }));
  }, [query.isError, query.error, denied]);
  return denied;
}
