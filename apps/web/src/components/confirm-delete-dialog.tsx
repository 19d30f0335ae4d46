import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { toast } from '@/lib/toast';

interface ConfirmDeleteDialogProps<T extends { id: string }> {
  /** The row to delete; null keeps the dialog closed. */
  item: T | null;
  onClose: () => void;
  /** The delete mutation, called with the row's id. */
  remove: {
    isPending: boolean;
    mutate: (id: string, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  };
  title: string;
  description: string;
  /** The toasts' descriptions when the row is gone and when it could not be deleted. */
  deleted: string;
  failed: string;
}

/** "Are you sure?" before deleting a row of a manage page; closes only once the row is gone. */
export function ConfirmDeleteDialog<T extends { id: string }>({
  item,
  onClose,
  remove,
  title,
  description,
  deleted,
  failed,
}: ConfirmDeleteDialogProps<T>) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel={t('Delete')}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            toast.success(t('Success'), { description: deleted });
            onClose();
          },
          onError: () => toast.error(t('Error'), { description: failed }),
        })
      }
    />
  );
}
