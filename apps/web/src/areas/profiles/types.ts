import type { OptionDto } from '@mingle/shared/options/contract';
import type { DeviceDto, MeDto, ProfileDto } from '@mingle/shared/profiles/contract';

/** The profile as GET /api/me and the profile routes answer it. */
export type Profile = ProfileDto;

/** GET /api/me in full. */
export type Account = MeDto;

/** What the option picker shows of an interest or goal. */
export type Option = Pick<OptionDto, 'id' | 'name'>;

export type Device = DeviceDto;
