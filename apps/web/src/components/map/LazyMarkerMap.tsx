import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n';
import type { MarkerMapProps } from './map-types';

const MarkerMap = lazy(() => import('./MarkerMap'));

/** The map, its code (Leaflet and its CSS) fetched only when a screen shows it. */
export function LazyMarkerMap(props: MarkerMapProps) {
  const { t } = useTranslation();
  const height = props.height ?? 420;
  return (
    <Suspense fallback={<Skeleton height={height} radius="md" aria-label={t('common.loading')} />}>
      <MarkerMap {...props} />
    </Suspense>
  );
}
