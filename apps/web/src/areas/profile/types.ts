import type { PlatformRole, UserType } from '@mingle/shared/core/constants';
import type { CurrentUser } from '@/lib/auth';

/** The profile as GET /api/me and the profile routes answer it (areas/profile/service.ts toProfileDto). */
export interface Profile {
  id: string;
  fullName: string;
  userType: UserType | null;
  companyOrInstitution: string | null;
  jobTitle: string | null;
  selectedInterests: string[];
  selectedGoals: string[];
  bio: string | null;
  linkedinUrl: string | null;
  githubUrl: string | null;
  showLinkedin: boolean;
  showGithub: boolean;
  avatarUrl: string | null;
  level: number;
  points: number;
  totalInteractions: number;
  termsAcceptedAt: string | null;
  qrTokenExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

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

export interface Device {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  current: boolean;
}
