import type { DeviceDto, MeDto, ProfileDto } from '@mingle/shared/profiles/contract';

/** The profile as GET /api/me and the profile routes answer it. */
export type Profile = ProfileDto;

/** GET /api/me in full. */
export type Account = MeDto;

export interface Option {
  id: string;
  name: string;
}

export type Device = DeviceDto;
