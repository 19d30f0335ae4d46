import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/auth';
import { homePathFor } from './home-path';

/** /home: the role redirect after sign-in (spec 01), replacing the history entry. */
export function HomeRedirect() {
  return <RoleRedirect />;
}

function RoleRedirect() {
  const { data: me } = useCurrentUser();
  if (!me) return null;
  return <Navigate to={homePathFor(me.roles, me.isVolunteer)} replace />;
}
