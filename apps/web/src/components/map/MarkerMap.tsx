import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { MapContainer, type MapContainerProps, Marker, Popup, TileLayer } from 'react-leaflet';
import { MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../lib/config';
import classes from './MarkerMap.module.css';
import type { MarkerMapProps } from './map-types';

/** One icon for every marker: a CSS pin (Leaflet's default icon images do not survive bundling). */
const pinIcon = divIcon({
  className: classes.pin,
  html: `<span class="${classes.pinShape}"></span>`,
  iconSize: [26, 26],
  iconAnchor: [13, 30],
  popupAnchor: [0, -28],
});

/**
 * A Leaflet map with markers and their popup cards (react-leaflet). Markers are buttons that Tab
 * reaches and Enter opens (Leaflet's `keyboard` option); their title is their accessible name.
 * Load it through LazyMarkerMap so that Leaflet stays out of the routes that show no map.
 */
export default function MarkerMap({
  markers,
  center,
  zoom,
  bounds,
  label,
  height = 420,
  tileUrl = MAP_TILE_URL,
  attribution = MAP_TILE_ATTRIBUTION,
}: MarkerMapProps) {
  // react-leaflet fits `bounds` when it has no centre and zoom.
  const view: Pick<MapContainerProps, 'center' | 'zoom' | 'bounds' | 'boundsOptions'> = bounds
    ? {
        bounds: [
          [bounds.south, bounds.west],
          [bounds.north, bounds.east],
        ],
        boundsOptions: { padding: [12, 12] },
      }
    : { center: [center.latitude, center.longitude], zoom };
  return (
    <section className={classes.frame} style={{ height }} aria-label={label}>
      <MapContainer className={classes.map} {...view} scrollWheelZoom={false} attributionControl>
        {/* The app's pages send no referrer; tile servers such as OpenStreetMap's require one. */}
        <TileLayer url={tileUrl} attribution={attribution} referrerPolicy="strict-origin-when-cross-origin" />
        {markers.map((marker) => (
          <Marker
            key={marker.id}
            position={[marker.latitude, marker.longitude]}
            icon={pinIcon}
            title={marker.title}
            keyboard
            riseOnHover
          >
            <Popup>{marker.popup}</Popup>
          </Marker>
        ))}
      </MapContainer>
    </section>
  );
}
