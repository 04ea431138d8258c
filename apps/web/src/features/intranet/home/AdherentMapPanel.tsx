import { Card, Skeleton } from '@mantine/core';
import { DASHBOARD_MAP_CENTER, DASHBOARD_MAP_ZOOM } from '@reseau/contracts/constants/dashboard';
import { MAP_HIDDEN_ROLE_IDS } from '@reseau/contracts/constants/permissions';
import { type MapAdherent, useMapAdherents } from '../../../api/adherents';
import { LoadError } from '../../../components/LoadError';
import { AgencyMapCard } from '../../../components/map/AgencyMapCard';
import { LazyMarkerMap } from '../../../components/map/LazyMarkerMap';
import type { MapMarker } from '../../../components/map/map-types';
import { useTranslation } from '../../../i18n';
import { useNearViewport } from '../../../lib/use-near-viewport';
import classes from './HomePage.module.css';
import type { HomeContext } from './home-context';
import { PanelHeader } from './PanelHeader';

function markersOf(adherents: readonly MapAdherent[]): MapMarker[] {
  return adherents.flatMap((adherent) =>
    adherent.agencies.map((agency) => ({
      id: agency.id,
      latitude: agency.latitude,
      longitude: agency.longitude,
      title: agency.name,
      popup: <AgencyMapCard adherent={adherent} agency={agency} />,
    })),
  );
}

/**
 * The adherent map (spec 01 §2): France at zoom 6, hidden for role 8, a link to the full map. It
 * is the dashboard's last panel: its code (Leaflet) and its data wait until the user nears it.
 */
export function AdherentMapPanel({ ctx }: { ctx: HomeContext }) {
  const { t } = useTranslation();
  const hidden = ctx.roleId === null || MAP_HIDDEN_ROLE_IDS.includes(ctx.roleId);
  const [box, near] = useNearViewport<HTMLDivElement>();
  const adherents = useMapAdherents(!hidden && near);
  if (hidden) return null;
  return (
    <Card component="section" aria-labelledby="home-map-title" className={classes.panel}>
      <PanelHeader
        id="home-map-title"
        title={t('intranetHome.map.title')}
        link={{ to: '/intranet/adherent-book-map', label: t('intranetHome.map.open') }}
      />
      {adherents.isError ? (
        <LoadError message={t('intranetHome.map.loadError')} onRetry={() => void adherents.refetch()} />
      ) : (
        <div className={classes.mapBox} ref={box}>
          {near ? (
            <LazyMarkerMap
              markers={adherents.data ? markersOf(adherents.data) : []}
              center={DASHBOARD_MAP_CENTER}
              zoom={DASHBOARD_MAP_ZOOM}
              label={t('intranetHome.map.label')}
              height="100%"
            />
          ) : (
            <Skeleton height="100%" radius="md" aria-label={t('common.loading')} />
          )}
        </div>
      )}
    </Card>
  );
}
