import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { ForbiddenPage } from '../../components/ForbiddenPage';
import { type AccessContext, canAccess } from '../../lib/permissions';
import { menuEntry } from '../intranet-menu';
import type { RouteHandle } from '../route-handle';

/** Refuses a screen whose menu entry the user may not see; the server checks again on every call. */
export function PermissionGate({ access, ready, children }: { access: AccessContext; ready: boolean; children: ReactNode }) {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const entry = menuEntry(handle?.accessId);
  if (!entry?.access || canAccess(entry.access, access)) return <>{children}</>;
  if (!ready && access.permissions.length === 0) {
    return (
      <Center py="xl">
        <Loader aria-label="…" />
      </Center>
    );
  }
  return <ForbiddenPage home="/intranet" />;
}
