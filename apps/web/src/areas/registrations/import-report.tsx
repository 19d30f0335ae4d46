import { IMPORT_OUTCOME_LABELS, IMPORT_OUTCOMES, isImportProblem, type ImportOutcome, type ImportRow, type RegistrationImportResult } from '@mingle/shared/registrations/import';
import Papa from 'papaparse';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '@/lib/i18n';

const SHOWN = 200;

const variantOf = (outcome: ImportOutcome) =>
  isImportProblem(outcome) ? 'destructive' : outcome === 'invite_account' || outcome === 'invite_new' ? 'success' : 'secondary';

/** The per-row report of a preview or an import: the counts, the rows (problems only on demand), and a CSV of it. */
export function ImportReport({ result, rows }: { result: RegistrationImportResult; rows: ImportRow[] }) {
  const { t } = useTranslation('registrations');
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const [problemsOnly, setProblemsOnly] = useState(false);
  const label = (outcome: ImportOutcome) => t(IMPORT_OUTCOME_LABELS[outcome][result.dryRun ? 'preview' : 'done'], { ns: 'messages' });
  const counts = useMemo(() => {
    const by = new Map<ImportOutcome, number>();
    for (const row of result.rows) by.set(row.outcome, (by.get(row.outcome) ?? 0) + 1);
    return IMPORT_OUTCOMES.filter((outcome) => by.has(outcome)).map((outcome) => ({ outcome, n: by.get(outcome)! }));
  }, [result]);
  const listed = result.rows.filter((row) => !problemsOnly || isImportProblem(row.outcome));
  const download = () => {
    // Formula-safe, as every CSV file of ours: a cell starting with = + - @ is not run by a spreadsheet.
    const csv = Papa.unparse(
      result.rows.map((row) => ({ Row: row.index + 1, Name: rows[row.index]?.fullName ?? '', Email: rows[row.index]?.email ?? row.email, Result: label(row.outcome) })),
      { escapeFormulae: true },
    );
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
    link.download = 'import-report.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="grid gap-3">
      <ul aria-label={t('Import summary')} className="flex flex-wrap gap-2">
        {counts.map(({ outcome, n }) => (
          <li key={outcome}>
            <Badge variant={variantOf(outcome)}>
              {t('{{outcome}}: {{number}}', { outcome: label(outcome), number: numberFormat.format(n) })}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={problemsOnly} onCheckedChange={setProblemsOnly} />
          {t('Problems only')}
        </label>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden />
          {t('Download report')}
        </Button>
      </div>
      {/* Focusable, so keyboard users can scroll it too. */}
      <div role="region" aria-label={t('Rows of the report')} tabIndex={0} className="max-h-72 overflow-auto rounded-lg border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('What happens to each row')}</caption>
          <thead className="sticky top-0 bg-subtle text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">{t('Row')}</th>
              <th className="px-3 py-2 font-medium">{t('Person')}</th>
              <th className="px-3 py-2 font-medium">{t('Result')}</th>
            </tr>
          </thead>
          <tbody>
            {listed.slice(0, SHOWN).map((row) => (
              <tr key={row.index} className="border-t align-top">
                <td className="px-3 py-2 tabular-nums text-muted-foreground">{row.index + 1}</td>
                <td className="max-w-36 px-3 py-2 sm:max-w-56">
                  <span className="block truncate font-medium">{rows[row.index]?.fullName ?? '—'}</span>
                  <span className="block truncate text-xs text-muted-foreground">{rows[row.index]?.email || t('(no email)')}</span>
                </td>
                <td className="px-3 py-2">
                  <Badge variant={variantOf(row.outcome)} className="whitespace-normal">
                    {label(row.outcome)}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {listed.length > SHOWN && <p className="text-xs text-muted-foreground">
          {t('The first {{shown}} of {{total}} rows: the report has them all.', { shown: SHOWN, total: numberFormat.format(listed.length) })}
        </p>}
    </div>
  );
}
