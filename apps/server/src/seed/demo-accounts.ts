import type { PlatformRole } from '@mingle/shared/core/constants';

export const DEMO_PASSWORD = 'mingle-demo';

/** The demo accounts of the README, one per role, each with a filled profile. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@example.com',
    role: 'super_admin',
    fullName: 'Ada Admin',
    jobTitle: 'Platform Administrator',
    company: 'Mingle',
  },
  {
    email: 'owner@example.com',
    role: 'event_owner',
    fullName: 'Olivia Owner',
    jobTitle: 'Head of Events',
    company: 'Northwind Conferences',
  },
  {
    email: 'volunteer@example.com',
    role: 'event_volunteer',
    fullName: 'Victor Volunteer',
    jobTitle: 'Community Volunteer',
    company: 'Northwind Conferences',
  },
  {
    email: 'attendee@example.com',
    role: 'registered_user',
    fullName: 'Amira Attendee',
    jobTitle: 'Product Manager',
    company: 'Contoso Labs',
  },
  {
    email: 'staff@example.com',
    role: 'lbs_staff',
    fullName: 'Sam Staff',
    jobTitle: 'Careers Adviser',
    company: 'London Business School',
  },
] as const satisfies ReadonlyArray<{
  email: string;
  role: PlatformRole;
  fullName: string;
  jobTitle: string;
  company: string;
}>;

export const DEMO_EVENT_SLUG = 'demo-summit';
