import { describe, expect, it } from 'vitest';
import { guessImportColumns, importRowOf, recognisedExport } from './import.ts';

// The headers of the exports we read first, as those tools write them.
const LUMA = ['api_id', 'name', 'first_name', 'last_name', 'email', 'phone_number', 'created_at', 'approval_status', 'checked_in_at'];
const HI_EVENTS = ['ID', 'First Name', 'Last Name', 'Email', 'Status', 'Is Checked In', 'Checked In At', 'Product ID'];
const PRETIX = ['Order code', 'Attendee name', 'Attendee name: Given name', 'Attendee name: Family name', 'Attendee email', 'Company', 'Product'];

describe('reading an export’s columns', () => {
  it('recognises Luma, Hi.Events and pretix and maps their columns', () => {
    expect(recognisedExport(LUMA)).toBe('Luma');
    expect(guessImportColumns(LUMA)).toEqual({ email: 'email', fullName: 'name', firstName: 'first_name', lastName: 'last_name' });
    expect(recognisedExport(HI_EVENTS)).toBe('Hi.Events');
    expect(guessImportColumns(HI_EVENTS)).toEqual({ email: 'Email', firstName: 'First Name', lastName: 'Last Name' });
    expect(recognisedExport(PRETIX)).toBe('pretix');
    expect(guessImportColumns(PRETIX)).toEqual({
      email: 'Attendee email',
      fullName: 'Attendee name',
      firstName: 'Attendee name: Given name',
      lastName: 'Attendee name: Family name',
      company: 'Company',
    });
    expect(recognisedExport(['Email', 'Name'])).toBeNull();
  });

  it('makes a row of the mapped cells: the name from its parts when there is no full name, long cells cut', () => {
    const columns = guessImportColumns(HI_EVENTS);
    expect(importRowOf({ 'First Name': ' Ada ', 'Last Name': 'Lovelace', Email: ' ada@example.com ' }, columns)).toEqual({
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      company: undefined,
      jobTitle: undefined,
    });
    expect(importRowOf({ name: 'Grace Hopper', first_name: 'G', email: 'g@x.io' }, guessImportColumns(LUMA)).fullName).toBe('Grace Hopper');
    expect(importRowOf({ Email: 'x@y.io', 'First Name': 'a'.repeat(500) }, columns).fullName).toHaveLength(200);
    expect(importRowOf({ Email: '' }, columns)).toEqual({ email: '', fullName: undefined, company: undefined, jobTitle: undefined });
  });
});
