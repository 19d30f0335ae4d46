import type { PlatformRole } from '@mingle/shared/core/constants';
import type { DeviceDto, ProfileDto } from '@mingle/shared/profile/contract';
import type { CurrentUser } from '@/lib/auth';

/** The profile as GET /api/me and the profile routes answer it. */
export type Profile = ProfileDto;

/** GET /api/me in full: lib/auth's Me with the fields the profile page reads. */
export interface Account {
  user: CurrentUser & { twoFactorEnabled: boolean };
  roles: PlatformRole[];
  profile: Profile | null;
  provider: 'email' | 'github' | 'linkedin' | null;
  isVolunteer: boolean;
}

export interface Option {
  id: string;
  name: string;
}

export type Device = DeviceDto;
