import { INTEREST_LEVEL_LABELS } from '@mingle/shared/core/constants';
import type { LeadDto } from '@mingle/shared/sponsors/contract';
import { csvFile } from '../../platform/http/csv.ts';

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

/** The leads as a CSV file for a CRM: the email only for those who asked to be contacted (as on the dashboard). */
export function leadsCsv(leads: LeadDto[]): string {
  return csvFile([
    LEAD_CSV_HEADER,
    ...leads.map((lead) => [
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
  ]);
}

/** A file name from the company's name: letters, digits and hyphens only. */
export function leadsFileName(companyName: string): string {
  const slug = companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'sponsor'}-leads.csv`;
}
