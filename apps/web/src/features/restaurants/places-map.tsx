/**
 * The Restaurant Finder's map (Leaflet through react-leaflet), loaded only on /restaurants and only when
 * a tile server is configured. The list stays the primary UI: the map repeats it, with the user's
 * position and one named, keyboard-reachable marker per place; choosing a marker opens the place as
 * the list does.
 */
import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import { divIcon, latLngBounds, type LeafletKeyboardEvent } from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { Place } from '@app/contracts/places';
import { attributionHtml, type TileSource } from './model';

export interface PlacesMapProps {
  tiles: TileSource;
  position: { latitude: number; longitude: number };
  places: Place[];
  onSelect: (place: Place) => void;
}

/** Keeps the user and every place in view as the list changes. */
function FitToPlaces({ position, places }: Pick<PlacesMapProps, 'position' | 'places'>) {
  const map = useMap();
  const key = places.map((p) => p.place_id).join() + `@${position.latitude},${position.longitude}`;
  useEffect(() => {
    const bounds = latLngBounds([[position.latitude, position.longitude]]);
    for (const p of places) bounds.extend([p.latitude, p.longitude]);
    if (places.length) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 17 });
    else map.setView([position.latitude, position.longitude], 16);
  }, [map, key]); // `key` names what changed: a new array of the same places moves nothing
  return null;
}

export default function PlacesMap({ tiles, position, places, onSelect }: PlacesMapProps) {
  // Leaflet 1.9 makes markers focusable buttons but only a click opens them: Enter and Space do too.
  const choose = (e: LeafletKeyboardEvent, p: Place) => {
    if (e.originalEvent.key !== 'Enter' && e.originalEvent.key !== ' ') return;
    e.originalEvent.preventDefault();
    onSelect(p);
  };
  const icons = useMemo(
    () => ({
      place: divIcon({ className: 'places-map-marker', html: '<span class="places-map-pin"></span>', iconSize: [28, 28], iconAnchor: [14, 28] }),
      me: divIcon({ className: 'places-map-me', html: '<span class="places-map-dot"></span>', iconSize: [20, 20], iconAnchor: [10, 10] }),
    }),
    [],
  );
  return (
    <Box
      role="region"
      aria-label="Map of nearby places"
      sx={(theme) => ({
        height: { xs: 240, md: '100%' },
        minHeight: { md: 360 },
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        '& .leaflet-container': { height: '100%', width: '100%', bgcolor: 'action.hover', fontFamily: theme.typography.fontFamily },
        // Light tiles would glare on a dark page: the usual inverted, hue-kept rendering.
        '& .leaflet-tile-pane': theme.applyStyles('dark', { filter: 'invert(1) hue-rotate(180deg) brightness(0.9) contrast(0.9)' }),
        // Three classes: outranks Leaflet's own white `.leaflet-container .leaflet-control-attribution`.
        '& .leaflet-container .leaflet-control-attribution': { bgcolor: 'background.paper', color: 'text.secondary', fontSize: 11 },
        '& .leaflet-container .leaflet-control-attribution a': { color: 'primary.main' },
        '& .leaflet-bar a': { bgcolor: 'background.paper', color: 'text.primary', borderColor: 'divider' },
        '& .places-map-marker, & .places-map-me': { background: 'none', border: 0 },
        '& .places-map-pin': {
          display: 'block',
          width: 24,
          height: 24,
          m: '2px',
          borderRadius: '50% 50% 50% 0',
          transform: 'rotate(-45deg)',
          bgcolor: 'primary.main',
          border: '2px solid',
          borderColor: 'common.white',
          boxShadow: 2,
        },
        // The focus ring is the app's own (FocusRing: every [role="button"]); the pin darkens too.
        '& .places-map-marker:hover .places-map-pin, & .places-map-marker:focus-visible .places-map-pin': { bgcolor: 'primary.dark' },
        '& .places-map-marker:focus-visible': { borderRadius: '50%' },
        '& .places-map-dot': { display: 'block', width: 16, height: 16, m: '2px', borderRadius: '50%', bgcolor: 'info.main', border: '3px solid', borderColor: 'common.white', boxShadow: `0 0 0 6px rgba(${theme.vars?.palette.info.mainChannel} / 0.25)` },
      })}
    >
      <MapContainer center={[position.latitude, position.longitude]} zoom={16} scrollWheelZoom={false}>
        <TileLayer url={tiles.url} attribution={tiles.attribution ? attributionHtml(tiles.attribution) : undefined} subdomains="abc" maxZoom={19} />
        <Marker position={[position.latitude, position.longitude]} icon={icons.me} title="Your location" keyboard={false} interactive={false} />
        {places.map((p) => (
          <Marker key={p.place_id} position={[p.latitude, p.longitude]} icon={icons.place} title={p.name} alt={p.name} eventHandlers={{ click: () => onSelect(p), keypress: (e) => choose(e, p) }} />
        ))}
        <FitToPlaces position={position} places={places} />
      </MapContainer>
    </Box>
  );
}
