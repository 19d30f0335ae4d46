import type { RosterDto } from '@mingle/shared/check-in/contract';
import { CheckCircle2, UserSearch } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';

const SHOWN = 8;

/** Finds a person on the roster by name or company (on the phone: it works offline) and checks them in. */
export function DoorSearch({ roster, pointId, onPick }: { roster: RosterDto; pointId: string | null; onPick: (userId: string) => Promise<void> }) {
  const { t } = useTranslation('check-in');
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim().toLowerCase());
  const [busy, setBusy] = useState<string | null>(null);
  const matches = useMemo(
    () =>
      needle.length === 0
        ? []
        : roster.people.filter((person) => person.fullName.toLowerCase().includes(needle) || (person.company ?? '').toLowerCase().includes(needle)),
    [needle, roster.people],
  );
  const pick = async (userId: string) => {
    setBusy(userId);
    await onPick(userId);
    setBusy(null);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserSearch className="size-5" aria-hidden />
          {t('Find by name')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor="door-search" className="sr-only">
          {t('Search by name or company')}
        </Label>
        <SearchInput id="door-search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('Search by name or company')} autoComplete="off" />
        {needle.length > 0 && matches.length === 0 && <p className="text-sm text-muted-foreground">{t('Nobody on the list matches “{{search}}”.', { search: search.trim() })}</p>}
        {matches.length > 0 && (
          <ul aria-label={t('People on the list')} className="divide-y rounded-lg border">
            {matches.slice(0, SHOWN).map((person) => {
              const inHere = person.checkIns.some((checkIn) => checkIn.pointId === pointId);
              return (
                <li key={person.userId} className="flex items-center gap-3 px-3 py-2">
                  <Avatar name={person.fullName} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{person.fullName}</p>
                    {person.company && <p className="truncate text-xs text-muted-foreground">{person.company}</p>}
                  </div>
                  {inHere ? (
                    <Badge variant="success">
                      <CheckCircle2 className="size-3.5" aria-hidden />
                      {t('In')}
                    </Badge>
                  ) : (
                    <Button size="sm" variant="outline" loading={busy === person.userId} onClick={() => void pick(person.userId)} aria-label={t('Check in {{name}}', { name: person.fullName })}>
                      {t('Check in')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {matches.length > SHOWN && <p className="text-xs text-muted-foreground">{t('{{count}} more: type more of the name.', { count: matches.length - SHOWN })}</p>}
      </CardContent>
    </Card>
  );
}
