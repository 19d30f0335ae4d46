import { INTEREST_LEVEL_LABELS } from '@mingle/shared/core/constants';
import type { LeadDto } from '@mingle/shared/sponsors/contract';

/**
 * One CSV cell: a value a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe (OWASP "CSV injection"), then every cell is quoted per RFC 4180 (quotes doubled), so
 * commas, quotes and line breaks in notes stay inside their cell.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: Array<string | number | boolean | null | undefined>): string {
  return values.map(csvCell).join(',');
}

export const LEAD_CSV_HEADER = [
  'Name',
  'Email',
  'Company',
  'Job Title',
  'Interests',
  'Interest Level',
  'Notes',
  'Contact Requested',
  'Visited At (UTC)',
];

/**
 * The leads as a CSV file for a CRM: UTF-8 with a byte-order mark (so Excel reads accents), CRLF line ends, the
 * email only for those who asked to be contacted (as on the dashboard).
 */
export function leadsCsv(leads: LeadDto[]): string {
  const lines = [
    csvRow(LEAD_CSV_HEADER),
    ...leads.map((lead) =>
      csvRow([
        lead.fullName,
        lead.email,
        lead.company,
        lead.jobTitle,
        lead.interests.join('; '),
        INTEREST_LEVEL_LABELS[lead.interestLevel],
        lead.notes,
        lead.contactRequested ? 'Yes' : 'No',
        lead.visitedAt,
      ]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name from the company's name: letters, digits and hyphens only. */
export function leadsFileName(companyName: string): string {
  const slug = companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'sponsor'}-leads.csv`;
}
