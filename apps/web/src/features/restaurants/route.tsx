import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { skipToken } from '@reduxjs/toolkit/query';
import { DEFAULT_NEARBY_RADIUS } from '@app/contracts/constants';
import type { Place } from '@app/contracts/places';
import { errorText } from '../../lib/errors';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDeleteLocationHistoryMutation, useMapConfigQuery, useNearbyPlacesQuery, useRecordLocationMutation } from './api';
import { geolocationError, placeSummary, tileSource } from './model';
import { PlaceDialog } from './place-dialog';
import { PageTitle } from '../../components/layout/page-title';

// Leaflet (~150 KB) loads with the first map drawn, never with the rest of the app.
const PlacesMap = lazy(() => import('./places-map'));
/** Build-time tile settings (native builds); the web build usually leaves them to the server (GET /places/map). */
const BUILD_TILES = { url: import.meta.env.VITE_MAP_TILE_URL as string | undefined, attribution: import.meta.env.VITE_MAP_ATTRIBUTION as string | undefined };

const RADII = [500, DEFAULT_NEARBY_RADIUS, 2000, 5000];
type Position = { latitude: number; longitude: number; accuracy?: number };

/**
 * /restaurants: asks for the location with an explanation, then lists nearby places by distance. With a
 * tile server configured (VITE_MAP_TILE_URL at build, else MAP_TILE_URL at server start) a map beside
 * the list shows the user and the places; without one the list works alone.
 */
export function Component() {
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);
  const [radius, setRadius] = useState(DEFAULT_NEARBY_RADIUS);
  const [openNow, setOpenNow] = useState(false);
  const [keyword, setKeyword] = useState('');
  // The keyword reaches the server once typing pauses, not on every key.
  const debouncedKeyword = useDebouncedValue(keyword.trim(), 400);
  const [selected, setSelected] = useState<Place | null>(null);
  const [recordLocation] = useRecordLocationMutation();
  const [deleteHistory, deleted] = useDeleteLocationHistoryMutation();

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) return setGeoError(geolocationError('unsupported'));
    setLocating(true);
    setGeoError(null);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const pos = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
        setPosition(pos);
        setLocating(false);
        void recordLocation(pos);
      },
      (err) => {
        setGeoError(geolocationError(err.code));
        setLocating(false);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, [recordLocation]);

  // Permission given before: no need to ask again, find the places straight away.
  useEffect(() => {
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => s.state === 'granted' && locate())
      .catch(() => undefined);
  }, [locate]);

  const nearby = useNearbyPlacesQuery(position ? { latitude: Math.round(position.latitude * 1e5) / 1e5, longitude: Math.round(position.longitude * 1e5) / 1e5, radius, opennow: openNow, keyword: debouncedKeyword || undefined } : skipToken);
  const places = nearby.data?.places ?? [];
  const serverMap = useMapConfigQuery(BUILD_TILES.url || !position ? skipToken : undefined);
  const tiles = tileSource(BUILD_TILES, serverMap.data);
  const showMap = tiles !== null && nearby.data !== undefined;

  return (
    <Stack spacing={2} sx={{ maxWidth: showMap ? 1200 : 800 }}>
      <PageTitle>Restaurant Finder</PageTitle>
      {!position ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>Find food near you that fits your day</Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              To list restaurants, cafés and fast food around you, the app needs your location. Your browser will ask for permission.
              We use the position to search nearby places and keep it in your account for at most 30 days, so reminders can suggest food near you.
              Nobody else can see it, and you can delete it at any time.
            </Typography>
            <Button variant="contained" startIcon={locating ? <CircularProgress size={18} color="inherit" /> : <MyLocationIcon />} onClick={locate} disabled={locating}>
              {locating ? 'Finding your location…' : 'Use my location'}
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {geoError ? <Alert severity="warning">{geoError}</Alert> : null}

      {position ? (
        <>
          <Box sx={{ display: 'grid', gap: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 140px auto auto' } }}>
            <TextField label="Cuisine or name" value={keyword} onChange={(e) => setKeyword(e.target.value)} size="small" fullWidth />
            <TextField select label="Distance" value={radius} onChange={(e) => setRadius(Number(e.target.value))} size="small" fullWidth>
              {RADII.map((r) => <MenuItem key={r} value={r}>{r < 1000 ? `${r} m` : `${r / 1000} km`}</MenuItem>)}
            </TextField>
            <FormControlLabel control={<Switch checked={openNow} onChange={(e) => setOpenNow(e.target.checked)} />} label="Open now" sx={{ whiteSpace: 'nowrap' }} />
            <Button variant="text" startIcon={<MyLocationIcon />} onClick={locate} disabled={locating} sx={{ whiteSpace: 'nowrap', justifySelf: { xs: 'start', sm: 'auto' } }}>Update location</Button>
          </Box>
          {nearby.error ? <Alert severity="error">{errorText(nearby.error) || 'Failed to load nearby places'}</Alert> : null}
          {nearby.isFetching && !nearby.data ? <Stack sx={{ alignItems: 'center', py: 3 }}><CircularProgress aria-label="Loading nearby places" /></Stack> : null}
          {nearby.data && !places.length ? <Typography color="text.secondary">No places found nearby. Try a larger distance{openNow ? ' or turn off "Open now"' : ''}.</Typography> : null}
          {/* The list first (the primary UI, and first to screen readers); on phones the map shows above it. */}
          <Box sx={showMap ? { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gridTemplateAreas: { xs: '"map" "list"', md: '"list map"' }, alignItems: 'stretch' } : undefined}>
            {places.length ? (
              <List aria-label="Nearby places" sx={{ gridArea: 'list', bgcolor: 'background.paper', borderRadius: 2, alignSelf: 'start', py: 0 }}>
                {places.map((p) => (
                  <li key={p.place_id}>
                    <ListItemButton onClick={() => setSelected(p)} divider>
                      <ListItemText primary={p.name} secondary={[placeSummary(p), p.address].filter(Boolean).join(' — ')} />
                    </ListItemButton>
                  </li>
                ))}
              </List>
            ) : null}
            {showMap ? (
              <Box sx={{ gridArea: 'map', minWidth: 0, position: { md: 'sticky' }, top: { md: 80 }, height: { md: 'min(560px, calc(100vh - 120px))' } }}>
                <Suspense fallback={<Box sx={{ height: '100%', minHeight: 240, borderRadius: 2, bgcolor: 'action.hover' }} />}>
                  <PlacesMap tiles={tiles} position={position} places={places} onSelect={setSelected} />
                </Suspense>
              </Box>
            ) : null}
          </Box>
          {nearby.data ? <Typography variant="caption" color="text.secondary">Place data {nearby.data.attribution}</Typography> : null}
          <Box>
            <Button size="small" color="inherit" onClick={() => void deleteHistory()} disabled={deleted.isLoading}>Delete my location history</Button>
            {deleted.isSuccess ? <Typography variant="body2" role="status" component="span" sx={{ ml: 1 }}>Location history deleted.</Typography> : null}
          </Box>
        </>
      ) : null}
      {selected ? <PlaceDialog place={selected} onClose={() => setSelected(null)} /> : null}
    </Stack>
  );
}
