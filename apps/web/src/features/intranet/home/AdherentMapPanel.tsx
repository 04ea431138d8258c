import { Anchor, Card, Stack, Text } from '@mantine/core';
import { DASHBOARD_MAP_CENTER, DASHBOARD_MAP_ZOOM, MAP_HIDDEN_ROLE_IDS } from '@reseau/contracts/constants/dashboard';
import { type MapAdherent, useMapAdherents } from '../../../api/adherents';
import { LoadError } from '../../../components/LoadError';
import { LazyMarkerMap } from '../../../components/map/LazyMarkerMap';
import type { MapMarker } from '../../../components/map/map-types';
import { useTranslation } from '../../../i18n';
import { cityLine } from '../../../lib/format';
import classes from './HomePage.module.css';
import type { HomeContext } from './home-context';
import { PanelHeader } from './PanelHeader';

type MapAgency = MapAdherent['agencies'][number];

/** The card a marker opens: the agency, its adherent and the adherent's contact on the map. */
function AgencyCard({ adherent, agency }: { adherent: MapAdherent; agency: MapAgency }) {
  const { t } = useTranslation();
  const admin = adherent.admin;
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm">
        {agency.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t('intranetHome.map.adherent', { name: adherent.name })}
      </Text>
      {agency.address1 ? <Text size="sm">{agency.address1}</Text> : null}
      <Text size="sm">{cityLine(agency.city, agency.postalCode)}</Text>
      {admin ? (
        <Stack gap={0} mt={4}>
          <Text size="sm" fw={600}>
            {`${admin.firstName} ${admin.lastName}`}
            {admin.position ? ` · ${admin.position}` : ''}
          </Text>
          {admin.phone ? (
            <Anchor size="sm" href={`tel:${admin.phone.replace(/\s+/g, '')}`}>
              {admin.phone}
            </Anchor>
          ) : null}
          <Anchor size="sm" href={`mailto:${admin.emailAddress}`}>
            {admin.emailAddress}
          </Anchor>
        </Stack>
      ) : null}
    </Stack>
  );
}

function markersOf(adherents: readonly MapAdherent[]): MapMarker[] {
  return adherents.flatMap((adherent) =>
    adherent.agencies.map((agency) => ({
      id: agency.id,
      latitude: agency.latitude,
      longitude: agency.longitude,
      title: agency.name,
      popup: <AgencyCard adherent={adherent} agency={agency} />,
    })),
  );
}

/** The adherent map (spec 01 §2): France at zoom 6, hidden for role 8, a link to the full map. */
export function AdherentMapPanel({ ctx }: { ctx: HomeContext }) {
  const { t } = useTranslation();
  const hidden = ctx.roleId === null || MAP_HIDDEN_ROLE_IDS.includes(ctx.roleId);
  const adherents = useMapAdherents(!hidden);
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
        <div className={classes.mapBox}>
          <LazyMarkerMap
            markers={adherents.data ? markersOf(adherents.data) : []}
            center={DASHBOARD_MAP_CENTER}
            zoom={DASHBOARD_MAP_ZOOM}
            label={t('intranetHome.map.label')}
            height="100%"
          />
        </div>
      )}
    </Card>
  );
}
