import { Stack, Text, Title } from '@mantine/core';
import { COOPERATIVE_ROLES } from '@reseau/contracts/constants/adherents';
import { AGENCY_ACTIVITIES, AGENCY_JOB_TYPES } from '@reseau/contracts/constants/agencies';
import { DASHBOARD_MAP_CENTER, DASHBOARD_MAP_ZOOM } from '@reseau/contracts/constants/dashboard';
import { DIRECTORY_MAP_BOUNDS } from '@reseau/contracts/constants/directory';
import { useMemo } from 'react';
import { useMapAdherents } from '../../../api/adherents';
import { LoadError } from '../../../components/LoadError';
import { AgencyMapCard } from '../../../components/map/AgencyMapCard';
import { LazyMarkerMap } from '../../../components/map/LazyMarkerMap';
import type { MapMarker } from '../../../components/map/map-types';
import { useTranslation } from '../../../i18n';
import { cityLine } from '../../../lib/format';
import { listParam, useListParams } from '../../../lib/use-list-params';
import classes from './Directory.module.css';
import { MapFiltersPanel } from './MapFiltersPanel';
import { filterMapAgencies } from './map-filters';

const FILTERS = {
  regionId: listParam.id(),
  roles: listParam.codes(COOPERATIVE_ROLES),
  activities: listParam.codes(AGENCY_ACTIVITIES),
  jobType: listParam.oneOf(['all', ...AGENCY_JOB_TYPES] as const, 'all'),
  employeeAmount: listParam.id(),
  salesFigures: listParam.id(),
  year: listParam.id(),
};

/**
 * `/intranet/adherent-book-map` (spec 02 §2): the filters above the map of the members' agencies
 * (GET /adherents?isForMap=true, read once and filtered here). Under the map, the same agencies as
 * a list, so that the result is read without the map too.
 */
export function AdherentBookMapPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const adherents = useMapAdherents();
  const f = list.filters;

  const shown = useMemo(
    () =>
      filterMapAgencies(adherents.data ?? [], {
        search: list.search,
        regionId: f.regionId,
        cooperativeRoles: f.roles,
        activities: f.activities,
        jobType: f.jobType === 'all' ? null : f.jobType,
        employeeAmount: f.employeeAmount,
        salesFigures: f.salesFigures,
        enteredNetworkAt: f.year,
      }),
    [adherents.data, list.search, f],
  );
  const markers = useMemo<MapMarker[]>(
    () =>
      shown.map(({ adherent, agency }) => ({
        id: agency.id,
        latitude: agency.latitude,
        longitude: agency.longitude,
        title: agency.name,
        popup: <AgencyMapCard adherent={adherent} agency={agency} />,
      })),
    [shown],
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('menu.adherentBookMap')}
      </Title>
      <MapFiltersPanel list={list} />
      {adherents.isError ? (
        <div role="alert">
          <LoadError message={t('directory.errors.loadMap')} onRetry={() => void adherents.refetch()} />
        </div>
      ) : (
        <>
          <Text fw={600} aria-live="polite" data-testid="map-count">
            {adherents.isPending
              ? t('common.loading')
              : t(shown.length > 1 ? 'directory.map.count' : 'directory.map.countOne', { count: shown.length })}
          </Text>
          <div className={classes.mapBox}>
            <LazyMarkerMap
              markers={markers}
              center={DASHBOARD_MAP_CENTER}
              zoom={DASHBOARD_MAP_ZOOM}
              bounds={DIRECTORY_MAP_BOUNDS}
              label={t('directory.map.label')}
              height="100%"
            />
          </div>
          {shown.length > 0 ? (
            <ul className={classes.results} aria-label={t('directory.map.listLabel')}>
              {shown.map(({ adherent, agency }) => (
                <li key={agency.id}>
                  <Text size="sm">
                    <Text span fw={600}>
                      {agency.name}
                    </Text>
                    {` · ${cityLine(agency.city, agency.postalCode)}`}
                    <Text span c="dimmed">{` · ${adherent.name}`}</Text>
                  </Text>
                </li>
              ))}
            </ul>
          ) : adherents.isPending ? null : (
            <Text c="dimmed">{t('directory.map.empty')}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
