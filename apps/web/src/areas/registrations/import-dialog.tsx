import {
  guessImportColumns,
  IMPORT_EMAIL_COLUMN_REQUIRED_MESSAGE,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_FILE_BYTES_MAX,
  IMPORT_FILE_TOO_LARGE_MESSAGE,
  IMPORT_NO_ROWS_MESSAGE,
  IMPORT_ROWS_MAX,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  importRowOf,
  recognisedExport,
  type ImportField,
  type ImportRow,
  type RegistrationImportResult,
} from '@mingle/shared/registrations/import';
import { useTranslation } from 'react-i18next';
import Papa from 'papaparse';
import { FileUp, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { formattingLocale } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useImportRegistrations } from './api';
import { ImportReport } from './import-report';

const NONE = '__none__';

interface ParsedFile {
  name: string;
  headers: string[];
  records: Array<Record<string, string | undefined>>;
}

type Step = { at: 'file' } | { at: 'map'; file: ParsedFile; columns: Partial<Record<ImportField, string>> } | { at: 'report'; rows: ImportRow[]; result: RegistrationImportResult };

/** Reads a CSV file in the browser (papaparse): its header row and its records, or why it cannot be read. */
function readCsv(file: File): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    if (file.size > IMPORT_FILE_BYTES_MAX) return reject(new Error(IMPORT_FILE_TOO_LARGE_MESSAGE));
    Papa.parse<Record<string, string | undefined>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (parsed) => {
        const headers = (parsed.meta.fields ?? []).filter((header) => header.trim() !== '');
        if (headers.length === 0 || parsed.data.length === 0) reject(new Error(IMPORT_NO_ROWS_MESSAGE));
        else if (parsed.data.length > IMPORT_ROWS_MAX) reject(new Error(IMPORT_TOO_MANY_ROWS_MESSAGE));
        else resolve({ name: file.name, headers, records: parsed.data });
      },
      error: (error) => reject(error),
    });
  });
}

/**
 * "Import CSV" on the Registrations page: a file (an export of Luma, Hi.Events or pretix, or any CSV with emails), its
 * columns mapped (guessed from the headers), a preview of what happens to each row, then the import and its report.
 */
export function ImportAttendeesButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation('registrations');
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ at: 'file' });
  const [problem, setProblem] = useState<string | null>(null);
  const importing = useImportRegistrations(eventId);
  const fileId = useId();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setStep({ at: 'file' });
      setProblem(null);
    }
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const parsed = await readCsv(file);
      setProblem(null);
      setStep({ at: 'map', file: parsed, columns: guessImportColumns(parsed.headers) });
    } catch (error) {
      setProblem(t((error as Error).message, { ns: 'messages' }));
    }
  };
  const run = async (rows: ImportRow[], dryRun: boolean) => {
    try {
      const result = await importing.mutateAsync({ rows, dryRun });
      setStep({ at: 'report', rows, result });
      if (!dryRun) {
        const invited = result.rows.filter((row) => row.outcome === 'invite_account' || row.outcome === 'invite_new').length;
        toast.success(t('Import done'), { description: t('{{number}} people were invited.', { count: invited, number: numberFormat.format(invited) }) });
      }
    } catch (error) {
      setProblem(t((error as Error).message, { ns: 'messages' }));
    }
  };

  const report = step.at === 'report' ? step : null;
  const toInvite = report ? report.result.rows.filter((row) => row.outcome === 'invite_account' || row.outcome === 'invite_new').length : 0;
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden />
          {t('Import CSV')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('Import attendees')}</DialogTitle>
          <DialogDescription>
            {t(
              'From a CSV file with one person a row, such as an export of Luma, Hi.Events or pretix. Everyone not yet registered is invited: people with a Mingle account accept on their dashboard, everyone else by email.',
            )}
          </DialogDescription>
        </DialogHeader>

        {step.at === 'file' && (
          <div className="grid gap-2">
            <Label htmlFor={fileId}>{t('CSV file')}</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void onFile(event)}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-accent"
            />
            <p className="text-xs text-muted-foreground">
              {t('Up to {{max}} people and 5 MB; the first row names the columns.', { max: numberFormat.format(IMPORT_ROWS_MAX) })}
            </p>
          </div>
        )}

        {step.at === 'map' && (
          <div className="grid gap-4">
            <p className="flex items-center gap-2 text-sm">
              <FileUp className="size-4 text-muted-foreground" aria-hidden />
              <span>
                <strong>{step.file.name}</strong>: {t('{{number}} rows', { count: step.file.records.length, number: numberFormat.format(step.file.records.length) })}
                {recognisedExport(step.file.headers) && t(', a {{format}} export', { format: recognisedExport(step.file.headers) })}
              </span>
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {IMPORT_FIELDS.map((field) => (
                <div key={field} className="grid gap-1.5">
                  <Label htmlFor={`${fileId}-${field}`}>
                    {t(IMPORT_FIELD_LABELS[field], { ns: 'messages' })}
                    {field === 'email' && ` ${t('(required)')}`}
                  </Label>
                  <Select
                    value={step.columns[field] ?? NONE}
                    onValueChange={(value) => setStep({ ...step, columns: { ...step.columns, [field]: value === NONE ? undefined : value } })}
                  >
                    <SelectTrigger id={`${fileId}-${field}`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>{t('Not in the file')}</SelectItem>
                      {step.file.headers.map((header) => (
                        <SelectItem key={header} value={header}>
                          {header}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              ))}
            </div>
          </div>
        )}

        {report && <ImportReport result={report.result} rows={report.rows} />}

        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}

        <DialogFooter>
          {step.at !== 'file' && !(report && !report.result.dryRun) && (
            <Button variant="outline" onClick={() => setStep({ at: 'file' })}>
              {t('Choose another file')}
            </Button>
          )}
          {step.at === 'map' && (
            <Button
              loading={importing.isPending}
              onClick={() => {
                if (!step.columns.email) return setProblem(t(IMPORT_EMAIL_COLUMN_REQUIRED_MESSAGE, { ns: 'messages' }));
                setProblem(null);
                void run(step.file.records.map((record) => importRowOf(record, step.columns)), true);
              }}
            >
              {t('Preview')}
            </Button>
          )}
          {report?.result.dryRun && (
            <Button loading={importing.isPending} disabled={toInvite === 0} onClick={() => void run(report.rows, false)}>
              {toInvite === 0 ? t('Nobody to invite') : t('Invite {{number}} people', { count: toInvite, number: numberFormat.format(toInvite) })}
            </Button>
          )}
          {report && !report.result.dryRun && (
            <Button onClick={() => reset(false)}>{t('Done')}</Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
