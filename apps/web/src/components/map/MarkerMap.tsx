import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
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
  label,
  height = 420,
  tileUrl = MAP_TILE_URL,
  attribution = MAP_TILE_ATTRIBUTION,
}: MarkerMapProps) {
  return (
    <section className={classes.frame} style={{ height }} aria-label={label}>
      <MapContainer
        className={classes.map}
        center={[center.latitude, center.longitude]}
        zoom={zoom}
        scrollWheelZoom={false}
        attributionControl
      >
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
