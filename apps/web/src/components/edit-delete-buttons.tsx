import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A manage page row's Edit and Delete; screen readers hear the row's name after each label. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" size="sm" onClick={onEdit}>
        <Pencil aria-hidden />
        {t('Edit')}<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="outline" size="sm" className="text-destructive hover:border-destructive/40 hover:bg-destructive-soft" onClick={onDelete}>
        <Trash2 aria-hidden />
        {t('Delete')}<span className="sr-only"> {name}</span>
      </Button>
    </>
  );
}
