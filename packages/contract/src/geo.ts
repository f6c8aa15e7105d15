/** Distances on the earth, for the app's gift boxes (docs/behaviour.md §11): one formula for every side. */

/** The earth's mean radius in metres (IUGG). */
export const earthRadiusM = 6_371_008.8;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const radians = (deg: number) => (deg * Math.PI) / 180;

/**
 * The great-circle distance between two points in metres (haversine; a sphere, so within about
 * 0.5% of the ellipsoid's distance: plenty for "within 100 m of the box").
 */
export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusM * Math.asin(Math.min(1, Math.sqrt(h)));
}
