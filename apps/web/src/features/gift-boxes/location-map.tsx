import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapConfig } from '@strideadmin/contract';

export interface LocationMapProps {
  /** Tiles, attribution, zoom and centre from GET /config/map (never from the bundle). */
  config: MapConfig;
  /** The chosen point (a click, or typed coordinates), or null. */
  position: { lat: number; lng: number } | null;
  /** A click (or Enter on the focused map: its centre) chose this point. */
  onPick: (lat: number, lng: number) => void;
  /** A tile failed to load (no network, a wrong URL, a refused key); the map keeps working as a picker. */
  onTilesUnavailable: () => void;
  /** The map's accessible name. */
  label: string;
  /** The id of the text that explains how to use the map. */
  describedBy?: string;
}

/**
 * The point picker of /add-box-manual: a Leaflet map (loaded only on this screen) with one marker
 * drawn as a vector circle, so no image asset is needed. Keyboard: arrows pan, +/- zoom (Leaflet),
 * Enter places the box at the centre; the coordinates can also be typed in the form.
 */
export default function LocationMap({
  config,
  position,
  onPick,
  onTilesUnavailable,
  label,
  describedBy,
}: LocationMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.CircleMarker | null>(null);
  // The latest callbacks, so the map is not rebuilt when a parent re-renders with new functions.
  const onPickRef = useRef(onPick);
  const onTilesRef = useRef(onTilesUnavailable);
  useEffect(() => {
    onPickRef.current = onPick;
    onTilesRef.current = onTilesUnavailable;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: config.center,
      zoom: config.zoom,
      maxZoom: config.maxZoom,
      keyboard: true,
      worldCopyJump: true,
    });
    L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: config.maxZoom })
      .on('tileerror', () => onTilesRef.current())
      .addTo(map);
    const pick = (at: L.LatLng) => {
      const p = at.wrap(); // a world copy's longitude, back into -180..180
      onPickRef.current(p.lat, p.lng);
    };
    map.on('click', (e: L.LeafletMouseEvent) => pick(e.latlng));
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== container || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      pick(map.getCenter());
    };
    container.addEventListener('keydown', onKey);
    mapRef.current = map;
    return () => {
      container.removeEventListener('keydown', onKey);
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [config]);

  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (lat === undefined || lng === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at = L.latLng(lat, lng);
    if (markerRef.current) markerRef.current.setLatLng(at);
    else
      markerRef.current = L.circleMarker(at, {
        radius: 9,
        weight: 3,
        color: '#ffffff',
        fillColor: '#4f46e5', // indigo-600, the portal's accent
        fillOpacity: 1,
        interactive: false, // a click on the marker is a click on the map
      }).addTo(map);
    // Typed coordinates elsewhere in the world: bring them into view (once the map has a size).
    if (map.getSize().x > 0 && !map.getBounds().contains(at)) map.panTo(at);
  }, [lat, lng, config]);

  return (
    <div
      ref={containerRef}
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="location-map"
      // isolate: Leaflet's panes and controls (z-index up to 1000) stay below dropdowns and dialogs.
      className="isolate h-80 w-full cursor-crosshair! rounded-lg border border-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:h-96 dark:border-slate-700 dark:bg-slate-800!"
    />
  );
}
