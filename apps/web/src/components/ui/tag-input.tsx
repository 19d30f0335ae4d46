import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { fieldClassName } from './input';

interface TagInputProps {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Most tags allowed; the input turns off at the limit. */
  max: number;
  maxLength?: number;
  placeholder?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * Tags typed into a field and added with Enter (or a comma): trimmed, never a duplicate (any case), at most `max`.
 * Backspace on an empty field removes the last tag; each chip has its own remove button.
 */
export function TagInput({ id, value, onChange, max, maxLength = 50, placeholder, ...aria }: TagInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const full = value.length >= max;

  const commit = () => {
    const tag = draft.trim();
    if (!tag) return;
    if (!full && !value.some((existing) => existing.toLowerCase() === tag.toLowerCase())) onChange([...value, tag]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        fieldClassName,
        'flex min-h-10 flex-wrap items-center gap-1.5 px-2 py-1.5 focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/25',
      )}
    >
      {value.map((tag) => (
        <span key={tag} className="inline-flex items-center gap-1 rounded-md bg-brand-50 py-0.5 pl-2 pr-1 text-sm text-brand-800">
          {tag}
          <button
            type="button"
            onClick={() => onChange(value.filter((existing) => existing !== tag))}
            className="inline-flex size-5 items-center justify-center rounded hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden className="size-3.5" />
            <span className="sr-only">{t('Remove tag {{tag}}', { tag })}</span>
          </button>
        </span>
      ))}
      <input
        id={id}
        value={draft}
        maxLength={maxLength}
        disabled={full}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        placeholder={full ? t('Maximum {{count}} tags', { count: max }) : placeholder}
        className="h-7 min-w-32 flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted-foreground/80 disabled:cursor-not-allowed sm:text-sm"
        {...aria}
      />
    </div>
  );
}
