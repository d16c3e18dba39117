/**
 * The Leaflet map of the address and pickup popups (react-leaflet). Browser-only: imported by the lazily
 * loaded popups, never during server rendering.
 */
import 'leaflet/dist/leaflet.css';
import { MAP_DEFAULT_ZOOM, PIN_HEIGHT_PX, PIN_WIDTH_PX } from '@core/rules/map';
import L, { type Map as LeafletMap } from 'leaflet';
import { type ReactNode, type Ref, useEffect } from 'react';
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';

export const ZOOM_IN_LABEL = 'Приблизить';
export const ZOOM_OUT_LABEL = 'Отдалить';

/** SPEC §9: a 32×40 pin, drawn inline (no image request, nothing for the CSP to block). */
export function pinIcon(color = '#147a3c'): L.DivIcon {
  return L.divIcon({
    className: '',
    iconSize: [PIN_WIDTH_PX, PIN_HEIGHT_PX],
    iconAnchor: [PIN_WIDTH_PX / 2, PIN_HEIGHT_PX],
    html:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${PIN_WIDTH_PX}" height="${PIN_HEIGHT_PX}" viewBox="0 0 32 40" aria-hidden="true">` +
      `<path d="M16 0C7.2 0 0 7 0 15.7 0 27.4 16 40 16 40s16-12.6 16-24.3C32 7 24.8 0 16 0z" fill="${color}"/>` +
      '<circle cx="16" cy="15.5" r="6.5" fill="#fff"/></svg>',
  });
}

function Recenter({ latitude, longitude, zoom }: { latitude: number; longitude: number; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([latitude, longitude], zoom);
  }, [map, latitude, longitude, zoom]);
  return null;
}

/** `{z}/{x}/{y}` tiles from MAP_TILE_URL; children add layers (zones, pins). */
export function MapView({
  center,
  zoom = MAP_DEFAULT_ZOOM,
  tileUrl,
  label,
  mapRef,
  children,
}: {
  center: { latitude: number; longitude: number };
  zoom?: number;
  tileUrl: string;
  label: string;
  mapRef?: Ref<LeafletMap>;
  children?: ReactNode;
}) {
  return (
    <div role="application" aria-label={label} className="overflow-hidden rounded-2xl border border-line">
      <MapContainer
        ref={mapRef}
        center={[center.latitude, center.longitude]}
        zoom={zoom}
        scrollWheelZoom
        zoomControl={false}
        className="h-[min(52dvh,420px)] w-full bg-surface"
      >
        {/* Leaflet's own zoom buttons are named in English ('Zoom in'): their title is their name. */}
        <ZoomControl position="topleft" zoomInTitle={ZOOM_IN_LABEL} zoomOutTitle={ZOOM_OUT_LABEL} />
        <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />
        <Recenter latitude={center.latitude} longitude={center.longitude} zoom={zoom} />
        {children}
      </MapContainer>
    </div>
  );
}
