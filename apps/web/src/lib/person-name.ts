import { DELETED_USER_NAME } from '@mingle/shared/privacy/inputs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A person's name as shown: a deleted account keeps what others rely on (a conversation's other side, a question)
 * under the name `DELETED_USER_NAME` (decision 0186), which reads in the viewer's language like the rest of the page.
 */
export function usePersonName(): (name: string) => string {
  const { t } = useTranslation('common');
  return useCallback((name: string) => (name === DELETED_USER_NAME ? t('Deleted user') : name), [t]);
}
